import { randomUUID } from 'node:crypto';
import { canSeeUser, type DirectoryPlacement } from '@pando/domain';
import type { Bus, BusMessage } from './bus.js';
import { noBus } from './bus.js';
import { isRoomId, isUuid, parseJid, type Jid } from './jid.js';
import { RoomDirectory, type AffiliationChange } from './rooms.js';
import {
  GroupCommitWriter,
  lastSeen,
  mayQueryLastActivity,
  pairConv,
  queryArchive,
  queryInbox,
  recordLastSeen,
  resetInbox,
  roomConv,
  type ChatDb,
  type InboxDelta,
} from './store.js';
import {
  child,
  childText,
  children,
  el,
  localName,
  NS,
  nsOf,
  serialize,
  text,
  type XmlEl,
} from './xml.js';

/**
 * A connection past SASL that has not bound a resource yet: logout, block and session expiry
 * must reach it too, or it could bind afterwards (issue 14, finding 1).
 */
export interface AuthenticatedConnection {
  readonly uuid: string;
  readonly userId: number | string;
  readonly sessionId: number | string;
  /** Ends the stream with a stream error (or cleanly when no condition). */
  close(condition?: string, text?: string): void;
}

/** One bound resource of a logged-in user. */
export interface ChatSession {
  readonly uuid: string;
  readonly resource: string;
  readonly jid: string;
  readonly userId: number | string;
  readonly sessionId: number | string;
  carbons: boolean;
  send(xml: string): void;
  /** Ends the stream with a stream error (or cleanly when no condition). */
  close(condition?: string, text?: string): void;
}

export interface ChatServerOptions {
  domain: string;
  db: ChatDb;
  bus?: Bus;
  /** Clock for timestamps (tests). */
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
}

/** Why a kick ends a stream, in its `<text>`. */
export type KickReason = 'Logged out' | 'Account blocked' | 'Session expired';

/** Elements only the server may put in a stanza: a client copy is dropped (finding 6). */
function reservedElement(c: XmlEl): boolean {
  const ns = nsOf(c, NS.client);
  const name = localName(c);
  if (ns === NS.sid && name === 'stanza-id') return true; // XEP-0359: ids claiming to be ours
  if (ns === NS.pando && name === 'sent') return true; // only the server sets the archive time
  return (
    ns === NS.carbons || // carbons (`sent`/`received` wrappers, `private` is read before this)
    ns === NS.forward || // `forwarded`: MAM, inbox and carbon results
    ns === NS.delay || // `delay`: archive timestamps
    ns === NS.mam || // MAM `result`/`fin`
    ns === NS.inbox || // inbox `result`
    ns.startsWith(NS.muclight) // MUC Light affiliations and configuration notifications
  );
}

/** A client message's children as we store and route them: elements, none of them reserved. */
function clientChildren(m: XmlEl): XmlEl[] {
  return m.children.filter((c): c is XmlEl => typeof c !== 'string' && !reservedElement(c));
}

/** The directory as the chat server needs it: a display name and who may see whom. */
interface DirectoryEntry {
  name: string;
  placement: DirectoryPlacement;
  at: number;
}

/** MAM page size when the client gives none (spec 01: page size 10), and the most we return. */
export const MAM_DEFAULT_MAX = 10;
export const MAM_MAX = 100;

const STANZA_ERROR_TYPE: Record<string, string> = {
  'item-not-found': 'cancel',
  'service-unavailable': 'cancel',
  'feature-not-implemented': 'cancel',
  'not-allowed': 'cancel',
  forbidden: 'auth',
  'bad-request': 'modify',
  'not-acceptable': 'modify',
  'internal-server-error': 'wait',
  'resource-constraint': 'wait',
};

export function stanzaError(stanza: XmlEl, condition: string, from?: string): XmlEl {
  const attrs: Record<string, string | undefined> = {
    type: 'error',
    id: stanza.attrs.id,
    to: stanza.attrs.from,
    from: from ?? stanza.attrs.to,
  };
  return el(
    localName(stanza),
    attrs,
    el(
      'error',
      { type: STANZA_ERROR_TYPE[condition] ?? 'cancel' },
      el(condition, { xmlns: NS.stanzas }),
    ),
  );
}

