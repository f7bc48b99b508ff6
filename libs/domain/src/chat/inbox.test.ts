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
    expect(
      unreadTransition(
        { r: 3 },
        {
          type: 'INBOX_LOADED',
          entries: [{ address: 's', unread: 2, lastMessageId: 'm' }],
          during: {},
        },
      ),
    ).toEqual({ s: 2 });
  });

  describe('messages that arrive while the inbox query is in flight', () => {
    const loaded = (
      entries: { address: string; unread: number; lastMessageId: string | null }[],
      during: Record<string, { reset: boolean; ids: string[] }>,
    ) => unreadTransition({}, { type: 'INBOX_LOADED', entries, during });

    it('a live message the answer did not count yet is added to its count', () => {
      // The answer's snapshot was taken before m2 was stored: it knows m1 only.
      expect(
        loaded([{ address: 'r', unread: 1, lastMessageId: 'm1' }], {
          r: { reset: false, ids: ['m2'] },
        }),
      ).toEqual({ r: 2 });
      // A conversation the answer does not know yet (its first message arrived live).
      expect(loaded([], { r: { reset: false, ids: ['m1'] } })).toEqual({ r: 1 });
    });

    it('a live message the answer counted already is not counted twice', () => {
      expect(
        loaded([{ address: 'r', unread: 2, lastMessageId: 'm2' }], {
          r: { reset: false, ids: ['m2'] },
        }),
      ).toEqual({ r: 2 });
      expect(
        loaded([{ address: 'r', unread: 3, lastMessageId: 'm2' }], {
          r: { reset: false, ids: ['m1', 'm2', 'm3'] },
        }),
      ).toEqual({ r: 4 });
    });

    it('after a reset in the window (our own send, a displayed marker) only the later messages count', () => {
      expect(
        loaded([{ address: 'r', unread: 5, lastMessageId: 'm5' }], {
          r: { reset: true, ids: ['m6'] },
        }),
      ).toEqual({ r: 1 });
      expect(
        loaded([{ address: 'r', unread: 5, lastMessageId: 'm5' }], { r: { reset: true, ids: [] } }),
      ).toEqual({ r: 0 });
    });
  });
});
