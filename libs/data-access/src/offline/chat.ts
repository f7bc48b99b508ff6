import {
  ChatMessageSchema,
  messageTime,
  type ChatMessage,
  type DeliveryState,
} from '@pando/domain';
import { emptyConversation, type ChatSnapshot, type ConversationState } from '../chat/snapshot';
import type { OfflineCopy } from './OfflineCopy';
import { CHAT } from './sealedRecord';

export { CHAT } from './sealedRecord';
/** Issue 37: the last 30 conversations are readable offline… */
export const KEPT_CONVERSATIONS = 30;
/** …each with its most recent messages (what the person has seen of it). */
export const KEPT_MESSAGES = 50;

interface KeptConversation {
  address: string;
  type: ChatMessage['type'];
  messages: ChatMessage[];
  lastMessage?: ChatMessage;
}

/** What the copy keeps of the chat: recent history, the inbox's counts and our ticks. */
export interface ChatCopy {
  conversations: KeptConversation[];
  unread: Record<string, number>;
  delivery: Record<string, DeliveryState>;
}

/**
 * Ticks the copy keeps: where the server has the message. "queued" and "sending" belong to the
 * durable outbox, which restores them itself; a copy's "queued" could outlive the message's send.
 */
const SETTLED = new Set<string>([
  'stored',
  'received',
  'displayed',
  'failed',
] satisfies DeliveryState[]);

function lastTime(c: ConversationState): number {
  const last = c.messages.at(-1) ?? c.lastMessage;
  return last ? messageTime(last) : 0;
}

/** The part of a snapshot the copy keeps: the 30 most recent conversations, 50 messages each. */
export function chatCopyOf(snapshot: ChatSnapshot): ChatCopy {
  const recent = Object.values(snapshot.conversations)
    .filter((c) => c.messages.length > 0 || c.lastMessage)
    .sort((a, b) => lastTime(b) - lastTime(a))
    .slice(0, KEPT_CONVERSATIONS);
  const conversations = recent.map((c): KeptConversation => ({
    address: c.address,
    type: c.type,
    messages: c.messages.slice(-KEPT_MESSAGES),
    ...(c.lastMessage ? { lastMessage: c.lastMessage } : {}),
  }));
  const kept = new Set(conversations.flatMap((c) => c.messages.map((m) => m.id)));
  const delivery: Record<string, DeliveryState> = {};
  for (const [id, state] of Object.entries(snapshot.delivery))
    if (kept.has(id) && SETTLED.has(state)) delivery[id] = state;
  const unread: Record<string, number> = {};
  for (const c of conversations) {
    const n = snapshot.unread[c.address];
    if (n) unread[c.address] = n;
  }
  return { conversations, unread, delivery };
}

function messagesOf(value: unknown): ChatMessage[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((m) => {
    const parsed = ChatMessageSchema.safeParse(m);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The snapshot's start from a copy: the conversations with their kept messages, shown at once
 * and merged with the archive's pages when the session starts (loading starts from the
 * beginning, so the newest page is asked for as usual). Anything that does not parse (an older
 * format) is left out, never shown half.
 */
export function restoredChat(
  copy: unknown,
): Pick<ChatSnapshot, 'conversations' | 'unread' | 'delivery'> | undefined {
  if (!copy || typeof copy !== 'object') return undefined;
  // What the copy held is read as untrusted input: an older format parses to what it can.
  const c = copy as { conversations?: unknown; unread?: unknown; delivery?: unknown };
  if (!Array.isArray(c.conversations)) return undefined;
  const conversations: Record<string, ConversationState> = {};
  for (const item of c.conversations as unknown[]) {
    const kept = (item ?? {}) as Partial<Record<keyof KeptConversation, unknown>>;
    if (typeof kept.address !== 'string' || (kept.type !== 'chat' && kept.type !== 'groupchat'))
      continue;
    const last = kept.lastMessage ? messagesOf([kept.lastMessage])[0] : undefined;
    conversations[kept.address] = {
      ...emptyConversation(kept.address, kept.type),
      messages: messagesOf(kept.messages),
      ...(last ? { lastMessage: last } : {}),
    };
  }
  const unread: Record<string, number> = {};
  for (const [address, n] of Object.entries((c.unread ?? {}) as Record<string, unknown>))
    if (conversations[address] && typeof n === 'number' && Number.isInteger(n) && n > 0)
      unread[address] = n;
  const delivery: Record<string, DeliveryState> = {};
  for (const [id, state] of Object.entries((c.delivery ?? {}) as Record<string, unknown>))
    if (typeof state === 'string' && SETTLED.has(state)) delivery[id] = state as DeliveryState;
  return { conversations, unread, delivery };
}

/** Minimal view of the chat store the copy reads. */
interface ChatSource {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ChatSnapshot;
}

/**
 * Keeps the copy's chat record up to date: at most every quarter second while messages arrive
 * (the projection sorts every conversation), and once more when the page is hidden or left. Soon
 * after a change, not only at the page's end: sealing is asynchronous, and a page being left may
 * not live long enough to store it.
 */
export function persistChat(store: ChatSource, copy: OfflineCopy, everyMs = 250): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    copy.write(CHAT, chatCopyOf(store.getSnapshot()));
  };
  const unsubscribe = store.subscribe(() => {
    timer ??= setTimeout(save, everyMs);
  });
  const onHide = () => {
    if (timer === undefined) return;
    save();
    void copy.flush();
  };
  window.addEventListener('pagehide', onHide);
  document.addEventListener('visibilitychange', onHide);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', onHide);
    document.removeEventListener('visibilitychange', onHide);
    if (timer !== undefined) save();
  };
}
