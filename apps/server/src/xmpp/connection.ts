import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import { isUuid } from './jid.js';
import type { ChatServer } from './server.js';
import type { AuthenticatedConnection, ChatSession } from './sessions.js';
import { stanzaError } from './stanzas.js';
import {
  child,
  DEFAULT_LIMITS,
  el,
  FrameError,
  localName,
  NS,
  nsOf,
  parseFrame,
  serialize,
  text,
  type ParseLimits,
  type XmlEl,
} from './xml.js';

export type Authenticate = (
  uuid: string,
  token: string,
) => Promise<{ userId: number | string; sessionId: number | string } | null>;

/** Whether the session behind an authenticated connection is still alive (checked at bind). */
export type SessionAlive = (sessionId: number | string) => Promise<boolean>;

export interface ConnectionOptions {
  server: ChatServer;
  authenticate: Authenticate;
  /**
   * Asked again when the resource is bound: a session that ended (logout everywhere, block,
   * expiry) between SASL and bind must not get a bound stream. Without it, every bind passes.
   */
  sessionAlive?: SessionAlive;
  limits?: ParseLimits;
  /** Stanzas per second a connection may send, sustained and in a burst. */
  rate?: { perSecond: number; burst: number };
  /** Time to finish SASL before the socket is closed. @default 30000 */
  authTimeoutMs?: number;
  /** Time from SASL success to a bound resource before the socket is closed. @default 10000 */
  bindTimeoutMs?: number;
  /** Outbound bytes queued for a slow reader before we give up on it. @default 2 MiB */
  maxQueuedBytes?: number;
  /** Connections one user may have past SASL on this node. @default 10 */
  maxConnectionsPerUser?: number;
  log?: { warn(obj: unknown, msg?: string): void };
}

const DEFAULT_RATE = { perSecond: 100, burst: 400 };
const DEFAULT_AUTH_TIMEOUT_MS = 30_000;
const DEFAULT_BIND_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_QUEUED_BYTES = 2 * 1024 * 1024;
const DEFAULT_MAX_CONNECTIONS_PER_USER = 10;
const MAX_AUTH_ATTEMPTS = 3;
/** `<stream:features>` (RFC 6120 §4.3.2) as RFC 7395 sends it, with these children. */
const features = (...children: XmlEl[]) =>
  serialize(el('stream:features', { 'xmlns:stream': NS.streams }, ...children));

/** `binding`: the bind IQ is being checked (async); stanzas that arrive meanwhile wait. */
type State = 'opening' | 'sasl' | 'restart' | 'bind' | 'binding' | 'ready' | 'closed';

/**
 * One RFC 7395 stream: framing, SASL PLAIN, resource binding, stream management. Stanzas go to
 * the ChatServer once bound; `<a h>` only counts a stanza after the server has handled it,
 * which for a message means after its archive commit.
 */
export class XmppConnection {
  private state: State = 'opening';
  private session: (ChatSession & { bound: boolean }) | undefined;
  private auth: { uuid: string; userId: number | string; sessionId: number | string } | undefined;
  /** Registered with the server from SASL success until bound (so kicks reach it). */
  private unbound: AuthenticatedConnection | undefined;
  private held: XmlEl[] = [];
  private authAttempts = 0;
  private smEnabled = false;
  private handled = 0;
  private ackedSent = 0;
  private ackScheduled = false;
  private tail: Promise<void> = Promise.resolve();
  private tokens: number;
  private lastRefill = performance.now();
  private authTimer: NodeJS.Timeout | undefined;
  private bindTimer: NodeJS.Timeout | undefined;
  private readonly limits: ParseLimits;
  private readonly rate: { perSecond: number; burst: number };
  private readonly maxBuffered: number;

