import {
  HISTORY_PAGE_SIZE,
  INITIAL_DISCONNECT_FLOOD,
  INITIAL_MESSAGE_LOADING,
  LOAD_MORE_DEBOUNCE_MS,
  MARKER_THROTTLE_MS,
  TEXTS,
  canSendText,
  composerText,
  connectionTransition,
  encodeMessageBody,
  formMessageText,
  isRoomJid,
  messageLoadingTransition,
  messageTime,
  noMoreMessagesNotice,
  recordDisconnect,
  throttleAllows,
  unreadTransition,
  type ChatMessage,
  type ConnectionEvent,
  type ConnectionStatus,
  type ConversationKind,
  type DisconnectFloodState,
  type InboxEvent,
  type MessageLoading,
  type MessageLoadingEvent,
  type OutgoingContent,
  type PatientCardShare,
  type DeliveryState,
  type UserStatus,
} from '@pando/domain';
import { systemClock, type Clock, type TimerHandle } from './clock';
import { ConnectionSupervisor } from './connection';
import { conversationOf, isOwnMessage, mergeMessages, upgradeDelivery } from './messages';
import { HistoryCursors } from './historyCursors';
import { LastActivityPoller } from './lastActivity';
import { readOutbox, type OutboxStorage } from './outbox';
import { ChatSendError, RichSends } from './richSends';
import { SendPacing } from './sendPacing';
import type {
  ChatTransport,
  HistoryPage,
  HistoryQuery,
  OutgoingMessage,
  PresenceAvailability,
  TransportEvent,
} from './types';

/**
 * How long a history (MAM) query may take before we give up on it. The spec only says "a
 * history timeout is logged quietly"; 20 s is well past a healthy answer (milliseconds) and
 * leaves the list usable: the loading state goes back and the next scroll retries.
 */
export const HISTORY_TIMEOUT_MS = 20_000;
/**
 * Page size of the forward catch-up after a reconnect. Not the spec's page of 10 (that is for
 * scrolling back): catching up on a busy ward's hour away should take a few round trips, not
 * dozens. 100 is our server's MAM maximum.
 */
const CATCH_UP_PAGE_SIZE = 100;

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

/** What the app tells the store about a conversation (from the teams and users REST lists). */
export interface ConversationMeta {
  address: string;
  kind: ConversationKind;
  /** Display name: the other user's name or the team's, used as `displayNames.recipient`. */
  name: string;
  /** REST id of the user, team/forum or advice conversation (image and file shares). */
  id?: number | string;
  /** Advice conversations: the advice team's id. */
  teamId?: number | string;
  /** Forums: whether the current user is a member (sending into a forum joins it). */
  isMember?: boolean;
}

export interface ChatNotice {
  kind: 'error' | 'warning' | 'info' | 'success';
  message: string;
}

/** The pluggable logger (spec 01 §8; ARCHITECTURE "the client logger forwards warn/error"). */
export interface ChatLogger {
  info(message: string, context?: Record<string, unknown>): void;
  warn(message: string, context?: Record<string, unknown>): void;
  error(message: string, context?: Record<string, unknown>): void;
}

/** Browser connectivity (navigator.onLine and the online/offline events), injected for tests. */
export interface NetworkStatus {
  isOnline(): boolean;
  subscribe(listener: (online: boolean) => void): () => void;
}

/** A file or image the user picked (a DOM `File` satisfies it). */
export type ChatFile = Blob & { readonly name: string };

/** The REST calls behind rich sends (spec 01 §7 "Images and files"), wired by the app. */
export interface ChatUploads {
  /** POST /images/chat → the new record's id. */
  createChatImage(): Promise<{ id: string | number }>;
  /** PUT /images/chat/{id}, reporting progress as a fraction 0…1 when the platform can. */
  uploadChatImage(
    id: string | number,
    image: ChatFile,
    onProgress: (fraction: number) => void,
  ): Promise<void>;
  /** POST /images/chat/{id}/share/{users|teams|advice-conversation}/{id}, access_type READ. */
  shareChatImage(id: string | number, conversation: ConversationMeta): Promise<void>;
  /** POST /files with the conversation's ids → the file id. */
  uploadFile(file: ChatFile, conversation: ConversationMeta): Promise<{ id: string | number }>;
}

