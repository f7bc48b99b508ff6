import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { ServerEvents } from './events.js';
import { registerErrorHandling } from './http/errors.js';
import {
  registerCsrfProtection,
  registerJsonParser,
  registerSecurityHeaders,
} from './http/security.js';
import { registerWebApp } from './http/static.js';
import { registerHealthRoutes } from './http/health.js';
import { registerRuntimeConfigRoute } from './http/runtimeConfig.js';
import { createMailer, DevMailbox, type Mailer } from './mail/mailer.js';
import { registerAuthRoutes } from './auth/routes.js';
import { registerUserRoutes } from './users/routes.js';
import { sweepExpired } from './auth/sweeper.js';
import { registerDevRoutes } from './http/dev.js';
import { seedDatabase } from './seed/index.js';
import xmppPlugin from './xmpp/plugin.js';
import teamsPlugin from './teams/plugin.js';
import { joinForumOnPost } from './teams/routes.js';
import advicePlugin from './advice/plugin.js';
import chatRoomPlugin from './chatRoom/plugin.js';
import searchPlugin from './search/plugin.js';
import uploadsPlugin from './uploads/plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    /** `session:revoked` on logout, `user:blocked` on block: the chat server drops sockets. */
    events: ServerEvents;
    mailer: Mailer;
    /** Local development mode without SMTP_URL only (`config.devMailbox`). */
    devMailbox: DevMailbox | undefined;
  }
}

const SWEEP_INTERVAL_MS = 3_600_000;

export interface ServerDeps {
  /** An open, migrated database; when absent buildServer opens, migrates and seeds one. */
  db?: Database;
  mailer?: Mailer;
}

/**
 * The Fastify app used by `npm start` (src/main.ts) and by every test. When it opened the
 * database itself, closing the app closes the database.
 */
export async function buildServer(config: Config, deps: ServerDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    // Idle keep-alive sockets must not hold a graceful shutdown open.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });

  let db = deps.db;
  if (!db) {
    db = await openDatabase(config);
    const owned = db;
    app.addHook('onClose', async () => owned.close());
    try {
      await migrate(db);
      if (config.seed === 'demo') await seedDatabase(db, { now: config.now() });
    } catch (err) {
      await app.close();
      throw err;
    }
  }
  const devMailbox = config.devMailbox ? new DevMailbox(config.now) : undefined;
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      mailbox: devMailbox,
      logBodies: config.localDev,
      log: app.log,
    });

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('events', new ServerEvents());
  app.decorate('mailer', mailer);
  app.decorate('devMailbox', devMailbox);
  app.addHook('onClose', async () => mailer.close());

  registerErrorHandling(app);
  registerJsonParser(app);
  registerSecurityHeaders(app, config);
  registerCsrfProtection(app, config);
  await app.register(fastifyCookie);

  registerHealthRoutes(app);
  registerRuntimeConfigRoute(app);
  registerAuthRoutes(app);
  registerUserRoutes(app);
  if (devMailbox) registerDevRoutes(app, devMailbox);

  // ---- Chat server (XMPP over WebSocket at /xmpp). ----
  // Posting into a forum makes the poster a member (spec 01 §4); the teams module decides.
  await app.register(xmppPlugin, {
    joinOnPost: (mimId, senderUuid) => joinForumOnPost(app, mimId, senderUuid),
  });
  // ------------------------------------------------------------------------------------------

  // ---- Teams, forums, advice, search, chat-room lookup, images and files (issue 6). ----
  await app.register(teamsPlugin);
  await app.register(advicePlugin);
  await app.register(chatRoomPlugin);
  await app.register(searchPlugin);
  await app.register(uploadsPlugin);

  await registerWebApp(app, config);

  // Expired sessions, tokens and old login attempts are deleted at start and then hourly.
  let sweeping: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const sweep = () => {
    sweeping = sweepExpired(app.db, config).then(
      () => undefined,
      (err: unknown) => {
        app.log.warn({ err }, 'sweeping expired sessions failed');
      },
    );
  };
  app.addHook('onReady', (done) => {
    sweep();
    timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
    done();
  });
  // Registered before the database's own onClose hooks run, so no sweep outlives the database.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await sweeping;
  });
  return app;
}
