import type { BusMessage } from './bus.js';
import { recordLastSeen, type ChatDb } from './store.js';
import { serialize, type XmlEl } from './xml.js';

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
export interface ChatSession extends AuthenticatedConnection {
  readonly resource: string;
  readonly jid: string;
  carbons: boolean;
  send(xml: string): void;
}

/** Why a kick ends a stream, in its `<text>`. */
export type KickReason = 'Logged out' | 'Account blocked' | 'Session expired';

export interface SessionRegistryOptions {
  db: ChatDb;
  now: () => Date;
  /** Publishes to the other nodes (Redis bus; a no-op alone). */
  publish: (m: BusMessage) => void;
  /** Whether other nodes share this chat (a Redis bus): only then is a delivery published. */
  clustered: () => boolean;
  log: { error(obj: unknown, msg?: string): void };
}

/** Whether a delivery to the session's user reaches this session (not the sender's own, carbons). */
const takes = (s: ChatSession, exceptJid?: string, carbonsOnly?: boolean) =>
  s.jid !== exceptJid && (!carbonsOnly || s.carbons);

/**
 * Sessions and delivery: the bound resources of this node (and the connections between SASL and
 * bind), delivery to a user's resources here and, over the bus, on every other node, and the kicks
 * that end streams at logout, block and session expiry.
 */
export class SessionRegistry {
  private readonly byUser = new Map<string, Map<string, ChatSession>>();
  private readonly unbound = new Set<AuthenticatedConnection>();
  /** Session ids that sent messages since the last `takeSessionsToCheck()`. */
  private used = new Set<string>();

  constructor(private readonly opts: SessionRegistryOptions) {}

  /** Registers a bound resource; an existing session on the same resource is replaced (conflict). */
  add(s: ChatSession): void {
    let byRes = this.byUser.get(s.uuid);
    if (!byRes) {
      byRes = new Map<string, ChatSession>();
      this.byUser.set(s.uuid, byRes);
    }
    const old = byRes.get(s.resource);
    byRes.set(s.resource, s);
    old?.close('conflict', 'Replaced by a new connection');
  }

  remove(s: ChatSession): void {
    const byRes = this.byUser.get(s.uuid);
    if (byRes?.get(s.resource) !== s) return;
    byRes.delete(s.resource);
    if (byRes.size === 0) {
      this.byUser.delete(s.uuid);
      recordLastSeen(this.opts.db, s.uuid, this.opts.now()).catch((err: unknown) => {
        this.opts.log.error({ err }, 'last activity not recorded');
      });
    }
  }

  addUnbound(c: AuthenticatedConnection): void {
    this.unbound.add(c);
  }

  removeUnbound(c: AuthenticatedConnection): void {
    this.unbound.delete(c);
  }

  /** Connections of a user on this node past SASL, bound or not (the per-user cap counts them). */
  connectionsOf(uuid: string): number {
    let n = this.byUser.get(uuid)?.size ?? 0;
    for (const c of this.unbound) if (c.uuid === uuid) n++;
    return n;
  }

  /** The session sent something a person did (a message, marker or chat state). */
  markUsed(s: ChatSession): void {
    this.used.add(String(s.sessionId));
  }

  /**
   * Every session id with a connection on this node, and those used since the last call: for
   * the periodic session check.
   */
  takeSessionsToCheck(): { ids: Set<string>; used: Set<string> } {
    const ids = new Set<string>();
    for (const c of this.unbound) ids.add(String(c.sessionId));
    for (const byRes of this.byUser.values())
      for (const s of byRes.values()) ids.add(String(s.sessionId));
    const used = this.used;
    this.used = new Set();
    return { ids, used };
  }

  isOnline(uuid: string): boolean {
    return (this.byUser.get(uuid)?.size ?? 0) > 0;
  }

  count(): number {
    let n = 0;
    for (const m of this.byUser.values()) n += m.size;
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
    if (!fromBus) this.opts.publish({ t: 'kick', ...match });
    const hit = (c: AuthenticatedConnection) =>
      (match.sessionId !== undefined && String(c.sessionId) === String(match.sessionId)) ||
      (match.sessionId === undefined &&
        match.userId !== undefined &&
        String(c.userId) === String(match.userId));
    const text = reason ?? (match.sessionId !== undefined ? 'Logged out' : 'Account blocked');
    for (const c of [...this.unbound]) if (hit(c)) c.close('not-authorized', text);
    for (const byRes of this.byUser.values()) {
      for (const s of [...byRes.values()]) if (hit(s)) s.close('not-authorized', text);
    }
  }

  closeAll(condition = 'system-shutdown'): void {
    for (const c of [...this.unbound]) c.close(condition);
    for (const byRes of this.byUser.values())
      for (const s of [...byRes.values()]) s.close(condition);
  }

  /** Delivers serialized XML to a user's resources on this node only (what the bus brings). */
  deliverLocal(uuid: string, xml: string, exceptJid?: string, carbonsOnly?: boolean): void {
    const byRes = this.byUser.get(uuid);
    if (!byRes) return;
    for (const s of byRes.values()) if (takes(s, exceptJid, carbonsOnly)) s.send(xml);
  }

  /**
   * Delivers to every resource of a user on every node. On a single node a stanza nobody here
   * takes is not serialized (the carbon copy of each 1:1 message, when the sender has no other
   * resource: issue 23's per-message cost).
   */
  deliver(uuid: string, stanza: XmlEl, exceptJid?: string, carbonsOnly?: boolean): void {
    const clustered = this.opts.clustered();
    if (!clustered && !this.anyTakes(uuid, exceptJid, carbonsOnly)) return;
    const xml = serialize(stanza);
    this.deliverLocal(uuid, xml, exceptJid, carbonsOnly);
    if (clustered) this.opts.publish({ t: 'user', uuid, xml, exceptJid, carbonsOnly });
  }

  private anyTakes(uuid: string, exceptJid?: string, carbonsOnly?: boolean): boolean {
    const byRes = this.byUser.get(uuid);
    if (!byRes) return false;
    for (const s of byRes.values()) if (takes(s, exceptJid, carbonsOnly)) return true;
    return false;
  }

  /** Delivers to one resource on this node; false when it is not here. */
  deliverToResource(uuid: string, resource: string, stanza: XmlEl): boolean {
    const s = this.byUser.get(uuid)?.get(resource);
    if (!s) return false;
    s.send(serialize(stanza));
    return true;
  }
}