export interface ChatStoreOptions {
  transport: ChatTransport;
  /** The signed-in user: bare JID (`{uuid}@{domain}`) and display name. */
  user: { jid: string; name: string };
  /** The durable outbox (localStorage in the app, memory in tests). */
  outboxStorage: OutboxStorage;
  clock?: Clock;
  /** Backoff jitter source; tests pass a constant. */
  random?: () => number;
  logger?: ChatLogger;
  notify?: (notice: ChatNotice) => void;
  network?: NetworkStatus;
  uploads?: ChatUploads;
  /** Adds the user to a forum they are not a member of (spec 01 §4: sending into a forum). */
  joinForum?: (conversation: ConversationMeta) => Promise<void>;
  createId?: () => string;
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

const consoleLogger: ChatLogger = {
  info: (m, c) => {
    console.info(m, c ?? '');
  },
  warn: (m, c) => {
    console.warn(m, c ?? '');
  },
  error: (m, c) => {
    console.error(m, c ?? '');
  },
};

const alwaysOnline: NetworkStatus = { isOnline: () => true, subscribe: () => () => undefined };

const notConnected = () => Promise.reject(new Error('no chat in this app'));
const UNAVAILABLE_TRANSPORT: ChatTransport = {
  jid: null,
  connect: notConnected,
  disconnect: () => Promise.resolve(),
  send: notConnected,
  sendMarker: notConnected,
  enableCarbons: notConnected,
  sendPresence: notConnected,
  fetchInbox: notConnected,
  fetchHistory: notConnected,
  lastActivity: notConnected,
  on: () => () => undefined,
};

/** `navigator.onLine` with the window's online/offline events; always online outside a browser. */
function browserNetworkStatus(): NetworkStatus {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return alwaysOnline;
  return {
    isOnline: () => navigator.onLine,
    subscribe: (listener) => {
      const on = () => {
        listener(true);
      };
      const off = () => {
        listener(false);
      };
      window.addEventListener('online', on);
      window.addEventListener('offline', off);
      return () => {
        window.removeEventListener('online', on);
        window.removeEventListener('offline', off);
      };
    },
  };
}

interface MarkerThrottle {
  lastSentAt: number | null;
  trailing: TimerHandle | null;
}

/**
 * The chat client's state, outside React (CONVENTIONS "Chat outside React"): a plain class with
 * `subscribe`/`getSnapshot`, read through `useSyncExternalStore`. It owns the connection
 * lifecycle, the durable outbox, history paging, markers, unread counts and last activity;
 * the transport only moves stanzas.
 */
export class ChatStore {
  private state: ChatSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly transport: ChatTransport;
  private readonly me: string;
  private readonly myName: string;
  private readonly storage: OutboxStorage;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly logger: ChatLogger;
  private readonly notifyFn: (notice: ChatNotice) => void;
  private readonly network: NetworkStatus;
  private readonly richSends: RichSends;
  private readonly createId: () => string;

  private outboxEntries: OutgoingMessage[];
  /** Ids written to the socket in the current session (a new session resends the rest). */
  private transmitted = new Set<string>();
  private pumping = false;
  private pumpTimer: TimerHandle | null = null;
  private readonly pacing = new SendPacing();
  private meta = new Map<string, ConversationMeta>();
  private readonly cursors = new HistoryCursors();
  private flood: DisconnectFloodState = INITIAL_DISCONNECT_FLOOD;
  private readonly supervisor: ConnectionSupervisor;
  private readonly lastActivity: LastActivityPoller;
  private loadMoreTimers = new Map<string, TimerHandle>();
  private markerThrottles = new Map<string, MarkerThrottle>();
  private visible = true;
  private availability: PresenceAvailability = 'AVAILABLE';
  private unsubscribers: (() => void)[] = [];

  constructor(options: ChatStoreOptions) {
    this.transport = options.transport;
    this.me = options.user.jid;
    this.myName = options.user.name;
    this.storage = options.outboxStorage;
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.logger = options.logger ?? consoleLogger;
    this.notifyFn = options.notify ?? (() => undefined);
    this.network = options.network ?? browserNetworkStatus();
    this.createId = options.createId ?? (() => globalThis.crypto.randomUUID());
    this.richSends = new RichSends(
      {
        meta: (address) => this.metaOf(address),
        markMember: (address) => {
          const meta = this.meta.get(address);
          if (meta) this.meta.set(address, { ...meta, isMember: true });
        },
        enqueue: (address, content, id) => this.enqueue(address, content, id),
        setUploadProgress: (id, fraction) => {
          const { [id]: _done, ...rest } = this.state.uploads;
          this.set({ uploads: fraction === null ? rest : { ...rest, [id]: fraction } });
        },
        notice: (kind, message) => {
          this.notice(kind, message);
        },
        logger: this.logger,
        createId: () => this.createId(),
      },
      options.uploads,
      options.joinForum,
    );
    this.lastActivity = new LastActivityPoller(
      this.transport,
      this.clock,
      (address, at) => {
        this.set({ lastActive: { ...this.state.lastActive, [address]: at } });
      },
      (address, reason) => {
        this.logger.info('last activity unavailable', { address, reason });
      },
    );
    this.supervisor = new ConnectionSupervisor({
      clock: this.clock,
      random: this.random,
      logger: this.logger,
      transport: this.transport,
      connection: () => this.state.connection,
      offline: () => this.state.offline,
      transition: (event) => {
        this.transition(event);
      },
      setReconnectAt: (at) => {
        if (this.state.reconnectAt !== at) this.set({ reconnectAt: at });
      },
      sessionStarted: () => this.onSessionStarted(),
    });

    const { entries, dropped } = readOutbox(this.storage);
    if (dropped > 0) this.logger.warn('chat outbox: unreadable entries dropped', { dropped });
    this.outboxEntries = entries;

    const conversations: Record<string, ConversationState> = {};
    const delivery: Record<string, DeliveryState> = {};
    for (const e of entries) {
      const conv = conversations[e.to] ?? emptyConversation(e.to, e.type);
      conversations[e.to] = {
        ...conv,
        messages: mergeMessages(conv.messages, [this.toMessage(e)]),
      };
      delivery[e.id] = 'queued';
    }
    this.state = {
      available: true,
      connection: { status: 'idle' },
      reconnectAt: null,
      offline: !this.network.isOnline(),
      conversations,
      unread: {},
      readMarkers: {},
      lastActive: {},
      userStatus: {},
      delivery,
      uploads: {},
      outbox: entries.map((e) => e.id),
      activeConversation: null,
    };
  }

