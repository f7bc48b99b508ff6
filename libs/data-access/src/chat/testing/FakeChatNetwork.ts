import { bareJid, isRoomJid, type ChatMessage, type MarkerType } from '@pando/domain';
import { systemClock, type Clock } from '../clock';
import type {
  ChatTransport,
  HistoryPage,
  HistoryQuery,
  InboxEntry,
  OutgoingMessage,
  PresenceAvailability,
  SentMarkerType,
  TransportEvent,
  TransportListener,
} from '../types';

interface Archived {
  archiveId: string;
  conv: string;
  message: ChatMessage;
  sender: string;
}

interface InboxRow {
  unread: number;
  lastArchiveId: string;
}

/**
 * An in-memory chat server with the semantics of ours (ARCHITECTURE "The chat protocol"):
 * archive before routing, a client id stored once, inbox counts reset by sending and by a
 * `displayed` marker for the last message, carbons to the sender's other resources, MUC Light
 * rooms echoing to every occupant, last activity. Deterministic: events are delivered in
 * microtasks in the order they happen, timestamps come from the injected clock.
 *
 * Several `FakeTransport`s on one network simulate several users (and several tabs of one user).
 */
export class FakeChatNetwork {
  readonly domain: string;
  private readonly clock: Clock;
  private readonly names = new Map<string, string>();
  private readonly rooms = new Map<string, Set<string>>();
  private readonly archive: Archived[] = [];
  private readonly stored = new Set<string>();
  private readonly inboxes = new Map<string, Map<string, InboxRow>>();
  private readonly lastSeen = new Map<string, number>();
  /** Each reader's latest received/displayed marker per conversation (as our server keeps them). */
  private readonly markers = new Map<
    string,
    { conv: string; from: string; type: SentMarkerType; id: string; archiveId: number }
  >();
  private readonly sessions = new Set<FakeTransport>();
  private nextArchiveId = 1;
  /** When false, connects fail as if the network were down. */
  reachable = true;
  /** When false, sent messages are stored but not acknowledged (an ack lost with the socket). */
  autoAck = true;

  constructor(options: { domain?: string; clock?: Clock } = {}) {
    this.domain = options.domain ?? 'pando.test';
    this.clock = options.clock ?? systemClock;
  }

  /** Registers a user; returns their bare JID. */
  addUser(uuid: string, name: string): string {
    const jid = `${uuid}@${this.domain}`;
    this.names.set(jid, name);
    return jid;
  }

  /** Creates a MUC Light room with these member JIDs; returns its JID. */
  addRoom(mimId: string, members: readonly string[]): string {
    const jid = `${mimId}@muclight.${this.domain}`;
    this.rooms.set(jid, new Set(members));
    return jid;
  }

  addMember(room: string, member: string): void {
    this.rooms.get(room)?.add(member);
  }

  /** A transport for one resource (tab) of a user. */
  transport(jid: string, resource = 'web'): FakeTransport {
    return new FakeTransport(this, jid, resource);
  }

  /** Every archived message of a conversation, oldest first (for assertions). */
  archived(a: string, b?: string): ChatMessage[] {
    const conv = b === undefined ? a : pairKey(a, b);
    return this.archive.filter((x) => x.conv === conv).map((x) => x.message);
  }

  /** Cuts every session of a user, as a dropped network does (no clean close). */
  cut(jid: string): void {
    for (const s of [...this.sessions]) if (s.jid === bareJid(jid)) s.cut('socket closed');
  }

  unreadOf(owner: string, conversation: string): number {
    return this.inboxes.get(owner)?.get(conversation)?.unread ?? 0;
  }

  // ---- used by FakeTransport --------------------------------------------------------------

  /** @internal */
  open(session: FakeTransport): void {
    if (!this.reachable) throw new Error('network unreachable');
    this.sessions.add(session);
  }

  /** @internal */
  close(session: FakeTransport): void {
    this.sessions.delete(session);
    if (![...this.sessions].some((s) => s.jid === session.jid)) {
      this.lastSeen.set(session.jid, this.clock.now());
    }
  }

  private sessionsOf(jid: string): FakeTransport[] {
    return [...this.sessions].filter((s) => s.jid === jid);
  }

  private inbox(owner: string, conv: string): InboxRow | undefined {
    return this.inboxes.get(owner)?.get(conv);
  }

  private bumpInbox(owner: string, conv: string, archiveId: string, isSender: boolean): void {
    let box = this.inboxes.get(owner);
    if (!box) this.inboxes.set(owner, (box = new Map<string, InboxRow>()));
    const row = box.get(conv);
    box.set(conv, {
      unread: isSender ? 0 : (row?.unread ?? 0) + 1,
      lastArchiveId: archiveId,
    });
  }

