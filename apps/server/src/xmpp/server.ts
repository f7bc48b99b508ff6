import { randomUUID } from 'node:crypto';
import type { Bus, BusMessage } from './bus.js';
import { noBus } from './bus.js';
import type { ChatContext } from './context.js';
import { Directory } from './directory.js';
import { notifyAffiliations, notifyConfig, onGroupchat, postRoomLine } from './groupchat.js';
import { onIq } from './iq/index.js';
import { MarkerStore } from './markers.js';
import { onMessage } from './messages.js';
import { RoomDirectory, type AffiliationChange } from './rooms.js';
import {
  SessionRegistry,
  type AuthenticatedConnection,
  type ChatSession,
  type KickReason,
} from './sessions.js';
import type { Sender } from './stanzas.js';
import { GroupCommitWriter, type ArchiveWriter, type ChatDb } from './store.js';
import { el, localName, NS, nsOf, type XmlEl } from './xml.js';

export type { AuthenticatedConnection, ChatSession };

export interface ChatServerOptions {
  domain: string;
  db: ChatDb;
  bus?: Bus;
  /** The injected clock (config.now): archive times, last activity, directory freshness. */
  now?: () => Date;
  log?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  /**
   * Asked when someone who is not an occupant posts to a room. Spec 01 §4: sending into a forum
   * adds the sender as a member; the REST side decides (forum of the sender's network) and, when
   * it answers true, has already updated the room's affiliations, so the message goes through.
   */
  joinOnPost?: (mimId: string, senderUuid: string) => Promise<boolean>;
  /** Sender name shown on lines the room itself posts (advice resolution). @default 'Pando' */
  systemName?: string;
  /** A line every 2 s with the group-commit batch sizes (XMPP_LOG_BATCHES). */
  logBatches?: boolean;
  /**
   * Where messages are stored before their ack (the embedded database's journal,
   * journaledArchive.ts); a GroupCommitWriter on `db` when absent.
   */
  writer?: ArchiveWriter;
}

/**
 * The chat core, transport-independent: a connection (connection.ts) authenticates and binds,
 * then hands it stanzas; the returned promise settles when the stanza is fully handled (stored),
 * which is when stream management may count it. The parts: sessions and delivery
 * (sessions.ts), the user-name cache (directory.ts), messages (messages.ts) to users
 * (direct.ts) and rooms (groupchat.ts), and one IQ handler per namespace (iq/).
 */
export class ChatServer implements ChatContext {
  readonly domain: string;
  readonly roomDomain: string;
  readonly db: ChatDb;
  readonly now: () => Date;
  readonly sessions: SessionRegistry;
  readonly directory: Directory;
  readonly rooms: RoomDirectory;
  readonly writer: ArchiveWriter;
  readonly markers: MarkerStore;
  readonly joinOnPost: ChatServerOptions['joinOnPost'];
  private bus: Bus;
  private readonly systemName: string;

  constructor(opts: ChatServerOptions) {
    this.domain = opts.domain.toLowerCase();
    this.roomDomain = `muclight.${this.domain}`;
    this.db = opts.db;
    this.bus = opts.bus ?? noBus;
    this.now = opts.now ?? (() => new Date());
    const log = opts.log ?? {
      warn: () => {},
      error: (o: unknown) => {
        console.error(o);
      },
    };
    this.sessions = new SessionRegistry({
      db: this.db,
      now: this.now,
      log,
      publish: (m) => {
        this.bus.publish(m);
      },
      clustered: () => this.bus !== noBus,
    });
    this.directory = new Directory(this.db, this.now);
    this.rooms = new RoomDirectory(this.db, this.now);
    this.joinOnPost = opts.joinOnPost;
    this.systemName = opts.systemName ?? 'Pando';
    this.writer =
      opts.writer ?? new GroupCommitWriter(this.db, opts.logBatches ? batchLogger() : undefined);
    this.markers = new MarkerStore(this.db, this.writer, log);
  }

  setBus(bus: Bus): void {
    this.bus = bus;
  }

  async closeBus(): Promise<void> {
    await this.bus.close();
    this.bus = noBus;
  }

  userJid(uuid: string): string {
    return `${uuid}@${this.domain}`;
  }

  roomJid(mimId: string): string {
    return `${mimId.toLowerCase()}@${this.roomDomain}`;
  }

  // ---- sessions (the connection's side) ---------------------------------------------------

  addSession(s: ChatSession): void {
    this.sessions.add(s);
  }

  removeSession(s: ChatSession): void {
    this.sessions.remove(s);
  }

  addUnbound(c: AuthenticatedConnection): void {
    this.sessions.addUnbound(c);
  }

  removeUnbound(c: AuthenticatedConnection): void {
    this.sessions.removeUnbound(c);
  }

  connectionsOf(uuid: string): number {
    return this.sessions.connectionsOf(uuid);
  }

  takeSessionsToCheck(): { ids: Set<string>; used: Set<string> } {
    return this.sessions.takeSessionsToCheck();
  }