  /**
   * "No chat" as a store: the stories without a signed-in user, an app without a chat adapter,
   * the shell after the chat crashed. It never connects; its snapshot has `available: false` and
   * a stopped connection, and every send is refused with the "agent has disconnected" notice.
   */
  static unavailable(): ChatStore {
    const store = new ChatStore({
      transport: UNAVAILABLE_TRANSPORT,
      user: { jid: '', name: '' },
      outboxStorage: { load: () => [], save: () => undefined },
      network: alwaysOnline,
    });
    store.state = { ...store.state, available: false, connection: { status: 'stopped' } };
    return store;
  }

  // ---- external store --------------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ChatSnapshot => this.state;

  private set(patch: Partial<ChatSnapshot>): void {
    this.state = { ...this.state, ...patch };
    for (const l of [...this.listeners]) l();
  }

  private notice(kind: ChatNotice['kind'], message: string): void {
    this.notifyFn({ kind, message });
  }

  // ---- lifecycle -------------------------------------------------------------------------

  /** Starts connecting (and keeps reconnecting) until `stop()`. */
  start(): void {
    if (this.state.connection.status !== 'idle') return;
    this.unsubscribers.push(this.transport.on(this.onTransportEvent));
    this.unsubscribers.push(this.network.subscribe(this.onNetworkChange));
    if (this.state.offline) {
      this.transition({ type: 'CONNECT' });
      this.transition({ type: 'DISCONNECTED', reason: 'offline' });
      return;
    }
    void this.connect();
  }

  /** Ends the session for good (logout, unmount). The outbox stays on disk for the next start. */
  async stop(): Promise<void> {
    this.transition({ type: 'STOP' });
    this.set({ reconnectAt: null });
    this.supervisor.stop();
    this.lastActivity.stop();
    if (this.pumpTimer !== null) this.clock.clearTimeout(this.pumpTimer);
    for (const t of this.loadMoreTimers.values()) this.clock.clearTimeout(t);
    for (const m of this.markerThrottles.values())
      if (m.trailing !== null) this.clock.clearTimeout(m.trailing);
    this.loadMoreTimers.clear();
    this.markerThrottles.clear();
    this.pumpTimer = null;
    for (const u of this.unsubscribers.splice(0)) u();
    await this.transport.disconnect();
  }

  private transition(event: ConnectionEvent): void {
    const next = connectionTransition(this.state.connection, event);
    if (next !== this.state.connection) this.set({ connection: next });
  }

  private get connected(): boolean {
    return this.state.connection.status === 'online';
  }

  private connect(): Promise<void> {
    return this.supervisor.connect();
  }

  /**
   * Spec 01 §4: once the session starts, carbons are enabled, presence is sent and the inbox
   * requested; then the outbox is resent in order and open conversations catch up.
   */
  private async onSessionStarted(): Promise<void> {
    const seq = this.supervisor.session;
    const stillOurs = () => this.supervisor.isCurrent(seq) && this.connected;
    try {
      await this.transport.enableCarbons();
      await this.transport.sendPresence(this.availability);
      if (!stillOurs()) return;
      void this.pump();
      await this.refreshInbox();
      if (!stillOurs()) return;
      await this.catchUp();
      if (!stillOurs()) return;
      const active = this.state.activeConversation;
      if (active) {
        this.startLastActivity();
        if (this.isReading(active)) this.markDisplayedSoon(active);
      }
    } catch (err) {
      // The session died while starting; the `disconnected` event schedules the retry.
      this.logger.info('chat session start interrupted', { reason: errorText(err) });
    }
  }

  private onNetworkChange = (online: boolean): void => {
    if (online === !this.state.offline) return;
    this.set({ offline: !online });
    if (!online) {
      this.notice('warning', TEXTS.offline);
      this.supervisor.cancelReconnect();
      if (this.state.reconnectAt !== null) this.set({ reconnectAt: null });
      return;
    }
    this.notice('success', TEXTS.backOnline);
    if (this.state.connection.status === 'disconnected') void this.connect();
  };

  private onDisconnected(reason: string): void {
    if (!this.connected) return;
    this.supervisor.invalidate();
    this.transmitted = new Set();
    const flood = recordDisconnect(this.flood, this.clock.now());
    this.flood = flood.state;
    if (flood.report) this.logger.error(TEXTS.unstableConnection, { reason });
    this.lastActivity.stop();
    // What was on the wire but not acknowledged goes back to the queue and is resent, with the
    // same id, by the next session.
    const delivery = { ...this.state.delivery };
    for (const id of this.state.outbox) if (delivery[id] === 'sending') delivery[id] = 'queued';
    this.set({ delivery });
    this.supervisor.disconnected(reason);
  }