  /** @internal */
  submit(sender: FakeTransport, out: OutgoingMessage): void {
    const from = sender.jid;
    const isRoom = out.type === 'groupchat';
    const members = isRoom ? this.rooms.get(out.to) : undefined;
    if (isRoom ? !members?.has(from) : !this.names.has(out.to)) {
      sender.emitLater({ type: 'sendError', id: out.id, condition: 'item-not-found' });
      return;
    }
    const key = `${from}|${out.id}`;
    if (!this.stored.has(key)) {
      this.stored.add(key);
      const archiveId = String(this.nextArchiveId++);
      const message: ChatMessage = {
        id: out.id,
        from: isRoom ? `${out.to}/${from}` : `${from}/${sender.resource}`,
        to: out.to,
        body: out.body,
        subject: out.subject,
        type: out.type,
        sent: { timestamp: this.clock.now() },
        sendTimestamp: out.sendTimestamp,
        displayNames: {
          ...out.displayNames,
          sender: this.names.get(from) ?? out.displayNames.sender,
        },
        marker: { type: 'markable', id: out.id },
      };
      const conv = isRoom ? out.to : pairKey(from, out.to);
      this.archive.push({ archiveId, conv, message, sender: from });
      if (isRoom && members) {
        for (const m of members) this.bumpInbox(m, out.to, archiveId, m === from);
        for (const m of members)
          for (const s of this.sessionsOf(m)) s.emitLater({ type: 'message', message, archiveId });
      } else {
        this.bumpInbox(from, out.to, archiveId, true);
        if (out.to !== from) this.bumpInbox(out.to, from, archiveId, false);
        for (const s of this.sessionsOf(out.to))
          s.emitLater({ type: 'message', message, archiveId });
        for (const s of this.sessionsOf(from))
          if (s !== sender && s.carbons)
            s.emitLater({ type: 'message', message, archiveId, carbon: 'sent' });
      }
    }
    if (this.autoAck) sender.emitLater({ type: 'acked', id: out.id });
  }

  /** @internal */
  marker(
    sender: FakeTransport,
    to: string,
    type: ChatMessage['type'],
    marker: MarkerType,
    id: string,
  ): void {
    const from = sender.jid;
    const keep = marker === 'received' || marker === 'displayed' ? marker : undefined;
    if (type === 'groupchat') {
      const members = this.rooms.get(to);
      if (!members?.has(from)) return;
      if (keep) this.keepMarker(to, from, keep, id);
      if (marker === 'displayed') this.resetInbox(from, to, id);
      for (const m of members)
        for (const s of this.sessionsOf(m))
          if (s !== sender)
            s.emitLater({ type: 'marker', from, conversation: to, marker: { type: marker, id } });
      return;
    }
    if (keep) this.keepMarker(pairKey(from, to), from, keep, id);
    if (marker === 'displayed') this.resetInbox(from, to, id);
    for (const s of this.sessionsOf(to))
      s.emitLater({ type: 'marker', from, conversation: from, marker: { type: marker, id } });
    for (const s of this.sessionsOf(from))
      if (s !== sender && s.carbons)
        s.emitLater({
          type: 'marker',
          from,
          conversation: to,
          marker: { type: marker, id },
          carbon: 'sent',
        });
  }

  /** A marker for a message of the conversation, kept unless the reader's kept one is newer. */
  private keepMarker(conv: string, from: string, type: SentMarkerType, id: string): void {
    const marked = this.archive.find((a) => a.conv === conv && a.message.id === id);
    if (!marked) return;
    const key = `${conv}\n${from}\n${type}`;
    const archiveId = Number(marked.archiveId);
    if ((this.markers.get(key)?.archiveId ?? 0) >= archiveId) return;
    this.markers.set(key, { conv, from, type, id, archiveId });
  }

  private resetInbox(owner: string, conv: string, id: string): void {
    const row = this.inbox(owner, conv);
    if (!row) return;
    const last = this.archive.find((a) => a.archiveId === row.lastArchiveId);
    if (last?.message.id === id) row.unread = 0;
  }

  /** @internal */
  inboxOf(owner: string): InboxEntry[] {
    const box = this.inboxes.get(owner);
    if (!box) return [];
    return [...box].map(([address, row]) => {
      const last = this.archive.find((a) => a.archiveId === row.lastArchiveId);
      return {
        address,
        unread: row.unread,
        ...(last ? { lastMessage: { ...last.message, historical: true } } : {}),
      };
    });
  }

  /** @internal */
  history(owner: string, q: HistoryQuery): HistoryPage {
    const conv = isRoomJid(q.with) ? q.with : pairKey(owner, q.with);
    if (isRoomJid(q.with) && !this.rooms.get(q.with)?.has(owner)) throw new Error('item-not-found');
    let rows = this.archive.filter((a) => a.conv === conv);
    if (q.start !== undefined)
      rows = rows.filter((a) => (a.message.sent?.timestamp ?? 0) >= (q.start ?? 0));
    if (q.end !== undefined)
      rows = rows.filter((a) => (a.message.sent?.timestamp ?? 0) <= (q.end ?? 0));
    if (q.before) rows = rows.filter((a) => Number(a.archiveId) < Number(q.before));
    if (q.after) rows = rows.filter((a) => Number(a.archiveId) > Number(q.after));
    const forward = q.after !== undefined && q.before === undefined;
    const page = forward ? rows.slice(0, q.max) : rows.slice(Math.max(0, rows.length - q.max));
    const archiveIds: Record<string, string> = {};
    for (const r of page) archiveIds[r.message.id] = r.archiveId;
    return {
      messages: page.map((r) => ({ ...r.message, historical: true })),
      archiveIds,
      ...(page[0] ? { first: page[0].archiveId } : {}),
      ...(page.at(-1) ? { last: page.at(-1)?.archiveId } : {}),
      complete: rows.length <= q.max,
      markers: [...this.markers.values()]
        .filter((k) => k.conv === conv && k.from !== owner)
        .map(({ from, type, id }) => ({ from, type, id })),
    };
  }