  constructor(
    private readonly ws: WebSocket,
    private readonly opts: ConnectionOptions,
  ) {
    this.limits = opts.limits ?? DEFAULT_LIMITS;
    this.rate = opts.rate ?? DEFAULT_RATE;
    this.tokens = this.rate.burst;
    this.maxBuffered = opts.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES;
    this.authTimer = setTimeout(() => {
      this.streamError('connection-timeout', 'Authenticate sooner');
    }, opts.authTimeoutMs ?? DEFAULT_AUTH_TIMEOUT_MS);
    this.authTimer.unref();
    ws.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      this.onFrame(data, isBinary);
    });
    ws.on('close', () => {
      this.cleanup();
    });
    ws.on('error', () => {
      this.cleanup();
    });
  }

  private write(s: string): void {
    if (this.state === 'closed' && !s.startsWith('<close') && !s.startsWith('<stream:error'))
      return;
    if (this.ws.readyState !== 1) return;
    // Bounded queue: a reader that lets this much output pile up is dropped (finding 8).
    if (this.ws.bufferedAmount + s.length > this.maxBuffered) {
      this.state = 'closed';
      this.ws.terminate();
      return;
    }
    this.ws.send(s);
  }

  private onFrame(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    if (this.state === 'closed') return;
    const buf = Buffer.isBuffer(data)
      ? data
      : Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.from(data);
    // Size before anything else: we never parse (or even decode) an oversized frame.
    if (buf.length > this.limits.maxFrameBytes) {
      this.streamError('policy-violation', `Stanza larger than ${this.limits.maxFrameBytes} bytes`);
      return;
    }
    if (isBinary) {
      this.streamError('unsupported-encoding', 'Text frames only (RFC 7395)');
      return;
    }
    if (!this.takeToken()) {
      this.streamError('policy-violation', 'Too many stanzas per second');
      return;
    }
    let stanza: XmlEl;
    try {
      stanza = parseFrame(buf.toString('utf8'), this.limits);
    } catch (err) {
      if (err instanceof FrameError) {
        this.streamError(err.condition, err.message);
        return;
      }
      this.streamError('not-well-formed', 'Unparseable frame');
      return;
    }
    try {
      this.dispatch(stanza);
    } catch (err) {
      this.opts.log?.warn({ err }, 'xmpp frame handling failed');
      this.streamError('internal-server-error');
    }
  }

  private takeToken(): boolean {
    const now = performance.now();
    this.tokens = Math.min(
      this.rate.burst,
      this.tokens + ((now - this.lastRefill) / 1000) * this.rate.perSecond,
    );
    this.lastRefill = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  private dispatch(x: XmlEl): void {
    const name = localName(x);
    const ns = nsOf(x, NS.client);
    if (ns === NS.framing) {
      if (name === 'open') {
        this.onOpen(x);
        return;
      }
      if (name === 'close') {
        this.close();
        return;
      }
      this.streamError('unsupported-stanza-type');
      return;
    }
    switch (this.state) {
      case 'opening':
      case 'restart': {
        this.streamError('not-authorized', 'Open the stream first');
        return;
      }
      case 'sasl':
        if (ns === NS.sasl && name === 'auth') return void this.onAuth(x);
        if (ns === NS.sasl && name === 'abort') {
          this.write(serialize(el('failure', { xmlns: NS.sasl }, el('aborted'))));
          return;
        }
        {
          this.streamError('not-authorized');
          return;
        }
      case 'bind':
        if (ns === NS.client && name === 'iq') {
          void this.onBind(x);
          return;
        }
        {
          this.streamError('not-authorized', 'Bind a resource first');
          return;
        }
      case 'binding':
        if (this.held.length >= 64)
          this.streamError('policy-violation', 'Wait for the bind result');
        else this.held.push(x);
        return;
      case 'ready': {
        this.onReady(x, name, ns);
        return;
      }
      case 'closed':
        return;
    }
  }

  private onOpen(x: XmlEl): void {
    if (this.state !== 'opening' && this.state !== 'restart') {
      this.streamError('invalid-xml', 'Stream already open');
      return;
    }
    const domain = this.opts.server.domain;
    // The stream is answered with our <open/> either way; an unknown host then gets its error.
    this.write(
      serialize(
        el('open', {
          xmlns: NS.framing,
          from: domain,
          id: randomBytes(8).toString('hex'),
          version: '1.0',
          'xml:lang': 'en',
        }),
      ),
    );
    if (x.attrs.to && x.attrs.to.toLowerCase() !== domain) {
      this.streamError('host-unknown');
      return;
    }
    if (this.state === 'opening') {
      this.state = 'sasl';
      this.write(features(el('mechanisms', { xmlns: NS.sasl }, el('mechanism', {}, 'PLAIN'))));
    } else {
      this.state = 'bind';
      this.write(features(el('bind', { xmlns: NS.bind }), el('sm', { xmlns: NS.sm })));
    }
  }

  private async onAuth(x: XmlEl): Promise<void> {
    const saslFailure = (condition: string) => {
      this.write(serialize(el('failure', { xmlns: NS.sasl }, el(condition))));
      if (++this.authAttempts >= MAX_AUTH_ATTEMPTS)
        this.streamError('policy-violation', 'Too many failed logins');
    };
    if (x.attrs.mechanism !== 'PLAIN') {
      saslFailure('invalid-mechanism');
      return;
    }
    if (this.auth) return;
    const b64 = text(x).trim();
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length > 4096) {
      saslFailure('incorrect-encoding');
      return;
    }
    const parts = Buffer.from(b64, 'base64').toString('utf8').split('\0');
    if (parts.length !== 3) {
      saslFailure('malformed-request');
      return;
    }
    const [authzid = '', authcid = '', password = ''] = parts;
    const uuid = authcid.toLowerCase();
    if (
      !isUuid(uuid) ||
      !password ||
      (authzid && authzid.toLowerCase() !== `${uuid}@${this.opts.server.domain}`)
    ) {
      saslFailure('not-authorized');
      return;
    }
    // Authentication is async; stop reading stanzas meanwhile by leaving the SASL state.
    this.state = 'restart';
    let res: Awaited<ReturnType<Authenticate>> = null;
    try {
      res = await this.opts.authenticate(uuid, password);
    } catch (err) {
      this.opts.log?.warn({ err }, 'chat token check failed');
    }
    if (this.isClosed()) return;
    if (!res) {
      this.state = 'sasl';
      saslFailure('not-authorized');
      return;
    }
    const server = this.opts.server;
    const max = this.opts.maxConnectionsPerUser ?? DEFAULT_MAX_CONNECTIONS_PER_USER;
    if (server.connectionsOf(uuid) >= max) {
      this.streamError('policy-violation', `At most ${max} connections per account`);
      return;
    }
    this.auth = { uuid, ...res };
    clearTimeout(this.authTimer);
    this.unbound = {
      uuid,
      userId: res.userId,
      sessionId: res.sessionId,
      close: (condition, t) => {
        if (condition) this.streamError(condition, t);
        else this.close();
      },
    };
    server.addUnbound(this.unbound);
    this.bindTimer = setTimeout(() => {
      this.streamError('connection-timeout', 'Bind a resource sooner');
    }, this.opts.bindTimeoutMs ?? DEFAULT_BIND_TIMEOUT_MS);
    this.bindTimer.unref();
    this.write(serialize(el('success', { xmlns: NS.sasl })));
  }

  private async onBind(iq: XmlEl): Promise<void> {
    const bind = child(iq, 'bind', NS.bind);
    const auth = this.auth;
    if (!auth || iq.attrs.type !== 'set' || !bind) {
      this.write(
        serialize(
          stanzaError(
            iq,
            iq.attrs.type === 'set' || iq.attrs.type === 'get' ? 'not-allowed' : 'bad-request',
            this.opts.server.domain,
          ),
        ),
      );
      return;
    }
    let resource = text(child(bind, 'resource')).trim();
    if (
      !resource ||
      resource.length > 64 ||
      !/^[\x21-\x7e]+$/.test(resource) ||
      resource.includes('/')
    ) {
      resource = randomBytes(8).toString('hex');
    }
    // The session may have ended since SASL (logout everywhere, block, expiry).
    this.state = 'binding';
    let alive = false;
    try {
      alive = (await this.opts.sessionAlive?.(auth.sessionId)) ?? true;
    } catch (err) {
      this.opts.log?.warn({ err }, 'chat session check failed');
    }
    if (this.isClosed()) return;
    if (!alive) {
      this.streamError('not-authorized', 'Session ended');
      return;
    }
    const server = this.opts.server;
    const jid = `${server.userJid(auth.uuid)}/${resource}`;
    const session = {
      uuid: auth.uuid,
      resource,
      jid,
      userId: auth.userId,
      sessionId: auth.sessionId,
      carbons: false,
      bound: true,
      send: (xml: string) => {
        this.write(xml);
      },
      close: (condition?: string, t?: string) => {
        if (condition) this.streamError(condition, t);
        else this.close();
      },
    };
    this.session = session;
    this.state = 'ready';
    clearTimeout(this.bindTimer);
    if (this.unbound) server.removeUnbound(this.unbound);
    this.unbound = undefined;
    server.addSession(session);
    this.write(
      serialize(
        el(
          'iq',
          { xmlns: NS.client, type: 'result', id: iq.attrs.id, to: jid },
          el('bind', { xmlns: NS.bind }, el('jid', {}, jid)),
        ),
      ),
    );
    const held = this.held;
    this.held = [];
    for (const x of held) {
      if (this.isClosed()) return;
      this.onReady(x, localName(x), nsOf(x, NS.client));
    }
  }

  private onReady(x: XmlEl, name: string, ns: string): void {
    const session = this.session;
    if (!session) return;
    if (ns === NS.sm) {
      if (name === 'enable') {
        if (this.smEnabled) {
          this.write(
            serialize(
              el('failed', { xmlns: NS.sm }, el('unexpected-request', { xmlns: NS.stanzas })),
            ),
          );
          return;
        }
        this.smEnabled = true;
        this.handled = 0;
        this.ackedSent = 0;
        // No id: we do not offer resumption; the client re-sends what was never acked.
        this.write(serialize(el('enabled', { xmlns: NS.sm })));
        return;
      }
      if (name === 'r') {
        if (!this.smEnabled) return;
        void this.tail.then(() => {
          this.sendAck(true);
        });
        return;
      }
      // `<a h>` from the client is informative only; @xmpp/client 0.14 may send one that goes
      // backwards (it resets its counter on reconnect), which must never end the stream.
      if (name === 'a') return;
      if (name === 'resume') {
        this.write(
          serialize(el('failed', { xmlns: NS.sm }, el('item-not-found', { xmlns: NS.stanzas }))),
        );
        return;
      }
      return;
    }
    if (ns !== NS.client || (name !== 'message' && name !== 'iq' && name !== 'presence')) {
      this.streamError('unsupported-stanza-type');
      return;
    }
    const done = this.opts.server.handle(session, x);
    const counted = this.smEnabled;
    this.tail = Promise.all([this.tail, done]).then(
      () => {
        if (counted) {
          this.handled++;
          this.scheduleAck();
        }
      },
      (err: unknown) => {
        // Not stored, so never acknowledged: end the stream; the client keeps it as unacked.
        this.opts.log?.warn({ err }, 'xmpp stanza failed');
        this.streamError('internal-server-error', 'Could not store the message');
      },
    );
  }

  /** Tells the client promptly that its stanzas are stored (one `<a>` per batch, coalesced). */
  private scheduleAck(): void {
    if (this.ackScheduled) return;
    this.ackScheduled = true;
    setImmediate(() => {
      this.ackScheduled = false;
      this.sendAck(false);
    });
  }

  private sendAck(force: boolean): void {
    if (!force && this.handled === this.ackedSent) return;
    this.ackedSent = this.handled;
    this.write(serialize(el('a', { xmlns: NS.sm, h: this.handled })));
  }

  /** A method, not a field read, so the check survives TypeScript's narrowing across an await. */
  private isClosed(): boolean {
    return this.state === 'closed';
  }

  streamError(condition: string, message?: string): void {
    if (this.state === 'closed') return;
    this.write(
      serialize(
        el(
          'stream:error',
          { 'xmlns:stream': NS.streams },
          el(condition, { xmlns: NS.streamErrors }),
          message !== undefined &&
            message !== '' &&
            el('text', { xmlns: NS.streamErrors, 'xml:lang': 'en' }, message),
        ),
      ),
    );
    this.close();
  }

  close(): void {
    if (this.state === 'closed') return;
    this.write(serialize(el('close', { xmlns: NS.framing })));
    this.state = 'closed';
    this.cleanup();
    try {
      this.ws.close(1000);
    } catch {
      this.ws.terminate();
    }
    // A peer that never answers the close handshake still goes away.
    setTimeout(() => {
      this.ws.terminate();
    }, 2_000).unref();
  }

  private cleanup(): void {
    this.state = 'closed';
    clearTimeout(this.authTimer);
    clearTimeout(this.bindTimer);
    if (this.unbound) {
      this.opts.server.removeUnbound(this.unbound);
      this.unbound = undefined;
    }
    if (this.session) {
      this.opts.server.removeSession(this.session);
      this.session = undefined;
    }
  }
}