  // ---- transport events ------------------------------------------------------------------

  private onTransportEvent = (event: TransportEvent): void => {
    switch (event.type) {
      case 'disconnected':
        this.onDisconnected(event.reason);
        return;
      case 'acked':
        this.onAcked(event.id);
        return;
      case 'sendError':
        this.onSendError(event.id, event.condition);
        return;
      case 'message':
        this.onMessage(event.message, event.archiveId, event.carbon);
        return;
      case 'marker':
        this.onMarker(event.from, event.conversation, event.marker.type, event.marker.id);
        return;
      case 'affiliations':
        return;
    }
  };

  private onAcked(id: string): void {
    if (!this.outboxEntries.some((e) => e.id === id)) return;
    this.removeFromOutbox(id);
    this.setDelivery(id, 'stored');
  }

  private onSendError(id: string, condition: string): void {
    if (!this.outboxEntries.some((e) => e.id === id)) return;
    this.removeFromOutbox(id);
    this.set({ delivery: { ...this.state.delivery, [id]: 'failed' } });
    this.logger.warn('chat message refused by the server', { id, condition });
    this.notice('error', TEXTS.sendFailed);
  }

  private onMessage(
    message: ChatMessage,
    archiveId: string | undefined,
    carbon?: 'sent' | 'received',
  ): void {
    const address = conversationOf(message, this.me);
    if (archiveId) this.cursors.note(address, archiveId, 'newest');
    const own = isOwnMessage(message, this.me);
    this.addMessages(address, message.type, [message]);
    if (own) {
      // Our own message: the room's echo or a carbon from another tab. Either way the server
      // has it, and sending resets our own unread count (ESL inbox).
      this.setDelivery(message.id, 'stored');
      this.inboxEvent({ type: 'INCOMING', address, fromSelf: true, messageId: message.id });
      return;
    }
    if (message.historical || !message.body || !message.displayNames) return;
    if (
      message.type === 'chat' &&
      message.marker?.type === 'markable' &&
      carbon === undefined &&
      this.connected
    ) {
      this.transport.sendMarker(address, 'chat', 'received', message.id).catch(() => undefined);
    }
    if (this.isReading(address)) this.markDisplayedSoon(address);
    else this.inboxEvent({ type: 'INCOMING', address, fromSelf: false, messageId: message.id });
  }

  private onMarker(from: string, conversation: string, type: string, id: string): void {
    if (from === this.me) {
      // Our other tab or device read this conversation (carbons / room echo).
      if (type === 'displayed') {
        const lastMessageId = this.conversation(conversation).messages.at(-1)?.id ?? null;
        this.inboxEvent({ type: 'DISPLAYED', address: conversation, markerId: id, lastMessageId });
        this.set({ readMarkers: { ...this.state.readMarkers, [conversation]: id } });
      }
      return;
    }
    if (type !== 'received' && type !== 'displayed') return;
    const conv = this.state.conversations[conversation];
    const delivery = { ...this.state.delivery };
    let changed = false;
    // A marker for one message covers our earlier messages in the conversation too.
    const messages = conv?.messages ?? [];
    const at = messages.findIndex((m) => m.id === id);
    const covered =
      at === -1
        ? [id]
        : messages
            .slice(0, at + 1)
            .filter((m) => isOwnMessage(m, this.me))
            .map((m) => m.id);
    for (const mid of covered) {
      const current = delivery[mid];
      // The marked message itself is proven stored, even if its ack has not arrived yet (the
      // recipient's marker can overtake our stream-management ack). Earlier messages are only
      // upgraded once the server has confirmed them.
      const eligible =
        mid === id ? current !== 'failed' : current === 'stored' || current === 'received';
      if (!eligible) continue;
      const next = upgradeDelivery(current, type);
      if (next !== current) {
        delivery[mid] = next;
        changed = true;
      }
    }
    if (changed) this.set({ delivery });
    if (this.outboxEntries.some((e) => e.id === id)) this.removeFromOutbox(id);
  }

  // ---- conversations and history -------------------------------------------------------

  /** Tells the store what the app knows about conversations (teams, forums, users). */
  registerConversations(list: readonly ConversationMeta[]): void {
    for (const m of list) this.meta.set(m.address, m);
  }

  /** The conversation on screen; loads its history, keeps last activity fresh, marks it read. */
  openConversation(address: string | null): void {
    if (this.state.activeConversation === address) return;
    this.set({ activeConversation: address });
    this.lastActivity.stop();
    if (!address) return;
    void this.loadInitial(address);
    if (this.connected) {
      this.startLastActivity();
      if (this.isReading(address)) this.markDisplayedSoon(address);
    }
  }

  /** Whether the tab is visible (document.visibilityState); a hidden tab does not mark read. */
  setVisible(visible: boolean): void {
    this.visible = visible;
    const active = this.state.activeConversation;
    if (visible && active) this.markDisplayedSoon(active);
  }

