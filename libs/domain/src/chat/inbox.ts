/**
 * Unread counts per chat address (spec 01 §3 client state; ARCHITECTURE "Inbox"): an incoming
 * message from someone else adds one; a displayed marker whose id is the conversation's last
 * message resets it; sending resets the sender's own count.
 */
export type UnreadCounts = Readonly<Record<string, number>>;

export type InboxEvent =
  | { type: 'INCOMING'; address: string; fromSelf: boolean; messageId: string }
  | { type: 'DISPLAYED'; address: string; markerId: string; lastMessageId: string | null }
  | { type: 'SENT'; address: string }
  | { type: 'INBOX_LOADED'; counts: UnreadCounts };

export function unreadTransition(counts: UnreadCounts, event: InboxEvent): UnreadCounts {
  switch (event.type) {
    case 'INCOMING':
      if (event.fromSelf) return { ...counts, [event.address]: 0 };
      return { ...counts, [event.address]: (counts[event.address] ?? 0) + 1 };
    case 'DISPLAYED':
      return event.markerId === event.lastMessageId ? { ...counts, [event.address]: 0 } : counts;
    case 'SENT':
      return { ...counts, [event.address]: 0 };
    case 'INBOX_LOADED':
      return { ...event.counts };
  }
}