  /** @internal */
  lastActivity(jid: string): number | null {
    if (this.sessionsOf(jid).length > 0) return 0;
    const seen = this.lastSeen.get(jid);
    return seen === undefined ? null : Math.floor((this.clock.now() - seen) / 1000);
  }
}

function pairKey(a: string, b: string): string {
  const [x, y] = [bareJid(a), bareJid(b)].sort();
  return `${x}|${y}`;
}

/**
 * One resource of one user on a `FakeChatNetwork`. Behaves as the `ChatTransport` contract
 * says; `cut()` drops the session like a lost network, `connectDelay`/`failConnects` shape
 * connection attempts for reconnect tests.
 */
export class FakeTransport implements ChatTransport {
  private readonly listeners = new Set<TransportListener>();
  private connected = false;
  carbons = false;
  /** Counts for assertions. */
  readonly calls = {
    connect: 0,
    inbox: 0,
    history: [] as HistoryQuery[],
    lastActivity: 0,
    presence: 0,
  };
  readonly sentMarkers: { to: string; marker: SentMarkerType; id: string }[] = [];
  /** Makes the next n connects fail. */
  failConnects = 0;
  /** History queries never answer (history timeout tests). */
  holdHistory = false;
  /** Connects never answer (connect timeout tests). */
  hangConnects = false;

  constructor(
    readonly network: FakeChatNetwork,
    private readonly bare: string,
    readonly resource: string,
  ) {}

  get jid(): string {
    return this.bare;
  }

  get isConnected(): boolean {
    return this.connected;
  }

  async connect(): Promise<void> {
    this.calls.connect++;
    if (this.hangConnects) return new Promise<void>(() => undefined);
    await Promise.resolve();
    if (this.failConnects > 0) {
      this.failConnects--;
      throw new Error('connection refused');
    }
    this.network.open(this);
    this.connected = true;
  }

  async disconnect(): Promise<void> {
    if (!this.connected) return;
    this.connected = false;
    this.carbons = false;
    this.network.close(this);
    await Promise.resolve();
  }

  /** A dropped socket: the session ends and a `disconnected` event follows. */
  cut(reason = 'socket closed'): void {
    if (!this.connected) return;
    this.connected = false;
    this.carbons = false;
    this.network.close(this);
    this.emitLater({ type: 'disconnected', reason });
  }

  private assertConnected(): void {
    if (!this.connected) throw new Error('not connected');
  }

  async send(message: OutgoingMessage): Promise<void> {
    this.assertConnected();
    this.network.submit(this, message);
    await Promise.resolve();
  }

  async sendMarker(
    to: string,
    type: ChatMessage['type'],
    marker: SentMarkerType,
    id: string,
  ): Promise<void> {
    this.assertConnected();
    this.sentMarkers.push({ to, marker, id });
    this.network.marker(this, to, type, marker, id);
    await Promise.resolve();
  }

  async enableCarbons(): Promise<void> {
    this.assertConnected();
    this.carbons = true;
    await Promise.resolve();
  }

  /** Every presence sent, in order (the availability it carried). */
  readonly presences: PresenceAvailability[] = [];

  async sendPresence(availability: PresenceAvailability): Promise<void> {
    this.assertConnected();
    this.calls.presence++;
    this.presences.push(availability);
    await Promise.resolve();
  }

  async fetchInbox(): Promise<InboxEntry[]> {
    this.assertConnected();
    this.calls.inbox++;
    await Promise.resolve();
    return this.network.inboxOf(this.bare);
  }

  async fetchHistory(query: HistoryQuery): Promise<HistoryPage> {
    this.assertConnected();
    this.calls.history.push(query);
    if (this.holdHistory) return new Promise<HistoryPage>(() => undefined);
    await Promise.resolve();
    return this.network.history(this.bare, query);
  }

  async lastActivity(userJid: string): Promise<number | null> {
    this.assertConnected();
    this.calls.lastActivity++;
    await Promise.resolve();
    return this.network.lastActivity(bareJid(userJid));
  }

  on(listener: TransportListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** @internal Delivers an event in a microtask, in order. */
  emitLater(event: TransportEvent): void {
    queueMicrotask(() => {
      for (const l of [...this.listeners]) l(event);
    });
  }
}