  /**
   * The user's availability (the header toggle), sent as chat presence now when connected and
   * again at every session start. The REST side (PUT /users/me/status) is the caller's.
   */
  setAvailability(availability: PresenceAvailability): void {
    if (availability === this.availability) return;
    this.availability = availability;
    if (!this.connected) return;
    this.transport.sendPresence(availability).catch((err: unknown) => {
      // The next session start sends the current availability again.
      this.logger.info('presence not sent', { reason: errorText(err) });
    });
  }

  /** Feeds the user-status index from the status poll (GET /users/statuses, every 30 s). */
  setUserStatuses(statuses: Readonly<Record<string, UserStatus>>): void {
    const current = this.state.userStatus;
    if (Object.entries(statuses).every(([id, status]) => current[id] === status)) return;
    this.set({ userStatus: { ...current, ...statuses } });
  }

  private isReading(address: string): boolean {
    return this.visible && this.state.activeConversation === address;
  }

  private conversation(address: string): ConversationState {
    return (
      this.state.conversations[address] ??
      emptyConversation(address, isRoomJid(address) ? 'groupchat' : 'chat')
    );
  }

  private putConversation(conv: ConversationState): void {
    this.set({ conversations: { ...this.state.conversations, [conv.address]: conv } });
  }

  /** Applies a message-loading event (the domain's machine); returns the state before it. */
  private loadingEvent(address: string, event: MessageLoadingEvent): MessageLoading {
    const conv = this.conversation(address);
    const next = messageLoadingTransition(conv.loading, event);
    if (next !== conv.loading) this.putConversation({ ...conv, loading: next });
    return conv.loading;
  }

  private addMessages(
    address: string,
    type: ChatMessage['type'],
    messages: readonly ChatMessage[],
    older = false,
  ): void {
    const conv = this.state.conversations[address] ?? emptyConversation(address, type);
    const merged = mergeMessages(conv.messages, messages, older);
    if (merged === conv.messages && this.state.conversations[address]) return;
    this.putConversation({ ...conv, messages: merged });
  }

  private async fetchPage(
    query: Parameters<ChatTransport['fetchHistory']>[0],
  ): Promise<HistoryPage | 'timeout'> {
    const timer: { handle?: TimerHandle } = {};
    const timeout = new Promise<'timeout'>((resolve) => {
      timer.handle = this.clock.setTimeout(() => {
        resolve('timeout');
      }, HISTORY_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.transport.fetchHistory(query), timeout]);
    } finally {
      if (timer.handle !== undefined) this.clock.clearTimeout(timer.handle);
    }
  }

  private applyPage(
    address: string,
    type: ChatMessage['type'],
    page: HistoryPage,
    older: boolean,
  ): void {
    if (page.first) this.cursors.note(address, page.first, 'oldest');
    if (page.last) this.cursors.note(address, page.last, 'newest');
    const own = page.messages.filter((m) => isOwnMessage(m, this.me));
    if (own.length > 0) {
      const delivery = { ...this.state.delivery };
      for (const m of own) delivery[m.id] = upgradeDelivery(delivery[m.id], 'stored');
      this.set({ delivery });
    }
    this.addMessages(address, type, page.messages, older);
  }

  /** The newest page of a conversation (MAM backward, page of 10). */
  async loadInitial(address: string): Promise<void> {
    if (!this.connected) return; // the session start loads the open conversation
    const previous = this.loadingEvent(address, { type: 'FETCH_INITIAL' });
    // Only none/fetchedInbox fetch the first page; anything else is loading or loaded already.
    if (previous === this.conversation(address).loading) return;
    await this.fetchBackward(address, { with: address, max: HISTORY_PAGE_SIZE, before: '' });
    if (this.isReading(address)) this.markDisplayedSoon(address);
  }

  /**
   * Older messages, when the top sentinel shows (spec 01 §2). Debounced 500 ms (spec 01 §9);
   * a page of 10 before the oldest we hold, with `end` at its time.
   *
   * Spec 01 §4: an older-messages fetch that returns nothing notifies that there are no more.
   * Decision: a page shorter than 10 (or one the archive marks complete) already means the
   * beginning, so the list shows "beginning of conversation" without another round trip; asking
   * for more after that notifies the same "no more" without a query.
   */
  loadMore(address: string): void {
    const pending = this.loadMoreTimers.get(address);
    if (pending !== undefined) this.clock.clearTimeout(pending);
    this.loadMoreTimers.set(
      address,
      this.clock.setTimeout(() => {
        this.loadMoreTimers.delete(address);
        void this.fetchOlder(address);
      }, LOAD_MORE_DEBOUNCE_MS),
    );
  }

  private async fetchOlder(address: string): Promise<void> {
    const conv = this.conversation(address);
    if (conv.loading.state === 'fetchedAll') {
      this.notice('info', TEXTS.noMoreMessages);
      return;
    }
    if (conv.loading.state === 'none' || conv.loading.state === 'fetchedInbox') {
      await this.loadInitial(address);
      return;
    }
    if (conv.loading.state !== 'fetched' || !this.connected) return;
    const cursor = this.cursors.get(address);
    const oldest = conv.messages[0];
    this.loadingEvent(address, { type: 'FETCH_MORE' });
    await this.fetchBackward(address, {
      with: address,
      max: HISTORY_PAGE_SIZE,
      before: cursor?.oldestArchiveId ?? '',
      ...(oldest ? { end: messageTime(oldest) } : {}),
    });
  }

