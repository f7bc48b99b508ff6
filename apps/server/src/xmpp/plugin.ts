import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import {
  CATCH_UP_INTERVAL_MS,
  catchUpChatAnalytics,
  catchUpChatAnalyticsWhenQuiet,
} from '../analytics/chatRollup.js';
import { verifyChatToken } from '../auth/chatToken.js';
import { liveSessions } from '../auth/sessions.js';
import { clientAddress, expectedRawOrigin } from '../http/security.js';
import {
  XmppConnection,
  type Authenticate,
  type ConnectionOptions,
  type SessionAlive,
} from './connection.js';
import { JournaledArchive } from './journaledArchive.js';
import { createRedisBus } from './redisBus.js';
import { syncRoomsFromDirectory } from './rooms.js';
import { ChatServer } from './server.js';
import { DEFAULT_LIMITS } from './xml.js';

/** What the REST side uses to keep rooms in step (teams, forums, advice conversations). */
interface ChatApi {
  server: ChatServer;
  /** Options every new connection gets (tests and the benchmark raise the rate limit here). */
  connectionOptions: ConnectionOptions;
  rooms: {
    /** Adds/removes occupants (uuids), creating the room on first use; notifies with versions. */
    setAffiliations(
      mimId: string,
      change: { added?: readonly string[]; removed?: readonly string[] },
    ): Promise<unknown>;
    /** Tells the occupants the room was renamed (a MUC Light configuration message). */
    notifyConfig(mimId: string, config: { roomname: string }): Promise<void>;
    /** The room's state changed outside the chat (an advice conversation was closed). */
    refresh(mimId: string): void;
  };
  /** Resolves when every acknowledged chat message can be read from the database. */
  settled(): Promise<void>;
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

interface XmppPluginOptions {
  /** XMPP domain (config.xmppDomain by default). */
  domain?: string;
  /** WebSocket path. @default '/xmpp' */
  path?: string;
  /** SASL PLAIN check; defaults to the chat tokens of GET /api/v4/login/token. */
  authenticate?: Authenticate;
  /** Re-check of the session at bind; defaults to `liveSessions` (used with `authenticate`). */
  sessionAlive?: SessionAlive;
  /** With a URL, nodes route stanzas to each other over Redis pub/sub (config.redisUrl by default). */
  redisUrl?: string | undefined;
  rate?: ConnectionOptions['rate'];
  limits?: ConnectionOptions['limits'];
  /** See ChatServerOptions.joinOnPost (forum auto-join, decided by the REST side). */
  joinOnPost?: (mimId: string, senderUuid: string) => Promise<boolean>;
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
  // On the embedded database a message is acknowledged once the journal beside it has it
  // (journaledArchive.ts, issue 23); on PostgreSQL once its commit returns. What a crash left
  // in the journal is stored here, before anyone can connect.
  const writer = db.dataDir
    ? await JournaledArchive.open(db, {
        dir: db.dataDir,
        segmentBytes: app.config.xmpp.journalSegmentBytes,
        log: app.log,
      })
    : undefined;
  const server = new ChatServer({
    domain: opts.domain ?? app.config.xmppDomain,
    db,
    log: app.log,
    ...(opts.joinOnPost ? { joinOnPost: opts.joinOnPost } : {}),
    systemName: app.config.productName,
    now: app.config.now,
    logBatches: app.config.xmpp.logBatches,
    ...(writer ? { writer } : {}),
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

  const { config } = app;
  const authenticate: Authenticate =
    opts.authenticate ??
    ((uuid, token) => verifyChatToken(db, uuid, token, config.now(), config.sessionIdleMs));
  const sessionAlive: SessionAlive | undefined =
    opts.sessionAlive ??
    (opts.authenticate
      ? undefined
      : async (sessionId) =>
          (await liveSessions(db, config, [Number(sessionId)])).has(Number(sessionId)));
  const rate = opts.rate ?? config.xmpp.rate;
  const connOpts: ConnectionOptions = {
    server,
    authenticate,
    ...(sessionAlive ? { sessionAlive } : {}),
    limits: opts.limits ?? DEFAULT_LIMITS,
    ...(rate ? { rate } : {}),
    bindTimeoutMs: config.xmpp.bindTimeoutMs,
    maxQueuedBytes: config.xmpp.maxQueuedBytes,
    maxConnectionsPerUser: config.xmpp.maxConnectionsPerUser,
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

  /** Open sockets per client address (authenticated or not), for the per-IP cap (finding 8). */
  const perAddress = new Map<string, number>();
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = req.url ?? '';
    const q = url.indexOf('?');
    // Nothing else upgrades: answer instead of leaving the socket hanging (finding 7).
    if ((q === -1 ? url : url.slice(0, q)) !== path) {
      refuse(socket, 404, 'Not Found');
      return;
    }
    const origin = req.headers.origin;
    // Browsers always send Origin; a foreign one is a cross-site page trying to use our cookies'
    // site. Native and test clients send none, which is allowed (the token is the credential).
    if (origin !== undefined && origin !== expectedRawOrigin(config, req)) {
      refuse(socket, 403, 'Forbidden origin');
      return;
    }
    const protocols = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((s) => s.trim());
    if (!protocols.includes('xmpp')) {
      refuse(socket, 400, 'The xmpp subprotocol is required');
      return;
    }
    const address = clientAddress(req, config.trustProxy);
    const open = perAddress.get(address) ?? 0;
    if (open >= config.xmpp.maxConnectionsPerIp) {
      refuse(socket, 429, 'Too many chat connections from this address');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
      ws.once('close', () => {
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      });
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
  app.events.on('user:changed', ({ userId }) => {
    server.forgetUser(userId);
  });
  app.events.on('database:restored', () => {
    server.forgetCaches();
  });

  // Sessions also end by expiry (idle or absolute), which nobody announces: every socket's
  // session is checked periodically, and the sockets of dead ones are ended (finding 1).
  let checking: Promise<void> = Promise.resolve();
  const checkSessions = async () => {
    const { ids, used } = server.takeSessionsToCheck();
    const numeric = (xs: Iterable<string>) =>
      [...xs].map(Number).filter((n) => Number.isInteger(n) && n > 0);
    const alive = await liveSessions(db, config, numeric(ids), numeric(used));
    for (const id of numeric(ids))
      if (!alive.has(id)) server.kick({ sessionId: id }, false, 'Session expired');
  };
  const sessionTimer = setInterval(() => {
    checking = checking.then(checkSessions).catch((err: unknown) => {
      app.log.warn({ err }, 'chat session check failed');
    });
  }, config.xmpp.sessionCheckMs);
  sessionTimer.unref();

  // Messages reach analytics off their commit (analytics/chatRollup.ts): now (what a crash or a
  // stop left uncounted) and when the chat is quiet (at the latest a minute behind). A stop ends
  // the run going between two steps and leaves the rest to the next start.
  const stopAnalytics = new AbortController();
  const analyticsRuns = new Set<Promise<void>>();
  const catchUpAnalytics = (run: () => Promise<void>) => {
    const p = run()
      .catch((err: unknown) => {
        app.log.warn({ err }, 'chat analytics catch-up failed');
      })
      .finally(() => analyticsRuns.delete(p));
    analyticsRuns.add(p);
  };
  catchUpAnalytics(() => catchUpChatAnalytics(db, stopAnalytics.signal));
  const analyticsTimer = setInterval(() => {
    catchUpAnalytics(() => catchUpChatAnalyticsWhenQuiet(db, config.now(), stopAnalytics.signal));
  }, CATCH_UP_INTERVAL_MS);
  analyticsTimer.unref();

  const api: ChatApi = {
    server,
    connectionOptions: connOpts,
    rooms: {
      setAffiliations: (mimId, change) => server.setAffiliations(mimId, change),
      notifyConfig: (mimId, config) => server.notifyConfig(mimId, config),
      refresh: (mimId) => {
        server.refreshRoom(mimId);
      },
    },
    settled: () => server.writer.settled(),
    postSystemMessage: (mimId, body, subject, senderName) =>
      server.postSystemMessage(mimId, body, subject, senderName),
  };
  app.decorate('chat', api);

  app.addHook('preClose', async () => {
    clearInterval(sessionTimer);
    clearInterval(analyticsTimer);
    await checking;
    app.server.off('upgrade', onUpgrade);
    server.closeAll();
    for (const ws of wss.clients) ws.terminate();
    await server.writer.close();
    await server.markers.close();
    stopAnalytics.abort();
    await Promise.all(analyticsRuns);
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
