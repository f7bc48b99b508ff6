import type { ChatMessage } from '@pando/domain';
import { describe, expect, it } from 'vitest';
import { conversationOf, deliveryAfterMarker, mergeMessages, upgradeDelivery } from './messages';

const me = 'me@d';
function msg(id: string, time: number, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    from: 'bob@d/web',
    to: me,
    type: 'chat',
    body: id,
    sent: { timestamp: time },
    displayNames: { sender: 'Bob', recipient: 'Me' },
    ...extra,
  };
}

describe('message lists (spec 01 §3)', () => {
  it('only messages with a body and displayNames are shown, deduplicated by id', () => {
    const noBody = msg('a', 1, { body: undefined });
    const noNames = msg('b', 2, { displayNames: undefined });
    const merged = mergeMessages([], [noBody, noNames, msg('c', 3), msg('c', 3)]);
    expect(merged.map((m) => m.id)).toEqual(['c']);
  });

  it('keeps oldest first and the first copy of a message', () => {
    const live = msg('x', 5, { body: 'live copy' });
    const merged = mergeMessages([live], [msg('w', 4), msg('x', 5, { body: 'archive copy' })]);
    expect(merged.map((m) => m.body)).toEqual(['w', 'live copy']);
  });

  it('the server copy of our own message supplies the archive time', () => {
    const optimistic = msg('o', 0, { sent: undefined, sendTimestamp: 10, from: me, to: 'bob@d' });
    const merged = mergeMessages([optimistic], [{ ...optimistic, sent: { timestamp: 12 } }]);
    expect(merged[0]?.sent?.timestamp).toBe(12);
  });

  it('returns the same array when nothing changes (stable snapshots for React)', () => {
    const list = mergeMessages([], [msg('a', 1)]);
    expect(mergeMessages(list, [msg('a', 1)])).toBe(list);
  });

  it('an older page with equal times goes before what we hold', () => {
    const held = [msg('5', 100), msg('6', 100)];
    expect(mergeMessages(held, [msg('3', 100), msg('4', 100)], true).map((m) => m.id)).toEqual([
      '3',
      '4',
      '5',
      '6',
    ]);
    expect(mergeMessages(held, [msg('7', 100)]).map((m) => m.id)).toEqual(['5', '6', '7']);
  });
});

describe('delivery states', () => {
  it('only move forward: queued → sending → stored → received → displayed', () => {
    expect(upgradeDelivery('displayed', 'stored')).toBe('displayed');
    expect(upgradeDelivery('stored', 'received')).toBe('received');
    expect(upgradeDelivery(undefined, 'queued')).toBe('queued');
  });

  it('failed only replaces an unsent state, and stays until a retry', () => {
    expect(upgradeDelivery('sending', 'failed')).toBe('failed');
    expect(upgradeDelivery('stored', 'failed')).toBe('stored');
    expect(upgradeDelivery('failed', 'stored')).toBe('failed');
  });
});

describe('conversationOf', () => {
  it('is the room for groupchat, the other party for chat', () => {
    expect(
      conversationOf({ from: 'r@muclight.d/bob@d', to: 'r@muclight.d', type: 'groupchat' }, me),
    ).toBe('r@muclight.d');
    expect(conversationOf({ from: 'bob@d/web', to: me, type: 'chat' }, me)).toBe('bob@d');
    expect(conversationOf({ from: `${me}/tab`, to: 'bob@d', type: 'chat' }, me)).toBe('bob@d');
  });
});

describe('delivery after a recipient\u2019s marker', () => {
  const mine = (id: string, time: number) => msg(id, time, { from: `${me}/web`, to: 'bob@d' });

  it('covers our earlier confirmed messages; the marked one counts as stored even before its ack', () => {
    const messages = [mine('m1', 1), mine('m2', 2), msg('b1', 3), mine('m3', 4), mine('m4', 5)];
    const delivery = { m1: 'stored', m2: 'sending', m3: 'sending', m4: 'sending' } as const;
    expect(deliveryAfterMarker(delivery, messages, me, { type: 'displayed', id: 'm3' })).toEqual({
      m1: 'displayed',
      m2: 'sending',
      m3: 'displayed',
      m4: 'sending',
    });
  });

  it('never moves a failed message or backwards; unchanged delivery is the same object', () => {
    const messages = [mine('m1', 1), mine('m2', 2)];
    const delivery = { m1: 'displayed', m2: 'failed' } as const;
    expect(deliveryAfterMarker(delivery, messages, me, { type: 'received', id: 'm2' })).toBe(
      delivery,
    );
  });
});