  /** One backward page: messages in, loading state on, "no more" when it came back empty. */
  private async fetchBackward(address: string, query: HistoryQuery): Promise<void> {
    let page: HistoryPage | 'timeout';
    try {
      page = await this.fetchPage(query);
    } catch (err) {
      this.logger.warn('chat history failed', { address, reason: errorText(err) });
      this.loadingEvent(address, { type: 'FETCH_FAILED' });
      return;
    }
    if (page === 'timeout') {
      this.logger.info('chat history timed out', { address });
      this.loadingEvent(address, { type: 'FETCH_FAILED' });
      return;
    }
    this.applyPage(address, this.conversation(address).type, page, true);
    const event: MessageLoadingEvent = {
      type: 'PAGE_LOADED',
      count: page.messages.length,
      oldestId: page.first ?? null,
      complete: page.complete,
    };
    const previous = this.loadingEvent(address, event);
    if (noMoreMessagesNotice(previous, event)) this.notice('info', TEXTS.noMoreMessages);
  }

  /**
   * After a reconnect: page forward from the newest archive id we hold (or, when we never saw
   * one, from the newest message's time, or from the start of an empty conversation), so
   * nothing sent while we were away is missed. Conversations never opened need nothing: the
   * inbox brought their counts and last messages.
   */
  private async catchUp(): Promise<void> {
    for (const conv of Object.values(this.state.conversations)) {
      const loaded = conv.loading.state === 'fetched' || conv.loading.state === 'fetchedAll';
      if (!loaded) {
        if (conv.address === this.state.activeConversation) await this.loadInitial(conv.address);
        continue;
      }
      const newestKnown = this.cursors.get(conv.address)?.newestArchiveId;
      const newest = conv.messages.at(-1);
      let query: HistoryQuery =
        newestKnown !== undefined
          ? { with: conv.address, max: CATCH_UP_PAGE_SIZE, after: newestKnown }
          : newest?.sent
            ? {
                with: conv.address,
                max: CATCH_UP_PAGE_SIZE,
                after: '0',
                start: messageTime(newest),
              }
            : { with: conv.address, max: CATCH_UP_PAGE_SIZE, after: '0' };
      for (;;) {
        if (!this.connected) return;
        const page = await this.fetchPage(query);
        if (page === 'timeout') {
          this.logger.info('chat catch-up timed out', { address: conv.address });
          break;
        }
        this.applyPage(conv.address, conv.type, page, false);
        if (page.complete || !page.last || page.messages.length === 0) break;
        query = { with: conv.address, max: CATCH_UP_PAGE_SIZE, after: page.last };
      }
      if (this.isReading(conv.address)) this.markDisplayedSoon(conv.address);
    }
  }

  private async refreshInbox(): Promise<void> {
    const entries = await this.transport.fetchInbox();
    const unread: Record<string, number> = {};
    const conversations = { ...this.state.conversations };
    for (const e of entries) {
      unread[e.address] = e.unread;
      const type = isRoomJid(e.address) ? 'groupchat' : 'chat';
      const conv = conversations[e.address] ?? emptyConversation(e.address, type);
      conversations[e.address] = {
        ...conv,
        ...(e.lastMessage ? { lastMessage: e.lastMessage } : {}),
        loading: messageLoadingTransition(conv.loading, { type: 'INBOX_FETCHED' }),
      };
    }
    // The conversation being read stays at zero: its displayed marker is on its way.
    const active = this.state.activeConversation;
    const reading = active !== null && this.visible && (unread[active] ?? 0) > 0;
    if (reading) unread[active] = 0;
    this.set({ conversations });
    this.inboxEvent({ type: 'INBOX_LOADED', counts: unread });
    if (reading) this.markDisplayedSoon(active);
  }

  // ---- unread and markers -----------------------------------------------------------------

  /** Unread counts follow the domain's inbox rules (ESL inbox semantics). */
  private inboxEvent(event: InboxEvent): void {
    const next = unreadTransition(this.state.unread, event);
    if (next !== this.state.unread) this.set({ unread: next });
  }

  /** Zero for a conversation the user is reading (our own displayed marker is on its way). */
  private setUnread(address: string, count: number): void {
    if ((this.state.unread[address] ?? 0) === count && address in this.state.unread) return;
    this.set({ unread: { ...this.state.unread, [address]: count } });
  }

  /** "Mark the conversation as read" (chat header action). */
  markRead(address: string): void {
    this.markDisplayedSoon(address);
    this.setUnread(address, 0);
  }

