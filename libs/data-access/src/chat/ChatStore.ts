import {
  MESSAGE_SUBJECTS,
  type ChatMessage,
  type PatientCardShare,
  type UserStatus,
} from '@pando/domain';
import { systemClock } from './clock';
import { ConnectionSupervisor } from './connection';
import {
  UNAVAILABLE_TRANSPORT,
  alwaysOnline,
  browserNetworkStatus,
  consoleLogger,
  errorText,
  type ChatFile,
  type ChatStoreOptions,
  type ConversationMeta,
  type NetworkStatus,
} from './environment';
import { HistoryLoader } from './historyLoader';
import { LastActivityPoller } from './lastActivity';
import { conversationOf, deliveryAfterMarker, isOwnMessage, mergeMessages } from './messages';
import { OutboxPump } from './outboxPump';
import { ReadState } from './readState';
import { Sends } from './sends';
import {
  addMessages,
  conversationIn,
  initialSnapshot,
  setDelivery,
  type ChatSnapshot,
  type StoreCore,
} from './snapshot';
import type { ChatTransport, PresenceAvailability, RoomChange, TransportEvent } from './types';

/**
 * The chat client's state, outside React (CONVENTIONS "Chat outside React"): a plain class with
 * `subscribe`/`getSnapshot`, read through `useSyncExternalStore`. The store is the one owner of
 * the snapshot; its jobs are units beside it, each on the store's core (see README): connection
 * supervision (`ConnectionSupervisor`), the outbox (`OutboxPump`), history (`HistoryLoader`),
 * read state (`ReadState`), last activity (`LastActivityPoller`) and sending with its REST side
 * (`Sends`). What stays here is the wiring: the session start, transport events to the units.
 */
export class ChatStore {
  private state: ChatSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly roomListeners = new Set<(change: RoomChange) => void>();
  private readonly transport: ChatTransport;
  private readonly core: StoreCore;
  private readonly network: NetworkStatus;
  private readonly supervisor: ConnectionSupervisor;
  private readonly outbox: OutboxPump;
  private readonly history: HistoryLoader;
  private readonly reads: ReadState;
  private readonly lastActivity: LastActivityPoller;
  private readonly sends: Sends;
  private availability: PresenceAvailability = 'AVAILABLE';
  private unsubscribers: (() => void)[] = [];

  constructor(options: ChatStoreOptions) {
    const transport = (this.transport = options.transport);
    const notify = options.notify ?? (() => undefined);
    const core: StoreCore = (this.core = {
      me: options.user.jid,
      clock: options.clock ?? systemClock,
      logger: options.logger ?? consoleLogger,
      snapshot: () => this.state,
      set: (patch) => {
        this.set(patch);
      },
      notice: (kind, message) => {
        notify({ kind, message });
      },
      connected: () => this.connected,
    });
    this.network = options.network ?? browserNetworkStatus();
    this.reads = new ReadState(core, transport);
    this.history = new HistoryLoader({
      core,
      transport,
      shown: (address) => {
        this.reads.shown(address);
      },
    });
    this.supervisor = new ConnectionSupervisor({
      core,
      random: options.random ?? Math.random,
      transport,
      sessionStarted: () => this.onSessionStarted(),
    });
    this.outbox = new OutboxPump({
      core,
      transport,
      storage: options.outboxStorage,
      session: this.supervisor,
      displayNames: (address) => ({
        sender: options.user.name,
        recipient: this.sends.meta(address)?.name ?? address,
      }),
      sent: (address) => {
        this.reads.inboxEvent({ type: 'SENT', address });
      },
    });
    this.sends = new Sends({
      core,
      enqueue: (address, content, id) => this.outbox.enqueue(address, content, id),
      createId: options.createId ?? (() => globalThis.crypto.randomUUID()),
      uploads: options.uploads,
      joinForum: options.joinForum,
    });
    this.lastActivity = new LastActivityPoller(core, transport);
    this.state = startingSnapshot(
      initialSnapshot(!this.network.isOnline()),
      options.restored,
      this.outbox.restored(),
    );
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

  /**
   * Tells `listener` when a room's members, name or advice state change under the viewer (MUC
   * Light affiliation and configuration messages, live advice resolution lines), so the app can
   * refetch what its REST answers show of the room. Returns the unsubscribe.
   */
  onRoomChange(listener: (change: RoomChange) => void): () => void {
    this.roomListeners.add(listener);
    return () => this.roomListeners.delete(listener);
  }

  private roomChanged(change: RoomChange): void {
    for (const l of [...this.roomListeners]) l(change);
  }

  private set(patch: Partial<ChatSnapshot>): void {
    this.state = { ...this.state, ...patch };
    for (const l of [...this.listeners]) l();
  }

  // ---- lifecycle -------------------------------------------------------------------------

  /** Starts connecting (and keeps reconnecting) until `stop()`. */
  start(): void {
    if (this.state.connection.status !== 'idle') return;
    this.unsubscribers.push(this.transport.on(this.onTransportEvent));
    this.unsubscribers.push(
      this.network.subscribe((online) => {
        this.supervisor.networkChanged(online);
      }),
    );
    // The store may be started a while after it was made (the app starts it once the first
    // screen is up): a network that came or went meanwhile is a change the person is told of.
    this.supervisor.networkChanged(this.network.isOnline());
    this.supervisor.start();
  }

  /**
   * Deletes the messages still waiting to be sent, on screen and on disk: a logout the person
   * confirmed knowing they would go (issue 37, `useQueuedMessageCount`).
   */
  discardOutbox(): void {
    this.outbox.discard();
  }

  /** Ends the session for good (logout, unmount). The outbox stays on disk for the next start. */
  async stop(): Promise<void> {
    this.supervisor.stop();
    this.lastActivity.stop();
    this.outbox.stop();
    this.history.stop();
    this.reads.stop();
    for (const u of this.unsubscribers.splice(0)) u();
    await this.transport.disconnect();
  }

  private get connected(): boolean {
    return this.state.connection.status === 'online';
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
      void this.outbox.pump();
      await this.reads.refreshInbox();
      if (!stillOurs()) return;
      await this.history.catchUp();
      if (!stillOurs()) return;
      const active = this.state.activeConversation;
      if (active) {
        this.lastActivity.watch(active);
        this.reads.shown(active);
      }
    } catch (err) {
      // The session died while starting; the `disconnected` event schedules the retry.
      this.core.logger.info('chat session start interrupted', { reason: errorText(err) });
    }
  }

