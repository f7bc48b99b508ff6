import { xml as rawXml } from '@xmpp/client';
import { describe, expect, it } from 'vitest';
import {
  NS,
  buildMamQuery,
  buildMessage,
  buildPresence,
  forwarded,
  isQueryResultFrom,
  newQueryId,
  parseMessage,
  stanzaIdOf,
} from './stanzas';
import type { XmlBuilder } from './xmppTypes';

const xml = rawXml as unknown as XmlBuilder;

describe('XMPP stanzas (MongooseIM dialect)', () => {
  it('availability travels as presence: AVAILABLE without <show>, UNAVAILABLE as dnd', () => {
    const available = buildPresence(xml, 'AVAILABLE');
    expect(available.name).toBe('presence');
    expect(available.attrs.type).toBeUndefined();
    expect(available.getChild('show')).toBeUndefined();
    expect(available.getChildText('status')).toBe('AVAILABLE');
    const busy = buildPresence(xml, 'UNAVAILABLE');
    expect(busy.attrs.type).toBeUndefined(); // still online: messages keep arriving
    expect(busy.getChildText('show')).toBe('dnd');
    expect(busy.getChildText('status')).toBe('UNAVAILABLE');
  });

  it('a sent message is markable and carries display names and the sender clock; it parses back', () => {
    const stanza = buildMessage(xml, {
      id: 'm1',
      to: 'bob@d',
      type: 'chat',
      subject: 'text/plain',
      body: 'Hello <b>&',
      displayNames: { sender: 'Alice', recipient: 'Bob' },
      sendTimestamp: Date.UTC(2026, 0, 1),
    });
    expect(stanza.getChild('markable', NS.markers)).toBeDefined();
    expect(stanza.getChildText('sendTimestamp', NS.pando)).toBe(String(Date.UTC(2026, 0, 1)));
    stanza.attrs.from = 'alice@d/web';
    stanza.children.push(xml('sent', { xmlns: NS.pando, timestamp: '2026-01-01T00:00:01.000Z' }));
    expect(parseMessage(stanza)).toEqual({
      id: 'm1',
      from: 'alice@d/web',
      to: 'bob@d',
      type: 'chat',
      body: 'Hello <b>&',
      subject: 'text/plain',
      sent: { timestamp: Date.UTC(2026, 0, 1, 0, 0, 1) },
      sendTimestamp: Date.UTC(2026, 0, 1),
      displayNames: { sender: 'Alice', recipient: 'Bob' },
      marker: { type: 'markable', id: 'm1' },
    });
  });

  it('falls back to the archive delay when the message has no server timestamp', () => {
    const inner = xml(
      'message',
      { id: 'a', from: 'bob@d/x', to: 'me@d', type: 'chat' },
      xml('body', {}, 'hi'),
    );
    const wrapper = xml(
      'result',
      { xmlns: NS.mam, id: '77' },
      xml(
        'forwarded',
        { xmlns: NS.forward },
        xml('delay', { xmlns: NS.delay, stamp: '2026-02-02T10:00:00Z' }),
        inner,
      ),
    );
    const fwd = forwarded(wrapper);
    expect(fwd && parseMessage(fwd.message, fwd.stamp)?.sent).toEqual({
      timestamp: Date.UTC(2026, 1, 2, 10),
    });
  });

  it('hostile input never reaches the store: no id, or an id too long for the schema, is dropped', () => {
    expect(parseMessage(xml('message', { from: 'x@d' }, xml('body', {}, 'no id')))).toBeNull();
    expect(
      parseMessage(
        xml('message', { id: 'x'.repeat(500), from: 'x@d', to: 'y@d' }, xml('body', {}, 'b')),
      ),
    ).toBeNull();
    expect(parseMessage(xml('presence', { id: 'p' }))).toBeNull();
  });

  it('reads markers that refer to another message', () => {
    const m = parseMessage(
      xml(
        'message',
        { id: 'mk', from: 'bob@d/w', to: 'me@d' },
        xml('displayed', { xmlns: NS.markers, id: 'm1' }),
      ),
    );
    expect(m?.marker).toEqual({ type: 'displayed', id: 'm1' });
  });

  it('trusts a stanza-id only from us or the room', () => {
    const s = xml(
      'message',
      { id: 'a' },
      xml('stanza-id', { xmlns: NS.sid, by: 'mallory@d', id: '1' }),
      xml('stanza-id', { xmlns: NS.sid, by: 'r@muclight.d', id: '42' }),
    );
    expect(stanzaIdOf(s, ['me@d', 'r@muclight.d'])).toBe('42');
    expect(stanzaIdOf(s, ['me@d'])).toBeUndefined();
  });

  it('MAM query: RSM backward page of 10 with `with` and `end` for a 1:1 archive; `to` for a room', () => {
    const q = buildMamQuery(
      xml,
      { with: 'bob@d', max: 10, before: '40', end: Date.UTC(2026, 0, 1) },
      'q1',
      false,
    );
    const fieldList =
      q.getChild('query', NS.mam)?.getChild('x', NS.dataForms)?.getChildren('field') ?? [];
    const fields = Object.fromEntries(
      fieldList.map((f) => [f.attrs.var ?? '', f.getChildText('value')]),
    );
    expect(fields).toEqual({ FORM_TYPE: NS.mam, with: 'bob@d', end: '2026-01-01T00:00:00.000Z' });
    const set = q.getChild('query', NS.mam)?.getChild('set', NS.rsm);
    expect(set?.getChildText('max')).toBe('10');
    expect(set?.getChildText('before')).toBe('40');
    const room = buildMamQuery(xml, { with: 'r@muclight.d', max: 10, before: '' }, 'q2', true);
    expect(room.attrs.to).toBe('r@muclight.d');
    expect(
      room.getChild('query', NS.mam)?.getChild('set', NS.rsm)?.getChild('before')?.text(),
    ).toBe('');
  });

  describe('MAM and inbox results are accepted only from who we asked', () => {
    const me = 'alice-uuid@pando.test';
    const room = 'ward7@muclight.pando.test';

    it('accepts results from our own bare JID (1:1 archive, inbox) or without a from', () => {
      expect(isQueryResultFrom(me, me, undefined)).toBe(true);
      expect(isQueryResultFrom('ALICE-UUID@pando.test', me, undefined)).toBe(true);
      expect(isQueryResultFrom(undefined, me, undefined)).toBe(true);
    });

    it('accepts a room archive result only from the queried room itself', () => {
      expect(isQueryResultFrom(room, me, room)).toBe(true);
      expect(isQueryResultFrom('other@muclight.pando.test', me, room)).toBe(false);
    });

    it('refuses a result forged by a room occupant, another user or one of our own resources', () => {
      expect(isQueryResultFrom(`${room}/mallory-uuid@pando.test`, me, room)).toBe(false);
      expect(isQueryResultFrom(`${room}/mallory-uuid@pando.test`, me, undefined)).toBe(false);
      expect(isQueryResultFrom('mallory-uuid@pando.test', me, undefined)).toBe(false);
      expect(isQueryResultFrom(`${me}/web-1234`, me, undefined)).toBe(false);
    });

    it('query ids are random, so nobody can guess the next one', () => {
      const ids = Array.from({ length: 50 }, () => newQueryId());
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    });
  });
});