  /**
   * Sends a `displayed` marker for the newest message from others (spec 01 §4): throttled to
   * once per 2 s per conversation on the leading edge, and the highwater (the newest id) is
   * sent once. Decision: when newer messages arrive inside the window, one trailing marker
   * goes out at its end, so the last message read is never left unmarked on the server.
   */
  private markDisplayedSoon(address: string): void {
    this.setUnread(address, 0);
    if (!this.connected) return;
    const throttle = this.markerThrottles.get(address) ?? { lastSentAt: null, trailing: null };
    this.markerThrottles.set(address, throttle);
    const now = this.clock.now();
    if (throttleAllows(throttle.lastSentAt, now, MARKER_THROTTLE_MS)) {
      this.sendDisplayed(address, throttle);
      return;
    }
    if (throttle.trailing !== null || throttle.lastSentAt === null) return;
    throttle.trailing = this.clock.setTimeout(
      () => {
        throttle.trailing = null;
        this.sendDisplayed(address, throttle);
      },
      throttle.lastSentAt + MARKER_THROTTLE_MS - now,
    );
  }

  private sendDisplayed(address: string, throttle: MarkerThrottle): void {
    if (!this.connected) return;
    const messages = this.conversation(address).messages;
    let newest: ChatMessage | undefined;
    for (let i = messages.length - 1; i >= 0; i--) {
      const m = messages[i];
      if (m && !isOwnMessage(m, this.me)) {
        newest = m;
        break;
      }
    }
    if (!newest || this.state.readMarkers[address] === newest.id) return;
    throttle.lastSentAt = this.clock.now();
    this.set({ readMarkers: { ...this.state.readMarkers, [address]: newest.id } });
    this.transport
      .sendMarker(address, newest.type, 'displayed', newest.id)
      .catch((err: unknown) => {
        this.logger.info('displayed marker not sent', { reason: errorText(err) });
      });
  }

  // ---- last activity ------------------------------------------------------------------------

  /** Spec 01 §2: the header's last-active time, refreshed every 15 s for the open 1:1 chat. */
  private startLastActivity(): void {
    this.lastActivity.stop();
    const address = this.state.activeConversation;
    if (!address || isRoomJid(address) || !this.connected) return;
    this.lastActivity.watch(address);
  }

  /**
   * One answer of a person's last activity outside the open chat's 15 s poll: the admin console's
   * user detail (spec 02 §2, "last active from the chat server"). Nothing while not connected.
   */
  askLastActive(address: string): void {
    if (!address || isRoomJid(address) || !this.connected) return;
    this.lastActivity.ask(address);
  }

  // ---- sending ------------------------------------------------------------------------------

  private toMessage(e: OutgoingMessage): ChatMessage {
    return {
      id: e.id,
      from: e.type === 'groupchat' ? `${e.to}/${this.me}` : this.me,
      to: e.to,
      body: e.body,
      subject: e.subject,
      type: e.type,
      sendTimestamp: e.sendTimestamp,
      displayNames: e.displayNames,
      marker: { type: 'markable', id: e.id },
    };
  }

  private setDelivery(id: string, next: DeliveryState): void {
    const current = this.state.delivery[id];
    const value = upgradeDelivery(current, next);
    if (value !== current) this.set({ delivery: { ...this.state.delivery, [id]: value } });
  }

  private persist(): void {
    this.storage.save(this.outboxEntries);
  }

  private removeFromOutbox(id: string): void {
    this.outboxEntries = this.outboxEntries.filter((e) => e.id !== id);
    this.transmitted.delete(id);
    try {
      this.persist();
    } catch (err) {
      this.logger.warn('chat outbox not saved', { reason: errorText(err) });
    }
    this.set({ outbox: this.outboxEntries.map((e) => e.id) });
  }

  private metaOf(address: string): ConversationMeta | undefined {
    return this.meta.get(address);
  }

  /**
   * Puts a message on screen and in the outbox, then on the wire when connected. Without a
   * connection it waits in the durable outbox ("queued"); only when it cannot even be queued
   * (storage refused) does the user see "Cannot send message, agent has disconnected".
   */
  private enqueue(address: string, content: OutgoingContent, id = this.createId()): ChatMessage {
    if (this.state.connection.status === 'stopped') {
      this.notice('error', TEXTS.agentDisconnected);
      throw new ChatSendError(TEXTS.agentDisconnected);
    }
    const { subject, body } = encodeMessageBody(content);
    const type: ChatMessage['type'] = isRoomJid(address) ? 'groupchat' : 'chat';
    const entry: OutgoingMessage = {
      id,
      to: address,
      type,
      subject,
      body,
      displayNames: { sender: this.myName, recipient: this.metaOf(address)?.name ?? address },
      sendTimestamp: this.clock.now(),
    };
    const previous = this.outboxEntries;
    this.outboxEntries = [...previous.filter((e) => e.id !== id), entry];
    try {
      this.persist();
    } catch (err) {
      if (!this.connected) {
        this.outboxEntries = previous;
        this.logger.warn('chat outbox not saved; message not queued', { reason: errorText(err) });
        this.notice('error', TEXTS.agentDisconnected);
        throw new ChatSendError(TEXTS.agentDisconnected);
      }
      // Connected: send it anyway; it is only not durable across a reload.
      this.logger.warn('chat outbox not saved', { reason: errorText(err) });
    }
    const message = this.toMessage(entry);
    this.addMessages(address, type, [message]);
    this.set({
      outbox: this.outboxEntries.map((e) => e.id),
      delivery: { ...this.state.delivery, [id]: 'queued' },
    });
    this.inboxEvent({ type: 'SENT', address });
    void this.pump();
    return message;
  }