  // ---- transport events ------------------------------------------------------------------

  private onTransportEvent = (event: TransportEvent): void => {
    switch (event.type) {
      case 'disconnected':
        if (!this.connected) return;
        this.lastActivity.stop();
        this.outbox.requeue();
        this.supervisor.disconnected(event.reason);
        return;
      case 'acked':
        this.outbox.acked(event.id);
        return;
      case 'sendError':
        this.outbox.refused(event.id, event.condition);
        return;
      case 'message':
        this.onMessage(event.message, event.archiveId, event.carbon);
        return;
      case 'marker':
        this.onMarker(event.from, event.conversation, event.marker.type, event.marker.id);
        return;
      case 'affiliations':
        if (event.members.some((m) => m.user === this.core.me && m.affiliation !== 'none'))
          this.history.joined(event.room);
        this.roomChanged({ kind: 'members', room: event.room });
        return;
      case 'roomConfig':
        this.roomChanged({ kind: 'config', room: event.room });
        return;
    }
  };

  private onMessage(
    message: ChatMessage,
    archiveId: string | undefined,
    carbon?: 'sent' | 'received',
  ): void {
    const address = conversationOf(message, this.core.me);
    if (archiveId) this.history.noteLive(address, archiveId);
    addMessages(this.core, address, message.type, [message]);
    if (message.type === 'groupchat' && message.subject === MESSAGE_SUBJECTS.ADVICE_RESOLUTION) {
      // Resolve, reject or accept by the other side: the conversation's state changed.
      this.roomChanged({ kind: 'advice', room: address });
    }
    if (isOwnMessage(message, this.core.me)) {
      // Our own message: the room's echo or a carbon from another tab. Either way the server
      // has it, and sending resets our own unread count (ESL inbox).
      setDelivery(this.core, message.id, 'stored');
      this.reads.inboxEvent({ type: 'INCOMING', address, fromSelf: true, messageId: message.id });
      return;
    }
    if (message.historical || !message.body || !message.displayNames) return;
    this.reads.incoming(address, message, carbon);
  }

  private onMarker(from: string, conversation: string, type: string, id: string): void {
    if (from === this.core.me) {
      if (type === 'displayed') this.reads.readElsewhere(conversation, id);
      return;
    }
    if (type !== 'received' && type !== 'displayed') return;
    const messages = conversationIn(this.state, conversation).messages;
    const delivery = deliveryAfterMarker(this.state.delivery, messages, this.core.me, { type, id });
    if (delivery !== this.state.delivery) this.set({ delivery });
    this.outbox.settledByMarker(id);
  }

