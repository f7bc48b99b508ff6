import { describe, expect, it } from 'vitest';
import { buildTimeline, localDay, timelineWarnings, type MessageGroup } from './timeline';
import {
  ChatMessageSchema,
  dedupeById,
  isVisibleMessage,
  messageSender,
  messageTime,
  visibleMessages,
  type ChatMessage,
} from './message';
import { bareJid, isRoomJid, jidDomain, jidLocal, jidResource, roomJid, userJid } from './jid';

const T0 = Date.UTC(2026, 0, 10, 9, 0, 0);
const ROOM = 'ward7@muclight.pando.test';

function msg(
  id: string,
  sender: string,
  at: number,
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    id,
    from: `${ROOM}/${sender}@pando.test`,
    to: 'me@pando.test',
    body: `text ${id}`,
    subject: 'text/plain',
    sent: { timestamp: at },
    displayNames: { sender: sender.toUpperCase(), recipient: 'Ward 7' },
    type: 'groupchat',
    ...extra,
  };
}

describe('chat message', () => {
  it('parses the stanza shape and names a bad field', () => {
    expect(ChatMessageSchema.parse(msg('a', 'alice', T0)).id).toBe('a');
    const r = ChatMessageSchema.safeParse({ ...msg('a', 'alice', T0), type: 'headline' });
    expect(r.error?.issues[0]?.path).toEqual(['type']);
  });

  it('only messages with a body and displayNames are shown', () => {
    expect(isVisibleMessage(msg('a', 'alice', T0))).toBe(true);
    expect(isVisibleMessage(msg('a', 'alice', T0, { body: '' }))).toBe(false);
    expect(
      isVisibleMessage({ body: undefined, displayNames: { sender: 'a', recipient: 'b' } }),
    ).toBe(false);
    expect(isVisibleMessage({ body: 'x' })).toBe(false);
  });

  it('deduplicates by id, keeping the first copy and the order', () => {
    const a = msg('a', 'alice', T0);
    const b = msg('b', 'bob', T0 + 1);
    const a2 = { ...a, historical: true };
    expect(dedupeById([a, b, a2])).toEqual([a, b]);
  });

  it('orders visible messages oldest first', () => {
    const late = msg('late', 'alice', T0 + 5000);
    const early = msg('early', 'alice', T0);
    const hidden = msg('hidden', 'bob', T0 + 1, { displayNames: undefined });
    expect(visibleMessages([late, hidden, early]).map((m) => m.id)).toEqual(['early', 'late']);
  });

  it('uses the server time, else the send time, else 0', () => {
    expect(messageTime({ sent: { timestamp: 5 }, sendTimestamp: 3 })).toBe(5);
    expect(messageTime({ sendTimestamp: 3 })).toBe(3);
    expect(messageTime({})).toBe(0);
  });

  it('finds the sender in a room (resource) and in a direct chat (bare from)', () => {
    expect(messageSender({ from: `${ROOM}/alice@pando.test`, type: 'groupchat' })).toBe(
      'alice@pando.test',
    );
    expect(messageSender({ from: ROOM, type: 'groupchat' })).toBe('');
    expect(messageSender({ from: 'bob@pando.test/web-1', type: 'chat' })).toBe('bob@pando.test');
    expect(messageSender({ from: 'bob@pando.test', type: 'chat' })).toBe('bob@pando.test');
  });
});

describe('timeline', () => {
  it('text messages from the same sender closer than 60 s are grouped', () => {
    const items = buildTimeline([
      msg('1', 'alice', T0),
      msg('2', 'alice', T0 + 59_999),
      msg('3', 'alice', T0 + 59_999 + 60_000),
      msg('4', 'bob', T0 + 59_999 + 60_001),
    ]);
    const groups = items.filter((i): i is MessageGroup => i.type === 'group');
    expect(groups.map((g) => g.messages.map((m) => m.message.id))).toEqual([
      ['1', '2'],
      ['3'],
      ['4'],
    ]);
    expect(groups[0]?.senderName).toBe('ALICE');
  });

  it('does not group non-text messages', () => {
    const image = msg('2', 'alice', T0 + 1000, { subject: 'image/jpeg', body: '5' });
    const items = buildTimeline([msg('1', 'alice', T0), image, msg('3', 'alice', T0 + 2000)]);
    expect(items.filter((i) => i.type === 'group')).toHaveLength(3);
  });

  it('puts a date separator before each new day, and a day change starts a new group', () => {
    const lateNight = Date.UTC(2026, 0, 10, 23, 59, 50);
    const items = buildTimeline([
      msg('1', 'alice', lateNight),
      msg('2', 'alice', lateNight + 20_000),
    ]);
    expect(items.map((i) => (i.type === 'date' ? i.day : i.messages.length))).toEqual([
      '2026-01-10',
      1,
      '2026-01-11',
      1,
    ]);
    expect(localDay(T0)).toBe('2026-01-10');
  });

  it('collects the warnings of malformed bodies for the logger', () => {
    const bad = msg('x', 'alice', T0, { subject: 'json/reply', body: '{' });
    const items = buildTimeline([bad, msg('y', 'bob', T0 + 1)]);
    expect(timelineWarnings(items)).toHaveLength(1);
  });
});

describe('JIDs', () => {
  it('builds and splits user and room addresses', () => {
    expect(userJid('u-1', 'pando.test')).toBe('u-1@pando.test');
    expect(roomJid('r1', 'pando.test')).toBe('r1@muclight.pando.test');
    expect(bareJid('a@b/c/d')).toBe('a@b');
    expect(jidLocal('a@b/c')).toBe('a');
    expect(jidLocal('b')).toBe('');
    expect(jidDomain('a@b.c/r')).toBe('b.c');
    expect(jidResource('a@b/c/d')).toBe('c/d');
    expect(jidResource('a@b')).toBe('');
    expect(isRoomJid('r1@muclight.pando.test')).toBe(true);
    expect(isRoomJid('u@pando.test')).toBe(false);
  });
});