  /** Writes outbox entries to the socket, in order, one at a time, while the session lasts. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (;;) {
        if (!this.connected) return;
        const next = this.outboxEntries.find((e) => !this.transmitted.has(e.id));
        if (!next) return;
        if (!this.takeSendToken()) return;
        this.transmitted.add(next.id);
        this.setDelivery(next.id, 'sending');
        const seq = this.supervisor.session;
        try {
          await this.transport.send(next);
        } catch (err) {
          if (this.supervisor.isCurrent(seq)) this.transmitted.delete(next.id);
          this.logger.info('chat send interrupted; kept in the outbox', {
            id: next.id,
            reason: errorText(err),
          });
          if (this.state.delivery[next.id] === 'sending') {
            this.set({ delivery: { ...this.state.delivery, [next.id]: 'queued' } });
          }
          return;
        }
      }
    } finally {
      this.pumping = false;
    }
  }

  /** Token bucket of the outbox pacing; schedules the next pump when the bucket is empty. */
  private takeSendToken(): boolean {
    const taken = this.pacing.take(this.clock.now());
    if (taken.ok) return true;
    if (this.pumpTimer === null) {
      this.pumpTimer = this.clock.setTimeout(() => {
        this.pumpTimer = null;
        void this.pump();
      }, taken.waitMs);
    }
    return false;
  }

  private async sendContent(address: string, content: OutgoingContent): Promise<ChatMessage> {
    try {
      await this.richSends.ensureMembership(address);
    } catch (err) {
      this.logger.warn('forum join failed', { address, reason: errorText(err) });
      this.notice('error', TEXTS.sendFailed);
      throw new ChatSendError(TEXTS.sendFailed);
    }
    return this.enqueue(address, content);
  }

  /** Sends text (a "Form: … (vN)" text is a form message; the codec tells them apart). */
  sendText(address: string, text: string): Promise<ChatMessage> {
    // Domain composer rules: blank text is not sent, over-long text is refused, not cut.
    if (!canSendText(text))
      return Promise.reject(new ChatSendError('message is empty or too long'));
    return this.sendContent(address, { kind: 'text', text: composerText(text) });
  }

  /** A reply quoting an earlier message (spec 01 §3 json/reply). */
  sendReply(address: string, text: string, quoted: ChatMessage): Promise<ChatMessage> {
    const quotedText = quoted.body ?? '';
    return this.sendContent(address, {
      kind: 'reply',
      text,
      quoted: { id: quoted.id, senderName: quoted.displayNames?.sender ?? '', text: quotedText },
    });
  }

  /** A structured form message: "Form: {title} (v{version})" (spec 02 §2). */
  sendForm(address: string, title: string, version: string): Promise<ChatMessage> {
    const text = formMessageText(title, version);
    return this.sendContent(address, { kind: 'form', text, title, version });
  }

  /** A shared patient card; refused in forums (spec 01 §5). */
  sendPatientCard(address: string, card: PatientCardShare): Promise<ChatMessage> {
    if (this.metaOf(address)?.kind === 'forum') {
      this.notice('error', TEXTS.cannotSharePatientInForum);
      return Promise.reject(new ChatSendError(TEXTS.cannotSharePatientInForum));
    }
    return this.sendContent(address, { kind: 'patientCard', card });
  }

  /** An image message (spec 01 §7): the REST side is `RichSends`'. */
  sendImage(address: string, image: ChatFile): Promise<ChatMessage> {
    return this.richSends.sendImage(address, image);
  }

  /** A file message (spec 01 §7): the REST side is `RichSends`'. */
  sendFile(address: string, file: ChatFile): Promise<ChatMessage> {
    return this.richSends.sendFile(address, file);
  }

  /** Sends a failed message again with the same id. */
  retry(id: string): void {
    if (this.state.delivery[id] !== 'failed') return;
    const message = Object.values(this.state.conversations)
      .flatMap((c) => c.messages)
      .find((m) => m.id === id);
    if (!message?.body || !message.displayNames) return;
    const entry: OutgoingMessage = {
      id,
      to: message.to,
      type: message.type,
      subject: message.subject ?? '',
      body: message.body,
      displayNames: message.displayNames,
      sendTimestamp: message.sendTimestamp ?? this.clock.now(),
    };
    this.outboxEntries = [...this.outboxEntries, entry];
    try {
      this.persist();
    } catch (err) {
      this.logger.warn('chat outbox not saved', { reason: errorText(err) });
    }
    this.set({
      outbox: this.outboxEntries.map((e) => e.id),
      delivery: { ...this.state.delivery, [id]: 'queued' },
    });
    void this.pump();
  }
}

function emptyConversation(address: string, type: ChatMessage['type']): ConversationState {
  return { address, type, messages: [], loading: INITIAL_MESSAGE_LOADING };
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
