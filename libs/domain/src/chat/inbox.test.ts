import { describe, expect, it } from 'vitest';
import { unreadTransition } from './inbox';

describe('unread counts', () => {
  it('incoming from others adds one; incoming from myself (carbons) resets', () => {
    let c = unreadTransition(
      {},
      { type: 'INCOMING', address: 'r', fromSelf: false, messageId: 'a' },
    );
    c = unreadTransition(c, { type: 'INCOMING', address: 'r', fromSelf: false, messageId: 'b' });
    expect(c).toEqual({ r: 2 });
    expect(
      unreadTransition(c, { type: 'INCOMING', address: 'r', fromSelf: true, messageId: 'c' }),
    ).toEqual({ r: 0 });
  });

  it("a displayed marker whose id is the last message's id resets the count", () => {
    const c = { r: 3 };
    expect(
      unreadTransition(c, { type: 'DISPLAYED', address: 'r', markerId: 'x', lastMessageId: 'y' }),
    ).toBe(c);
    expect(
      unreadTransition(c, { type: 'DISPLAYED', address: 'r', markerId: 'y', lastMessageId: 'y' }),
    ).toEqual({ r: 0 });
  });

  it("sending resets the sender's own count; the inbox replaces all counts", () => {
    expect(unreadTransition({ r: 3, s: 1 }, { type: 'SENT', address: 'r' })).toEqual({
      r: 0,
      s: 1,
    });
    expect(unreadTransition({ r: 3 }, { type: 'INBOX_LOADED', counts: { s: 2 } })).toEqual({
      s: 2,
    });
  });
});