  // ---- conversations -----------------------------------------------------------------------

  /** Tells the store what the app knows about conversations (teams, forums, users). */
  registerConversations(list: readonly ConversationMeta[]): void {
    this.sends.register(list);
  }

  /** The conversation on screen; loads its history, keeps last activity fresh, marks it read. */
  openConversation(address: string | null): void {
    if (this.state.activeConversation === address) return;
    this.set({ activeConversation: address });
    this.lastActivity.stop();
    if (!address) return;
    void this.history.loadInitial(address);
    if (this.connected) {
      this.lastActivity.watch(address);
      this.reads.shown(address);
    }
  }

  /** The newest page of a conversation (MAM backward, page of 10). */
  loadInitial(address: string): Promise<void> {
    return this.history.loadInitial(address);
  }

  /** Older messages, when the top sentinel shows (debounced; see `HistoryLoader.loadMore`). */
  loadMore(address: string): void {
    this.history.loadMore(address);
  }

  /** "Mark the conversation as read" (chat header action). */
  markRead(address: string): void {
    this.reads.markRead(address);
  }

  /** Whether the tab is visible (document.visibilityState); a hidden tab does not mark read. */
  setVisible(visible: boolean): void {
    this.reads.setVisible(visible);
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
      this.core.logger.info('presence not sent', { reason: errorText(err) });
    });
  }

  /** Feeds the user-status index from the status poll (GET /users/statuses, every 30 s). */
  setUserStatuses(statuses: Readonly<Record<string, UserStatus>>): void {
    const current = this.state.userStatus;
    if (Object.entries(statuses).every(([id, status]) => current[id] === status)) return;
    this.set({ userStatus: { ...current, ...statuses } });
  }

  /**
   * One answer of a person's last activity outside the open chat's 15 s poll: the admin console's
   * user detail (spec 02 §2, "last active from the chat server"). Nothing while not connected.
   */
  askLastActive(address: string): void {
    if (this.connected) this.lastActivity.ask(address);
  }

  // ---- sending ------------------------------------------------------------------------------

  /** Text (a "Form: … (vN)" text is a form message); these sends are `Sends`'. */
  sendText(address: string, text: string): Promise<ChatMessage> {
    return this.sends.sendText(address, text);
  }

  /** A reply quoting an earlier message (spec 01 §3 json/reply). */
  sendReply(address: string, text: string, quoted: ChatMessage): Promise<ChatMessage> {
    return this.sends.sendReply(address, text, quoted);
  }

  /** A structured form message: "Form: {title} (v{version})" (spec 02 §2). */
  sendForm(address: string, title: string, version: string): Promise<ChatMessage> {
    return this.sends.sendForm(address, title, version);
  }

  /** A shared patient card; refused in forums (spec 01 §5). */
  sendPatientCard(address: string, card: PatientCardShare): Promise<ChatMessage> {
    return this.sends.sendPatientCard(address, card);
  }

  /** An image message (spec 01 §7): upload with progress, share, then the message. */
  sendImage(address: string, image: ChatFile): Promise<ChatMessage> {
    return this.sends.sendImage(address, image);
  }

  /** A file message (spec 01 §7): upload to the conversation, then the message. */
  sendFile(address: string, file: ChatFile): Promise<ChatMessage> {
    return this.sends.sendFile(address, file);
  }

  /** Sends a failed message again with the same id. */
  retry(id: string): void {
    this.outbox.retry(id);
  }
}

/**
 * The snapshot a store starts from: the offline copy's conversations (issue 37) with the durable
 * outbox's messages merged in (queued ones show as queued, whatever the copy said).
 */
function startingSnapshot(
  initial: ChatSnapshot,
  copy: ChatStoreOptions['restored'],
  outbox: Pick<ChatSnapshot, 'conversations' | 'delivery' | 'outbox'>,
): ChatSnapshot {
  const conversations = { ...copy?.conversations };
  for (const [address, conv] of Object.entries(outbox.conversations)) {
    const held = conversations[address];
    conversations[address] = held
      ? { ...held, messages: mergeMessages(held.messages, conv.messages) }
      : conv;
  }
  return {
    ...initial,
    conversations,
    unread: copy?.unread ?? {},
    delivery: { ...copy?.delivery, ...outbox.delivery },
    outbox: outbox.outbox,
  };
}
