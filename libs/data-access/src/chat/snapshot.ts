import {
  INITIAL_MESSAGE_LOADING,
  isRoomJid,
  messageLoadingTransition,
  type ChatMessage,
  type ConnectionStatus,
  type DeliveryState,
  type MessageLoading,
  type MessageLoadingEvent,
  type UserStatus,
} from '@pando/domain';
import type { Clock } from './clock';
import type { ChatLogger, ChatNotice } from './environment';
import { mergeMessages, upgradeDelivery } from './messages';

export interface ConversationState {
  /** Bare JID of the other user or the room. */
  address: string;
  type: ChatMessage['type'];
  /** Visible messages, deduplicated by id, oldest first. */
  messages: readonly ChatMessage[];
  /** Message loading (spec 01 §4), the domain's state machine. */
  loading: MessageLoading;
  /** Last message as the inbox reported it (sidebar preview before history loads). */
  lastMessage?: ChatMessage;
}

export interface ChatSnapshot {
  /** False for `ChatStore.unavailable()`: the app runs without a chat (the panes say so). */
  available: boolean;
  /** Connection (spec 01 §4), the domain's machine: idle, connecting, online, disconnected, stopped. */
  connection: ConnectionStatus;
  /** When the next automatic reconnect happens (ms since epoch); null when none is scheduled. */
  reconnectAt: number | null;
  /** Spec 01 §3 "offline flag": the browser reports no network. */
  offline: boolean;
  conversations: Readonly<Record<string, ConversationState>>;
  /** Unread counts per chat address (inbox at session start, then live). */
  unread: Readonly<Record<string, number>>;
  /** The id of the last message we marked displayed, per address. */
  readMarkers: Readonly<Record<string, string>>;
  /** When the other user was last active (ms since epoch; `now` when online), null if unknown. */
  lastActive: Readonly<Record<string, number | null>>;
  /** The user-status index (AVAILABLE, UNAVAILABLE, UNKNOWN) fed by the status poll. */
  userStatus: Readonly<Record<string, UserStatus>>;
  /** Delivery state of each message we sent, by message id. */
  delivery: Readonly<Record<string, DeliveryState>>;
  /** Upload progress (0…1) of images being sent, by message id. */
  uploads: Readonly<Record<string, number>>;
  /** Ids in the outbox, in send order. */
  outbox: readonly string[];
  activeConversation: string | null;
}

/**
 * What every unit of the chat store shares: the one snapshot (only the store holds it; units
 * read it and hand it patches, and each patch is published to the subscribers) and the store's
 * services. Units get this plus the narrow part of the transport they use.
 */
export interface StoreCore {
  /** The signed-in user's bare JID. */
  readonly me: string;
  readonly clock: Clock;
  readonly logger: ChatLogger;
  snapshot(): ChatSnapshot;
  set(patch: Partial<ChatSnapshot>): void;
  notice(kind: ChatNotice['kind'], message: string): void;
  /** The session is up (connection `online`). */
  connected(): boolean;
}

/** A store's snapshot before anything happened: idle, nothing loaded, nothing queued. */
export function initialSnapshot(offline: boolean): ChatSnapshot {
  return {
    available: true,
    connection: { status: 'idle' },
    reconnectAt: null,
    offline,
    conversations: {},
    unread: {},
    readMarkers: {},
    lastActive: {},
    userStatus: {},
    delivery: {},
    uploads: {},
    outbox: [],
    activeConversation: null,
  };
}

export function emptyConversation(address: string, type: ChatMessage['type']): ConversationState {
  return { address, type, messages: [], loading: INITIAL_MESSAGE_LOADING };
}

/** The conversation as the snapshot holds it, or an empty one (not yet in the snapshot). */
export function conversationIn(state: ChatSnapshot, address: string): ConversationState {
  return (
    state.conversations[address] ??
    emptyConversation(address, isRoomJid(address) ? 'groupchat' : 'chat')
  );
}

function putConversation(core: StoreCore, conv: ConversationState): void {
  core.set({ conversations: { ...core.snapshot().conversations, [conv.address]: conv } });
}

/** Merges messages into a conversation (see `mergeMessages`); creates it when new. */
export function addMessages(
  core: StoreCore,
  address: string,
  type: ChatMessage['type'],
  messages: readonly ChatMessage[],
  older = false,
): void {
  const existing = core.snapshot().conversations[address];
  const conv = existing ?? emptyConversation(address, type);
  const merged = mergeMessages(conv.messages, messages, older);
  if (merged === conv.messages && existing) return;
  putConversation(core, { ...conv, messages: merged });
}

/** Applies a message-loading event (the domain's machine); returns the state before it. */
export function loadingEvent(
  core: StoreCore,
  address: string,
  event: MessageLoadingEvent,
): MessageLoading {
  const conv = conversationIn(core.snapshot(), address);
  const next = messageLoadingTransition(conv.loading, event);
  if (next !== conv.loading) putConversation(core, { ...conv, loading: next });
  return conv.loading;
}

/** Moves a message's delivery state forward (never back, see `upgradeDelivery`). */
export function setDelivery(core: StoreCore, id: string, next: DeliveryState): void {
  const delivery = core.snapshot().delivery;
  const current = delivery[id];
  const value = upgradeDelivery(current, next);
  if (value !== current) core.set({ delivery: { ...delivery, [id]: value } });
}
