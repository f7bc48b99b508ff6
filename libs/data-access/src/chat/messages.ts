import {
  bareJid,
  isVisibleMessage,
  messageSender,
  messageTime,
  type ChatMessage,
  type DeliveryState,
} from '@pando/domain';

const RANK: Record<Exclude<DeliveryState, 'failed'>, number> = {
  queued: 0,
  sending: 1,
  stored: 2,
  received: 3,
  displayed: 4,
};

/**
 * Delivery only moves forward: a late ack never turns "displayed" back into "stored". The
 * exceptions are explicit: a dropped connection sends `sending` back to `queued` (see
 * `requeue`), and `failed` is left only by a retry.
 */
export function upgradeDelivery(
  current: DeliveryState | undefined,
  next: DeliveryState,
): DeliveryState {
  if (current === undefined) return next;
  if (next === 'failed') return current === 'queued' || current === 'sending' ? 'failed' : current;
  if (current === 'failed') return current;
  return RANK[next] > RANK[current] ? next : current;
}

/** The conversation a message belongs to, as a bare JID seen from `me`. */
export function conversationOf(
  message: Pick<ChatMessage, 'from' | 'to' | 'type'>,
  me: string,
): string {
  if (message.type === 'groupchat') return bareJid(message.from);
  const from = bareJid(message.from);
  return from === me ? bareJid(message.to) : from;
}

export function isOwnMessage(message: Pick<ChatMessage, 'from' | 'type'>, me: string): boolean {
  return messageSender(message) === me;
}

/**
 * Adds messages to a conversation's list: only visible ones (spec 01 §3), deduplicated by id,
 * oldest first. An existing copy wins, except that the server's copy of our own message
 * supplies the archive time the optimistic copy lacked. Sorting is by time and stable; messages
 * in the same millisecond (a burst through the server's group commit) keep archive order, which
 * is why an older page (`older`) goes in front of what we hold before sorting.
 */
export function mergeMessages(
  existing: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
  older = false,
): readonly ChatMessage[] {
  const visible = incoming.filter(isVisibleMessage);
  if (visible.length === 0) return existing;
  const index = new Map(existing.map((m, i) => [m.id, i]));
  const next = [...existing];
  let changed = false;
  for (const m of visible) {
    const at = index.get(m.id);
    if (at === undefined) {
      index.set(m.id, next.length);
      next.push(m);
      changed = true;
      continue;
    }
    const current = next[at];
    if (current && !current.sent && m.sent) {
      next[at] = { ...current, sent: m.sent, displayNames: m.displayNames ?? current.displayNames };
      changed = true;
    }
  }
  if (!changed) return existing;
  const ordered = older
    ? [...next.slice(existing.length), ...next.slice(0, existing.length)]
    : next;
  return ordered
    .map((m, i) => ({ m, i }))
    .sort((a, b) => messageTime(a.m) - messageTime(b.m) || a.i - b.i)
    .map(({ m }) => m);
}

/**
 * Delivery after someone else's `received`/`displayed` marker for message `id`: the marker
 * covers our earlier messages in the conversation too. The marked message itself is proven
 * stored, even if its ack has not arrived yet (the recipient's marker can overtake our
 * stream-management ack); earlier messages are only upgraded once the server has confirmed them.
 * Returns `delivery` itself when nothing changes.
 */
export function deliveryAfterMarker(
  delivery: Readonly<Record<string, DeliveryState>>,
  messages: readonly ChatMessage[],
  me: string,
  marker: { type: 'received' | 'displayed'; id: string },
): Readonly<Record<string, DeliveryState>> {
  const { id } = marker;
  const at = messages.findIndex((m) => m.id === id);
  const covered =
    at === -1
      ? [id]
      : messages
          .slice(0, at + 1)
          .filter((m) => isOwnMessage(m, me))
          .map((m) => m.id);
  let next: Record<string, DeliveryState> | null = null;
  for (const mid of covered) {
    const current = delivery[mid];
    const eligible =
      mid === id ? current !== 'failed' : current === 'stored' || current === 'received';
    if (!eligible) continue;
    const upgraded = upgradeDelivery(current, marker.type);
    if (upgraded !== current) {
      next ??= { ...delivery };
      next[mid] = upgraded;
    }
  }
  return next ?? delivery;
}
