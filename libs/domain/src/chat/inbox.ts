/**
 * Unread counts per chat address (spec 01 §3 client state; ARCHITECTURE "Inbox"): an incoming
 * message from someone else adds one; a displayed marker whose id is the conversation's last
 * message resets it; sending resets the sender's own count; the inbox query at session start
 * replaces them all, merged with what arrived while it was in flight.
 */
export type UnreadCounts = Readonly<Record<string, number>>;

export type InboxEvent =
  | { type: 'INCOMING'; address: string; fromSelf: boolean; messageId: string }
  | { type: 'DISPLAYED'; address: string; markerId: string; lastMessageId: string | null }
  | { type: 'SENT'; address: string }
  | { type: 'INBOX_LOADED'; entries: readonly InboxCount[]; during: InboxWindow };

/** One conversation of the inbox query's answer: its count and the last message it counted. */
export interface InboxCount {
  address: string;
  unread: number;
  lastMessageId: string | null;
}

/**
 * What happened live while the inbox query was in flight, per address: the ids of messages from
 * others in arrival order, after the last reset (our own send, a displayed marker) if any.
 */
export type InboxWindow = Readonly<Record<string, { reset: boolean; ids: readonly string[] }>>;

/**
 * The inbox answer is a snapshot taken at some moment during the query, so a live message may
 * have arrived before the answer without being counted in it (or counted and arrived already).
 * The server counts a prefix of each conversation's stream: messages up to its last message are
 * in its count, the live ones after it are not. A reset during the window makes the server's
 * count moot: only the messages after it are unread.
 */
function mergeInbox(entries: readonly InboxCount[], during: InboxWindow): UnreadCounts {
  const counts: Record<string, number> = {};
  for (const e of entries) counts[e.address] = e.unread;
  for (const [address, live] of Object.entries(during)) {
    if (live.reset) {
      counts[address] = live.ids.length;
      continue;
    }
    const entry = entries.find((e) => e.address === address);
    const counted = entry?.lastMessageId ? live.ids.indexOf(entry.lastMessageId) : -1;
    const after = counted >= 0 ? live.ids.length - 1 - counted : live.ids.length;
    if (entry || after > 0) counts[address] = (entry?.unread ?? 0) + after;
  }
  return counts;
}

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
      return mergeInbox(event.entries, event.during);
  }
}
