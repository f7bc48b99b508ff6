import { z } from 'zod';
import { MARKER_TYPES, MAX_TEXT_BODY_LENGTH } from './constants';
import { lazySchema } from '../wire/lazySchema';

/**
 * A chat message as the client store holds it (spec 01 §3 "Chat message"). It is the XMPP stanza
 * reduced to what the product uses:
 *
 * - `from` / `to`: JIDs. In a room, `from` is `{room}/{sender bare JID}` (MUC Light).
 * - `sent.timestamp`: when the server archived it (ms since epoch), from the custom
 *   `<sent timestamp>` element or the MAM delay; `sendTimestamp`: the sender's clock (ms).
 * - `displayNames`: sender and recipient names carried in a custom element, so a message can be
 *   shown without a user lookup. Messages without them are not shown.
 * - `marker`: a chat marker (`urn:xmpp:chat-markers:0`) this stanza carries or refers to.
 * - `muclightAffiliations`: affiliation changes of a MUC Light room (membership messages).
 * - `historical`: true when it came from the archive (MAM) rather than live.
 */
export const ChatMessageSchema = lazySchema(() =>
  z.object({
    id: z.string().min(1).max(128),
    from: z.string().min(1),
    to: z.string().min(1),
    body: z.string().max(MAX_TEXT_BODY_LENGTH).optional(),
    subject: z.string().max(100).optional(),
    sent: z.object({ timestamp: z.number().nonnegative() }).optional(),
    sendTimestamp: z.number().nonnegative().optional(),
    displayNames: z.object({ sender: z.string(), recipient: z.string() }).optional(),
    marker: z.object({ type: z.enum(MARKER_TYPES), id: z.string() }).optional(),
    muclightAffiliations: z
      .array(z.object({ user: z.string(), affiliation: z.enum(['owner', 'member', 'none']) }))
      .optional(),
    type: z.enum(['chat', 'groupchat']),
    historical: z.boolean().optional(),
  }),
);
export type ChatMessage = z.infer<typeof ChatMessageSchema>;
export type MarkerType = (typeof MARKER_TYPES)[number];

/** When a message happened: the server's time if known, else the sender's, else 0. */
export function messageTime(message: Pick<ChatMessage, 'sent' | 'sendTimestamp'>): number {
  return message.sent?.timestamp ?? message.sendTimestamp ?? 0;
}

/**
 * Who sent it, as a bare JID. In a MUC Light room the sender is the resource of `from`
 * (`room@muclight.d/alice@d`); in a direct chat it is `from` without its resource.
 */
export function messageSender(message: Pick<ChatMessage, 'from' | 'type'>): string {
  const slash = message.from.indexOf('/');
  if (message.type === 'groupchat') return slash === -1 ? '' : message.from.slice(slash + 1);
  return slash === -1 ? message.from : message.from.slice(0, slash);
}

/** Spec 01 §3: only messages with a body and displayNames are shown. */
export function isVisibleMessage(message: Pick<ChatMessage, 'body' | 'displayNames'>): boolean {
  return typeof message.body === 'string' && message.body !== '' && message.displayNames != null;
}

/**
 * Spec 01 §3: messages are deduplicated by id. The first copy wins (a live message and its
 * archive copy are the same message; keeping the first keeps the list stable) and order is kept.
 */
export function dedupeById<T extends { id: string }>(messages: readonly T[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const m of messages) {
    if (seen.has(m.id)) continue;
    seen.add(m.id);
    out.push(m);
  }
  return out;
}

/** Visible, deduplicated, oldest first: what the message list renders. */
export function visibleMessages<T extends ChatMessage>(messages: readonly T[]): T[] {
  return dedupeById(messages.filter(isVisibleMessage)).sort(
    (a, b) => messageTime(a) - messageTime(b),
  );
}