  isOnline(uuid: string): boolean {
    return this.sessions.isOnline(uuid);
  }

  sessionCount(): number {
    return this.sessions.count();
  }

  kick(
    match: { userId?: number | string; sessionId?: number | string },
    fromBus = false,
    reason?: KickReason,
  ): void {
    this.sessions.kick(match, fromBus, reason);
  }

  closeAll(condition?: string): void {
    this.sessions.closeAll(condition);
  }

  onBusMessage(m: BusMessage): void {
    if (m.t === 'user') this.sessions.deliverLocal(m.uuid, m.xml, m.exceptJid, m.carbonsOnly);
    else if (m.t === 'kick') this.kick({ userId: m.userId, sessionId: m.sessionId }, true);
    else this.rooms.invalidate(m.mimId);
  }

  // ---- stanzas ----------------------------------------------------------------------------

  async handle(s: ChatSession, stanza: XmlEl): Promise<void> {
    const name = localName(stanza);
    if (nsOf(stanza, NS.client) !== NS.client) return; // unknown top-level namespace
    if (name === 'message') {
      // Sending (or marking, or typing) is use of the session: its idle clock restarts.
      this.sessions.markUsed(s);
      return onMessage(this, s, stanza);
    }
    if (name === 'iq') return onIq(this, s, stanza);
    // presence: accepted, not broadcast (no roster)
  }

  // ---- the directory ----------------------------------------------------------------------

  /** Loads every user's name and placement at start (see Directory.preload). */
  preloadUsers(): Promise<void> {
    return this.directory.preload();
  }

  /** The database was put back (`database:restored`): users and rooms are read again. */
  forgetCaches(): void {
    this.directory.clear();
    this.rooms.clear();
  }

  /** A user's name or organisation changed (`user:changed`): read it again on next use. */
  forgetUser(userId: number | string): void {
    this.directory.forget(userId);
  }

  // ---- REST-side API (app.chat) -----------------------------------------------------------

  /** Applies a membership change and notifies as MongooseIM's MUC Light does. */
  async setAffiliations(
    mimId: string,
    change: { added?: readonly string[]; removed?: readonly string[] },
  ): Promise<AffiliationChange> {
    const c = await this.rooms.setAffiliations(mimId, change);
    this.bus.publish({ t: 'room', mimId: c.mimId });
    notifyAffiliations(this, c);
    return c;
  }

  /** The room's state changed outside the chat (an advice conversation closed): read it again. */
  refreshRoom(mimId: string): void {
    this.rooms.invalidate(mimId);
    this.bus.publish({ t: 'room', mimId: mimId.toLowerCase() });
  }

  /** Tells the occupants the room was renamed (MUC Light configuration message). */
  notifyConfig(mimId: string, config: { roomname: string }): Promise<void> {
    return notifyConfig(this, mimId, config);
  }

  /**
   * Posts a line from the room itself (advice resolution: ACCEPT, REJECT, RESOLVE), archived
   * and counted in every occupant's inbox. `senderName` is shown as its sender (the product
   * name by default).
   */
  postSystemMessage(
    mimId: string,
    body: string,
    subject?: string,
    senderName?: string,
  ): Promise<string> {
    return postRoomLine(this, mimId, {
      body,
      subject,
      senderName: senderName ?? this.systemName,
    });
  }

  /**
   * Posts into a room as a person (the first message of an advice conversation), through the
   * same path as their client's message: membership check, directory name, server timestamp,
   * archive, inbox, fan-out. Throws when the room refuses it. No session is involved.
   */
  async postAs(mimId: string, senderUuid: string, content: readonly XmlEl[]): Promise<void> {
    const errors: string[] = [];
    const sender: Sender = {
      uuid: senderUuid,
      jid: this.userJid(senderUuid),
      send: (xml) => {
        errors.push(xml);
      },
    };
    const to = { local: mimId.toLowerCase(), domain: this.roomDomain, resource: '' };
    const message = el(
      'message',
      { xmlns: NS.client, to: this.roomJid(mimId), type: 'groupchat', id: randomUUID() },
      ...content,
    );
    await onGroupchat(this, sender, message, to);
    if (errors.length > 0) throw new Error(`chat server refused the message: ${errors[0]}`);
  }
}

/** `XMPP_LOG_BATCHES=1`: one line every 2 s with the group-commit batch sizes and times. */
function batchLogger(): (size: number, ms: number) => void {
  let n = 0;
  let msgs = 0;
  let ms = 0;
  let last = Date.now();
  return (size, took) => {
    n++;
    msgs += size;
    ms += took;
    if (Date.now() - last < 2_000) return;
    console.error(
      `[xmpp] ${n} batches, ${msgs} msgs, avg ${(msgs / n).toFixed(1)} msgs/batch, avg ${(ms / n).toFixed(1)} ms/batch`,
    );
    n = msgs = ms = 0;
    last = Date.now();
  };
}
