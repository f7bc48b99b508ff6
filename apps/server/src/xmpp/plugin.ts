import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { verifyChatToken } from '../auth/chatToken.js';
import { XmppConnection, type Authenticate, type ConnectionOptions } from './connection.js';
import { createRedisBus } from './redisBus.js';
import { syncRoomsFromDirectory } from './rooms.js';
import { ChatServer } from './server.js';
import { DEFAULT_LIMITS } from './xml.js';

/** What the REST side uses to keep rooms in step (teams, forums, advice conversations). */
export interface ChatApi {
  server: ChatServer;
  /** Options every new connection gets (tests and the benchmark raise the rate limit here). */
  connectionOptions: ConnectionOptions;
  rooms: {
    /** Adds/removes occupants (uuids), creating the room on first use; notifies with versions. */
    setAffiliations(
      mimId: string,
      change: { added?: readonly string[]; removed?: readonly string[] },
    ): Promise<unknown>;
  };
  /** A line from the room itself (advice resolution), archived and counted in inboxes. */
  /**
   * A line from the room itself. `senderName` is shown as its sender (the person whose action
   * it reports, e.g. who resolved an advice conversation); the product name by default.
   */
  postSystemMessage(
    mimId: string,
    body: string,
    subject?: string,
    senderName?: string,
  ): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatApi;
  }
}

export interface XmppPluginOptions {
  /** XMPP domain (config.xmppDomain by default). */
  domain?: string;
  /** WebSocket path. @default '/xmpp' */
  path?: string;
  /** SASL PLAIN check; defaults to the chat tokens of GET /api/v4/login/token. */
  authenticate?: Authenticate;
  /** With a URL, nodes route stanzas to each other over Redis pub/sub (config.redisUrl by default). */
  redisUrl?: string | undefined;
  rate?: ConnectionOptions['rate'];
  limits?: ConnectionOptions['limits'];
  /** See ChatServerOptions.joinOnPost (forum auto-join, decided by the REST side). */
  joinOnPost?: (mimId: string, senderUuid: string) => Promise<boolean>;
}

/**
 * `XMPP_RATE_LIMIT=perSecond[:burst]` lifts the per-connection limit (the benchmark's load
 * generator sends thousands of stanzas a second on one stream).
 */
function rateFromEnv(): ConnectionOptions['rate'] | undefined {
  const m = /^(\d+)(?::(\d+))?$/.exec(process.env.XMPP_RATE_LIMIT ?? '');
  if (!m) return undefined;
  const perSecond = Number(m[1]);
  return { perSecond, burst: m[2] ? Number(m[2]) : perSecond * 4 };
}

/** The Origin a browser on our own site sends: PUBLIC_URL, or the request's scheme and Host. */
function expectedOrigin(app: FastifyInstance, req: IncomingMessage): string | undefined {
  const publicUrl = app.config.publicUrl;
  if (publicUrl) return publicUrl;
  const host = req.headers.host;
  if (!host) return undefined;
  const fwd = app.config.trustProxy
    ? String(req.headers['x-forwarded-proto'] ?? '')
        .split(',')[0]
        ?.trim()
    : '';
  const scheme = fwd || ('encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http');
  return `${scheme}://${host}`;
}

function refuse(socket: Duplex, status: number, reason: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
  );
}

/**
 * XMPP over WebSocket (RFC 7395) at /xmpp on the server's own port, plus `app.chat` for the
 * REST side. See README.md in this folder for the dialect.
 */
async function xmppPlugin(app: FastifyInstance, opts: XmppPluginOptions): Promise<void> {
  const db = app.db;
  const server = new ChatServer({
    domain: opts.domain ?? app.config.xmppDomain,
    db,
    log: app.log,
    ...(opts.joinOnPost ? { joinOnPost: opts.joinOnPost } : {}),
    systemName: app.config.productName,
  });
  await syncRoomsFromDirectory(db);
  await server.preloadUsers();
  const redisUrl = opts.redisUrl ?? app.config.redisUrl;
  if (redisUrl)
    server.setBus(
      await createRedisBus(
        redisUrl,
        (m) => {
          server.onBusMessage(m);
        },
        app.log,
      ),
    );

  const authenticate: Authenticate =
    opts.authenticate ?? ((uuid, token) => verifyChatToken(db, uuid, token, app.config.now()));
  const rate = opts.rate ?? rateFromEnv();
  const connOpts: ConnectionOptions = {
    server,
    authenticate,
    limits: opts.limits ?? DEFAULT_LIMITS,
    ...(rate ? { rate } : {}),
    log: app.log,
  };
  const path = opts.path ?? '/xmpp';
  const wss = new WebSocketServer({
    noServer: true,
    // Hard ceiling for the ws layer; the XMPP limit (a `policy-violation` stream error) is lower.
    maxPayload: Math.max(1024 * 1024, (opts.limits ?? DEFAULT_LIMITS).maxFrameBytes * 4),
    perMessageDeflate: false,
    handleProtocols: (protocols) => (protocols.has('xmpp') ? 'xmpp' : false),
  });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = req.url ?? '';
    const q = url.indexOf('?');
    if ((q === -1 ? url : url.slice(0, q)) !== path) return;
    const origin = req.headers.origin;
    // Browsers always send Origin; a foreign one is a cross-site page trying to use our cookies'
    // site. Native and test clients send none, which is allowed (the token is the credential).
    if (origin !== undefined && origin !== expectedOrigin(app, req)) {
      refuse(socket, 403, 'Forbidden origin');
      return;
    }
    const protocols = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((s) => s.trim());
    if (!protocols.includes('xmpp')) {
      refuse(socket, 400, 'The xmpp subprotocol is required');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      new XmppConnection(ws, connOpts);
    });
  };
  app.server.on('upgrade', onUpgrade);

  app.events.on('session:revoked', ({ userId, sessionId }) => {
    server.kick({ userId, sessionId });
  });
  app.events.on('user:blocked', ({ userId }) => {
    server.kick({ userId });
  });

  const api: ChatApi = {
    server,
    connectionOptions: connOpts,
    rooms: { setAffiliations: (mimId, change) => server.setAffiliations(mimId, change) },
    postSystemMessage: (mimId, body, subject, senderName) =>
      server.postSystemMessage(mimId, body, subject, senderName),
  };
  app.decorate('chat', api);

  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    server.closeAll();
    for (const ws of wss.clients) ws.terminate();
    await server.writer.idle();
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => {
      wss.close(() => {
        resolve();
      });
    });
    await server.closeBus();
  });
}

export default fp(xmppPlugin, { name: 'pando-xmpp', fastify: '5.x' });