/**
 * The chat core: sessions, routing, archive, inbox, rooms. Transport-independent: a connection
 * (connection.ts) authenticates and binds, then hands it stanzas; the returned promise settles
 * when the stanza is fully handled (stored), which is when stream management may count it.
 */
export class ChatServer {
  readonly domain: string;
  readonly roomDomain: string;
  readonly rooms: RoomDirectory;
  readonly writer: GroupCommitWriter;
  private readonly sessions = new Map<string, Map<string, ChatSession>>();
  /** Authenticated connections that have not bound a resource yet. */
  private readonly unbound = new Set<AuthenticatedConnection>();
  /** Session ids that sent messages since the last `takeSessionsToCheck()`. */
  private usedSessions = new Set<string>();
  private readonly db: ChatDb;
  private bus: Bus;
  private readonly now: () => Date;
  private readonly log: NonNullable<ChatServerOptions['log']>;
  private readonly joinOnPost: ChatServerOptions['joinOnPost'];
  private readonly systemName: string;
  /** uuid → directory name and placement, for routing checks, visibility and `displayNames`. */
  private readonly users = new Map<string, DirectoryEntry>();

  constructor(opts: ChatServerOptions) {
    this.domain = opts.domain.toLowerCase();
    this.roomDomain = `muclight.${this.domain}`;
    this.db = opts.db;
    this.bus = opts.bus ?? noBus;
    this.now = opts.now ?? (() => new Date());
    this.log = opts.log ?? {
      warn: () => {},
      error: (o) => {
        console.error(o);
      },
    };
    this.rooms = new RoomDirectory(this.db);
    this.joinOnPost = opts.joinOnPost;
    this.systemName = opts.systemName ?? 'Pando';
    this.writer = new GroupCommitWriter(this.db, opts.logBatches ? batchLogger() : undefined);
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

  // ---- sessions -------------------------------------------------------------------------

  /** Registers a bound resource; an existing session on the same resource is replaced (conflict). */
  addSession(s: ChatSession): void {
    let byRes = this.sessions.get(s.uuid);
    if (!byRes) {
      byRes = new Map<string, ChatSession>();
      this.sessions.set(s.uuid, byRes);
    }
    const old = byRes.get(s.resource);
    byRes.set(s.resource, s);
    old?.close('conflict', 'Replaced by a new connection');
  }

  /** Registers a connection that passed SASL and has not bound yet (see AuthenticatedConnection). */
  addUnbound(c: AuthenticatedConnection): void {
    this.unbound.add(c);
  }

  removeUnbound(c: AuthenticatedConnection): void {
    this.unbound.delete(c);
  }

  /** Connections of a user on this node past SASL, bound or not (the per-user cap counts them). */
  connectionsOf(uuid: string): number {
    let n = this.sessions.get(uuid)?.size ?? 0;
    for (const c of this.unbound) if (c.uuid === uuid) n++;
    return n;
  }

  /**
   * Every session id with a connection on this node, and those that sent messages since the
   * last call (their session was in use): for the periodic session check.
   */
  takeSessionsToCheck(): { ids: Set<string>; used: Set<string> } {
    const ids = new Set<string>();
    for (const c of this.unbound) ids.add(String(c.sessionId));
    for (const byRes of this.sessions.values())
      for (const s of byRes.values()) ids.add(String(s.sessionId));
    const used = this.usedSessions;
    this.usedSessions = new Set();
    return { ids, used };
  }

  removeSession(s: ChatSession): void {
    const byRes = this.sessions.get(s.uuid);
    if (byRes?.get(s.resource) !== s) return;
    byRes.delete(s.resource);
    if (byRes.size === 0) {
      this.sessions.delete(s.uuid);
      recordLastSeen(this.db, s.uuid, this.now()).catch((err: unknown) => {
        this.log.error({ err }, 'last activity not recorded');
      });
    }
  }

  isOnline(uuid: string): boolean {
    return (this.sessions.get(uuid)?.size ?? 0) > 0;
  }

  sessionCount(): number {
    let n = 0;
    for (const m of this.sessions.values()) n += m.size;
    return n;
  }

  /**
   * Ends the streams of a logged-out or expired session or of a blocked user, on every node:
   * bound resources and connections that authenticated but have not bound yet.
   */
  kick(
    match: { userId?: number | string; sessionId?: number | string },
    fromBus = false,
    reason?: KickReason,
  ): void {
    if (!fromBus) this.bus.publish({ t: 'kick', ...match });
    const hit = (c: { userId: number | string; sessionId: number | string }) =>
      (match.sessionId !== undefined && String(c.sessionId) === String(match.sessionId)) ||
      (match.sessionId === undefined &&
        match.userId !== undefined &&
        String(c.userId) === String(match.userId));
    const text = reason ?? (match.sessionId !== undefined ? 'Logged out' : 'Account blocked');
    for (const c of [...this.unbound]) if (hit(c)) c.close('not-authorized', text);
    for (const byRes of this.sessions.values()) {
      for (const s of [...byRes.values()]) if (hit(s)) s.close('not-authorized', text);
    }
  }

  closeAll(condition = 'system-shutdown'): void {
    for (const c of [...this.unbound]) c.close(condition);
    for (const byRes of this.sessions.values())
      for (const s of [...byRes.values()]) s.close(condition);
  }

  onBusMessage(m: BusMessage): void {
    if (m.t === 'user') this.deliverLocal(m.uuid, m.xml, m.exceptJid, m.carbonsOnly);
    else if (m.t === 'kick') this.kick({ userId: m.userId, sessionId: m.sessionId }, true);
    else this.rooms.invalidate(m.mimId);
  }

  private deliverLocal(uuid: string, xml: string, exceptJid?: string, carbonsOnly?: boolean): void {
    const byRes = this.sessions.get(uuid);
    if (!byRes) return;
    for (const s of byRes.values()) {
      if (s.jid === exceptJid) continue;
      if (carbonsOnly && !s.carbons) continue;
      s.send(xml);
    }
  }

  /** Delivers to every resource of a user on every node. */
  private deliver(uuid: string, stanza: XmlEl, exceptJid?: string, carbonsOnly?: boolean): void {
    const xml = serialize(stanza);
    this.deliverLocal(uuid, xml, exceptJid, carbonsOnly);
    this.bus.publish({ t: 'user', uuid, xml, exceptJid, carbonsOnly });
  }

  private deliverToResource(uuid: string, resource: string, stanza: XmlEl): boolean {
    const s = this.sessions.get(uuid)?.get(resource);
    if (!s) return false;
    s.send(serialize(stanza));
    return true;
  }

  // ---- stanzas --------------------------------------------------------------------------

  async handle(s: ChatSession, stanza: XmlEl): Promise<void> {
    const name = localName(stanza);
    const ns = nsOf(stanza, NS.client);
    if (ns !== NS.client) return; // unknown top-level namespace: nothing to do with it
    if (name === 'message') {
      // Sending (or marking, or typing) is use of the session: its idle clock restarts.
      this.usedSessions.add(String(s.sessionId));
      return this.onMessage(s, stanza);
    }
    if (name === 'iq') return this.onIq(s, stanza);
    if (name === 'presence') return; // minimal presence: accepted, not broadcast (no roster)
  }

  private async onMessage(s: ChatSession, m: XmlEl): Promise<void> {
    const type = m.attrs.type ?? 'normal';
    if (type === 'error' || type === 'headline') return;
    const to = parseJid(m.attrs.to);
    if (!to) {
      s.send(
        serialize(
          stanzaError({ ...m, attrs: { ...m.attrs, from: s.jid } }, 'bad-request', this.domain),
        ),
      );
      return;
    }
    if (to.domain === this.roomDomain) return this.onGroupchat(s, m, to);
    if (to.domain !== this.domain || !to.local) {
      s.send(
        serialize(stanzaError({ ...m, attrs: { ...m.attrs, from: s.jid } }, 'service-unavailable')),
      );
      return;
    }
    return this.onChat(s, m, to);
  }

  /** The message as we store and route it: server-stamped `from`, our timestamp, no forged ids. */
  private async stamp(s: ChatSession, m: XmlEl, from: string, now: Date): Promise<XmlEl> {
    const kept: (XmlEl | string)[] = clientChildren(m);
    // Sender names come from the directory, so nobody can post under another name.
    const dn = kept.find(
      (c): c is XmlEl =>
        typeof c !== 'string' && localName(c) === 'displayNames' && nsOf(c) === NS.pando,
    );
    const name = dn ? (await this.directoryEntry(s.uuid))?.name : undefined;
    if (dn && name !== undefined) dn.attrs.sender = name;
    kept.push(el('sent', { xmlns: NS.pando, timestamp: now.toISOString() }));
    const attrs: Record<string, string> = {
      from,
      to: m.attrs.to ?? '',
      type: m.attrs.type ?? 'chat',
    };
    if (m.attrs.id) attrs.id = m.attrs.id;
    if (m.attrs['xml:lang']) attrs['xml:lang'] = m.attrs['xml:lang'];
    return { name: 'message', attrs: { xmlns: NS.client, ...attrs }, children: kept };
  }

  /**
   * Loads every user's name once at start: per-message lookups would each wait their turn on
   * the database behind archive writes (PGlite runs one query at a time) and defeat group commit.
   */
  async preloadUsers(): Promise<void> {
    const res = await this.db.query<DirectoryRow & { uuid: string }>(DIRECTORY_SELECT);
    const at = this.now().getTime();
    for (const r of res.rows) this.users.set(r.uuid, directoryEntry(r, at));
  }

  /**
   * A user's directory name and placement, or undefined for no such user (refreshed every 10
   * minutes, and at once after `forgetUser`).
   */
  private async directoryEntry(uuid: string): Promise<DirectoryEntry | undefined> {
    const now = this.now().getTime();
    const hit = this.users.get(uuid);
    if (hit && now - hit.at < 600_000 && now >= hit.at) return hit;
    const res = await this.db.query<DirectoryRow>(`${DIRECTORY_SELECT} where u.uuid = $1::uuid`, [
      uuid,
    ]);
    const row = res.rows[0];
    // Unknown users are not remembered: they may be invited later.
    if (row === undefined) {
      this.users.delete(uuid);
      return undefined;
    }
    const entry = directoryEntry(row, now);
    this.users.set(uuid, entry);
    return entry;
  }

  /** A user's name or organisation changed (`user:changed`): read it again on next use. */
  forgetUser(userId: number | string): void {
    for (const [uuid, entry] of this.users)
      if (String(entry.placement.id) === String(userId)) this.users.delete(uuid);
  }

  /**
   * 1:1 messages, markers and chat states follow the REST API's visibility rule (`canSeeUser`):
   * someone of another network is, to the sender, a user that does not exist (finding 4).
   */
  private async onChat(s: ChatSession, m: XmlEl, to: Jid): Promise<void> {
    const recipient = to.local;
    const [sender, target] = isUuid(recipient)
      ? await Promise.all([this.directoryEntry(s.uuid), this.directoryEntry(recipient)])
      : [undefined, undefined];
    if (!sender || !target || !canSeeUser(sender.placement, target.placement)) {
      s.send(
        serialize(stanzaError({ ...m, attrs: { ...m.attrs, from: s.jid } }, 'item-not-found')),
      );
      return;
    }
    const body = child(m, 'body');
    if (!body) return this.onChatSignal(s, m, to);
    const now = this.now();
    const out = await this.stamp(s, m, s.jid, now);
    out.attrs.type = 'chat';
    const clientId = m.attrs.id || randomUUID();
    const senderBare = this.userJid(s.uuid);
    const recipientBare = this.userJid(recipient);
    const inbox: InboxDelta[] = [{ owner: s.uuid, convJid: recipientBare, isSender: true }];
    if (recipient !== s.uuid)
      inbox.push({ owner: recipient, convJid: senderBare, isSender: false });
    const noCopy = child(m, 'private', NS.carbons) !== undefined;
    const stored = await this.writer.write({
      sender: s.uuid,
      recipient,
      conv: pairConv(s.uuid, recipient),
      kind: 'chat',
      clientId,
      createdAt: now,
      stanza: serialize(out),
      inbox,
    });
    if (stored.duplicate) return;
    this.routeChat(s, out, to, stored.id, noCopy);
  }

  /**
   * Delivers a 1:1 message to the recipient's resources and carbon copies to the sender's;
   * `noCopy` (the client's `<private xmlns="urn:xmpp:carbons:2"/>`) suppresses the copies.
   */
  private routeChat(s: ChatSession, out: XmlEl, to: Jid, archiveId: string, noCopy: boolean): void {
    const recipient = to.local;
    const forRecipient: XmlEl = {
      ...out,
      children: [
        ...out.children,
        el('stanza-id', { xmlns: NS.sid, by: this.userJid(recipient), id: archiveId }),
      ],
    };
    if (to.resource && this.deliverToResource(recipient, to.resource, forRecipient)) {
      // Addressed to one resource: the others see a `received` carbon.
      if (!noCopy)
        this.deliver(
          recipient,
          this.carbon('received', recipient, forRecipient),
          this.userJid(recipient) + '/' + to.resource,
          true,
        );
    } else {
      this.deliver(recipient, forRecipient);
    }
    if (!noCopy && recipient !== s.uuid) {
      const forSender: XmlEl = {
        ...out,
        children: [
          ...out.children,
          el('stanza-id', { xmlns: NS.sid, by: this.userJid(s.uuid), id: archiveId }),
        ],
      };
      this.deliver(s.uuid, this.carbon('sent', s.uuid, forSender), s.jid, true);
    }
  }

  private carbon(kind: 'sent' | 'received', owner: string, msg: XmlEl): XmlEl {
    const bare = this.userJid(owner);
    return el(
      'message',
      { xmlns: NS.client, from: bare, to: bare, type: msg.attrs.type },
      el(kind, { xmlns: NS.carbons }, el('forwarded', { xmlns: NS.forward }, msg)),
    );
  }

  /** Markers and chat states: routed, never archived; a `displayed` marker may reset the inbox. */
  private async onChatSignal(s: ChatSession, m: XmlEl, to: Jid): Promise<void> {
    const displayed = child(m, 'displayed', NS.markers);
    if (displayed?.attrs.id)
      await resetInbox(this.db, s.uuid, this.userJid(to.local), displayed.attrs.id);
    const out: XmlEl = {
      name: 'message',
      attrs: {
        xmlns: NS.client,
        from: s.jid,
        to: m.attrs.to ?? '',
        type: m.attrs.type ?? 'chat',
        ...(m.attrs.id ? { id: m.attrs.id } : {}),
      },
      children: clientChildren(m),
    };
    if (to.resource && this.deliverToResource(to.local, to.resource, out)) return;
    this.deliver(to.local, out);
    if (to.local !== s.uuid) this.deliver(s.uuid, this.carbon('sent', s.uuid, out), s.jid, true);
  }

  private async onGroupchat(s: ChatSession, m: XmlEl, to: Jid): Promise<void> {
    const mimId = to.local;
    let room = isRoomId(mimId) ? await this.rooms.get(mimId) : undefined;
    if (room && !room.members.has(s.uuid) && child(m, 'body') && this.joinOnPost) {
      // A forum adds a poster as a member (spec 01 §4); anything else stays refused below.
      if (await this.joinOnPost(mimId, s.uuid)) room = await this.rooms.get(mimId);
    }
    if (!room || !room.members.has(s.uuid)) {
      s.send(
        serialize(
          stanzaError(
            { ...m, attrs: { ...m.attrs, from: s.jid, to: this.roomJid(mimId || 'x') } },
            'item-not-found',
            m.attrs.to,
          ),
        ),
      );
      return;
    }
    const roomJid = this.roomJid(mimId);
    const from = `${roomJid}/${this.userJid(s.uuid)}`;
    const body = child(m, 'body');
    if (!body) {
      const displayed = child(m, 'displayed', NS.markers);
      if (displayed?.attrs.id) await resetInbox(this.db, s.uuid, roomJid, displayed.attrs.id);
      const out: XmlEl = {
        name: 'message',
        attrs: {
          xmlns: NS.client,
          from,
          to: roomJid,
          type: 'groupchat',
          ...(m.attrs.id ? { id: m.attrs.id } : {}),
        },
        children: clientChildren(m),
      };
      for (const u of room.members) this.deliver(u, out);
      return;
    }
    const now = this.now();
    const out = await this.stamp(s, m, from, now);
    out.attrs.type = 'groupchat';
    out.attrs.to = roomJid;
    const stored = await this.writer.write({
      sender: s.uuid,
      recipient: mimId,
      conv: roomConv(mimId),
      kind: 'groupchat',
      clientId: m.attrs.id || randomUUID(),
      createdAt: now,
      stanza: serialize(out),
      inbox: [...room.members].map((u) => ({ owner: u, convJid: roomJid, isSender: u === s.uuid })),
    });
    if (stored.duplicate) return;
    this.fanOut(room.members, out, roomJid, stored.id);
  }

  private fanOut(members: Iterable<string>, out: XmlEl, roomJid: string, archiveId: string): void {
    const routed: XmlEl = {
      ...out,
      children: [...out.children, el('stanza-id', { xmlns: NS.sid, by: roomJid, id: archiveId })],
    };
    for (const u of members) this.deliver(u, routed);
  }

  // ---- REST-side API (app.chat) -----------------------------------------------------------

  /** Applies a membership change and notifies as MongooseIM's MUC Light does. */
  async setAffiliations(
    mimId: string,
    change: { added?: readonly string[]; removed?: readonly string[] },
  ): Promise<AffiliationChange> {
    const c = await this.rooms.setAffiliations(mimId, change);
    this.bus.publish({ t: 'room', mimId: c.mimId });
    if (c.added.length === 0 && c.removed.length === 0) return c;
    const roomJid = this.roomJid(c.mimId);
    const users = (list: string[], aff: string) =>
      list.map((u) => el('user', { affiliation: aff }, this.userJid(u)));
    const id = randomUUID();
    const msg = (to: string, ...xs: XmlEl[]) =>
      el(
        'message',
        { xmlns: NS.client, from: roomJid, to: this.userJid(to), type: 'groupchat', id },
        el('x', { xmlns: NS.muclightAffiliations }, ...xs),
        el('body'),
      );
    const addedSet = new Set(c.added);
    for (const u of c.members) {
      if (addedSet.has(u)) {
        // A new occupant learns the version and the full member list.
        this.deliver(u, msg(u, el('version', {}, c.version), ...users(c.members, 'member')));
      } else {
        this.deliver(
          u,
          msg(
            u,
            ...(c.prevVersion ? [el('prev-version', {}, c.prevVersion)] : []),
            el('version', {}, c.version),
            ...users(c.added, 'member'),
            ...users(c.removed, 'none'),
          ),
        );
      }
    }
    for (const u of c.removed) this.deliver(u, msg(u, ...users([u], 'none')));
    return c;
  }

  /**
   * Posts a line from the room itself (advice resolution: ACCEPT, REJECT, RESOLVE), archived
   * and counted in every occupant's inbox.
   */
  async postSystemMessage(
    mimIdRaw: string,
    body: string,
    subject?: string,
    senderName?: string,
  ): Promise<string> {
    const mimId = mimIdRaw.toLowerCase();
    const room = await this.rooms.get(mimId);
    if (!room) throw new Error(`no chat room ${mimId}`);
    const roomJid = this.roomJid(mimId);
    const now = this.now();
    const id = randomUUID();
    const out = el(
      'message',
      { xmlns: NS.client, from: roomJid, to: roomJid, type: 'groupchat', id },
      el('body', {}, body),
      subject !== undefined && el('subject', {}, subject),
      // Clients show only messages that carry display names (spec 01 §3 "Chat message").
      el('displayNames', { xmlns: NS.pando, sender: senderName ?? this.systemName, recipient: '' }),
      el('sent', { xmlns: NS.pando, timestamp: now.toISOString() }),
    );
    const stored = await this.writer.write({
      sender: 'system',
      recipient: mimId,
      conv: roomConv(mimId),
      kind: 'groupchat',
      clientId: id,
      createdAt: now,
      stanza: serialize(out),
      inbox: [...room.members].map((u) => ({ owner: u, convJid: roomJid, isSender: false })),
    });
    this.fanOut(room.members, out, roomJid, stored.id);
    return stored.id;
  }

  // ---- IQs ------------------------------------------------------------------------------

  private async onIq(s: ChatSession, iq: XmlEl): Promise<void> {
    const type = iq.attrs.type;
    if (type === 'result' || type === 'error') return;
    const reply = (...payload: XmlEl[]) => {
      s.send(
        serialize(
          el(
            'iq',
            {
              xmlns: NS.client,
              type: 'result',
              id: iq.attrs.id,
              to: s.jid,
              from: iq.attrs.to ?? this.userJid(s.uuid),
            },
            ...payload,
          ),
        ),
      );
    };
    const fail = (condition: string) => {
      s.send(
        serialize(
          stanzaError({ ...iq, attrs: { ...iq.attrs, from: s.jid } }, condition, iq.attrs.to),
        ),
      );
    };
    const payload = iq.children.find((c): c is XmlEl => typeof c !== 'string');
    if (!payload || (type !== 'get' && type !== 'set') || !iq.attrs.id) {
      fail('bad-request');
      return;
    }
    const pns = nsOf(payload, NS.client);
    const pname = localName(payload);
    const to = iq.attrs.to ? parseJid(iq.attrs.to) : undefined;
    if (iq.attrs.to && !to) {
      fail('bad-request');
      return;
    }
    const toSelfOrServer =
      !to || (to.domain === this.domain && (!to.local || to.local === s.uuid) && !to.resource);

    if (pns === NS.ping && pname === 'ping') {
      reply();
      return;
    }
    if (
      pns === NS.carbons &&
      type === 'set' &&
      toSelfOrServer &&
      (pname === 'enable' || pname === 'disable')
    ) {
      s.carbons = pname === 'enable';
      reply();
      return;
    }
    if (pns === NS.mam && pname === 'query' && type === 'set')
      return this.onMam(s, iq, payload, to, reply, fail);
    if (pns === NS.inbox && pname === 'inbox' && type === 'set' && toSelfOrServer)
      return this.onInbox(s, iq, payload, reply);
    if (
      pns === NS.last &&
      pname === 'query' &&
      type === 'get' &&
      to?.local &&
      to.domain === this.domain
    ) {
      if (!isUuid(to.local) || !(await mayQueryLastActivity(this.db, s.uuid, to.local))) {
        fail('forbidden');
        return;
      }
      if (this.isOnline(to.local)) {
        reply(el('query', { xmlns: NS.last, seconds: 0 }));
        return;
      }
      const seen = await lastSeen(this.db, to.local);
      if (!seen) {
        fail('item-not-found');
        return;
      }
      const seconds = Math.max(0, Math.floor((this.now().getTime() - seen.getTime()) / 1000));
      reply(el('query', { xmlns: NS.last, seconds }));
      return;
    }
    if (pns === NS.muclightAffiliations && pname === 'query' && to?.domain === this.roomDomain) {
      const room = isRoomId(to.local) ? await this.rooms.get(to.local) : undefined;
      if (!room || !room.members.has(s.uuid)) {
        fail('item-not-found');
        return;
      }
      if (type === 'set') {
        fail('not-allowed');
        return;
      } // membership is managed through the REST API
      reply(
        el(
          'query',
          { xmlns: NS.muclightAffiliations },
          el('version', {}, room.version),
          ...[...room.members].map((u) => el('user', { affiliation: 'member' }, this.userJid(u))),
        ),
      );
      return;
    }
    if (pns === NS.disco && pname === 'query' && type === 'get' && toSelfOrServer) {
      reply(
        el(
          'query',
          { xmlns: NS.disco },
          el('identity', { category: 'server', type: 'im', name: 'Pando' }),
          ...[
            NS.disco,
            NS.carbons,
            NS.mam,
            NS.inbox,
            NS.markers,
            NS.last,
            NS.muclight,
            NS.ping,
            NS.sid,
          ].map((v) => el('feature', { var: v })),
        ),
      );
      return;
    }
    fail('service-unavailable');
  }

  private async onMam(
    s: ChatSession,
    _iq: XmlEl,
    q: XmlEl,
    to: Jid | undefined,
    reply: (...p: XmlEl[]) => void,
    fail: (c: string) => void,
  ): Promise<void> {
    let conv: string | undefined;
    let archiveJid = this.userJid(s.uuid);
    let isRoom = false;
    if (to && to.domain === this.roomDomain) {
      const room = isRoomId(to.local) ? await this.rooms.get(to.local) : undefined;
      if (!room || !room.members.has(s.uuid)) {
        fail('item-not-found');
        return;
      }
      conv = roomConv(to.local);
      archiveJid = this.roomJid(to.local);
      isRoom = true;
    } else if (to && !(to.domain === this.domain && to.local === s.uuid)) {
      fail('forbidden');
      return; // only your own archive
    }
    const fields = new Map<string, string>();
    const form = child(q, 'x', NS.dataForms);
    if (form)
      for (const f of children(form, 'field'))
        if (f.attrs.var) fields.set(f.attrs.var, childText(f, 'value') ?? '');
    let start: Date | undefined;
    let end: Date | undefined;
    for (const [k, v] of [
      ['start', fields.get('start')],
      ['end', fields.get('end')],
    ] as const) {
      if (v === undefined || v === '') continue;
      const d = new Date(v);
      if (Number.isNaN(d.getTime())) {
        fail('bad-request');
        return;
      }
      if (k === 'start') start = d;
      else end = d;
    }
    const withJid = fields.get('with');
    if (withJid && !isRoom) {
      const w = parseJid(withJid);
      if (!w?.local || w.domain !== this.domain) {
        fail('bad-request');
        return;
      }
      conv = pairConv(s.uuid, w.local);
    }
    const set = child(q, 'set', NS.rsm);
    const maxText = set ? childText(set, 'max') : undefined;
    const maxN = maxText === undefined ? MAM_DEFAULT_MAX : Number(maxText);
    if (!Number.isInteger(maxN) || maxN < 0) {
      fail('bad-request');
      return;
    }
    const max = Math.min(maxN, MAM_MAX);
    const beforeEl = set ? child(set, 'before') : undefined;
    const before = beforeEl ? text(beforeEl) || undefined : undefined;
    const after = set ? childText(set, 'after') || undefined : undefined;
    for (const v of [before, after])
      if (v !== undefined && !/^[0-9]{1,19}$/.test(v)) {
        fail('item-not-found');
        return;
      }
    const res = await queryArchive(this.db, {
      conv,
      owner: conv ? undefined : s.uuid,
      before,
      after,
      start,
      end,
      max,
    });
    const queryid = q.attrs.queryid;
    for (const row of res.rows) {
      s.send(
        `<message xmlns="jabber:client" from="${archiveJid}" to="${s.jid}"><result xmlns="${NS.mam}"${
          queryid ? ` queryid="${escapeAttr(queryid)}"` : ''
        } id="${row.id}"><forwarded xmlns="${NS.forward}"><delay xmlns="${NS.delay}" stamp="${new Date(row.created_at).toISOString()}"/>${row.stanza}</forwarded></result></message>`,
      );
    }
    const first = res.rows[0];
    const last = res.rows.at(-1);
    reply(
      el(
        'fin',
        { xmlns: NS.mam, complete: res.complete ? 'true' : 'false' },
        el(
          'set',
          { xmlns: NS.rsm },
          first && el('first', {}, first.id),
          last && el('last', {}, last.id),
          el('count', {}, String(res.count)),
        ),
      ),
    );
  }

  private async onInbox(
    s: ChatSession,
    _iq: XmlEl,
    q: XmlEl,
    reply: (...p: XmlEl[]) => void,
  ): Promise<void> {
    const rows = await queryInbox(this.db, s.uuid);
    const queryid = q.attrs.queryid;
    let unreadTotal = 0;
    let active = 0;
    for (const r of rows) {
      const unread = r.unread;
      unreadTotal += unread;
      if (unread > 0) active++;
      s.send(
        `<message xmlns="jabber:client" from="${this.userJid(s.uuid)}" to="${s.jid}" id="${randomUUID()}"><result xmlns="${NS.inbox}" unread="${unread}"${
          queryid ? ` queryid="${escapeAttr(queryid)}"` : ''
        }><forwarded xmlns="${NS.forward}"><delay xmlns="${NS.delay}" stamp="${new Date(r.created_at).toISOString()}"/>${r.stanza}</forwarded><read>${unread === 0}</read><box>inbox</box><archive>false</archive><mute>0</mute></result></message>`,
      );
    }
    reply(
      el(
        'fin',
        { xmlns: NS.inbox },
        el('count', {}, String(rows.length)),
        el('unread-messages', {}, String(unreadTotal)),
        el('active-conversations', {}, String(active)),
      ),
    );
  }
}

interface DirectoryRow {
  uuid: string;
  name: string;
  id: number;
  access_level: DirectoryPlacement['access_level'];
  hospital_id: number | null;
  network_id: number | null;
}

const DIRECTORY_SELECT = `select u.uuid::text as uuid, trim(u.first_name || ' ' || u.last_name) as name,
         u.id, u.access_level, u.hospital_id, h.network_id
    from users u left join hospitals h on h.id = u.hospital_id`;

function directoryEntry(r: DirectoryRow, at: number): DirectoryEntry {
  return {
    name: r.name,
    placement: {
      id: r.id,
      access_level: r.access_level,
      hospital_id: r.hospital_id,
      network_id: r.network_id,
    },
    at,
  };
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

function escapeAttr(s: string): string {
  return serialize(el('x', { v: s })).slice(6, -3);
}
