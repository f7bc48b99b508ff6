import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { registerAccessHooks } from './authz/access.js';
import type { ServerEvents } from './events.js';
import { core } from './http/decorators.js';
import { ANALYTICS_BASE, REST_BASE } from './http/endpoint.js';
import { registerErrorHandling } from './http/errors.js';
import { openApi } from './http/openapi.js';
import { routeShape } from './http/routeShape.js';
import {
  registerCsrfProtection,
  registerDevHostCheck,
  registerJsonParser,
  registerSecurityHeaders,
} from './http/security.js';
import { registerWebApp } from './http/static.js';
import healthRoutes from './http/health.js';
import { registerRuntimeConfigRoute } from './http/runtimeConfig.js';
import { createMailer, DevMailbox, type Mailer } from './mail/mailer.js';
import authRoutes from './auth/routes.js';
import userRoutes from './users/routes.js';
import { sweepExpired } from './auth/sweeper.js';
import { registerDevRoutes } from './http/dev.js';
import { seedDatabase } from './seed/index.js';
import xmppPlugin from './xmpp/plugin.js';
import teamRoutes, { joinForumOnPost } from './teams/routes.js';
import adviceRoutes from './advice/routes.js';
import chatRoomRoutes from './chatRoom/routes.js';
import searchPlugin from './search/plugin.js';
import uploadsPlugin from './uploads/plugin.js';
import patientRoutes from './patients/routes.js';
import adminRoutes from './admin/routes.js';
import analyticsRoutes from './analytics/routes.js';
import formRoutes from './forms/routes.js';
import { auditPlugin, registerAuditHooks } from './audit/hooks.js';
import auditRoutes from './audit/routes.js';

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
    db = await openDatabase({ ...config, log: app.log });
    const owned = db;
    app.addHook('onClose', async () => {
      // The audit trail's last batch (requests that finished during the stop) goes first.
      if (app.hasDecorator('audit')) await app.audit.close();
      await owned.close();
    });
    try {
      await migrate(db);
      if (config.seed === 'demo')
        await seedDatabase(db, { now: config.now(), xmppDomain: config.xmppDomain });
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

  await app.register(core, { config, db, mailer, devMailbox });
  // The audit trail's writer and retention (src/audit/README.md).
  await app.register(auditPlugin);
  // Before any route: the zod compilers, the list of API routes and the OpenAPI collector.
  await app.register(routeShape);
  await app.register(openApi);

  registerErrorHandling(app);
  registerJsonParser(app);
  registerSecurityHeaders(app, config);
  registerCsrfProtection(app, config);
  registerDevHostCheck(app, config);
  await app.register(fastifyCookie);

  registerRuntimeConfigRoute(app);
  if (devMailbox) {
    registerDevRoutes(app, devMailbox);
    app.events.on('database:restored', () => {
      devMailbox.clear();
    });
  }

  // ---- Chat server (XMPP over WebSocket at /xmpp). ----
  // Posting into a forum makes the poster a member (spec 01 §4); the teams module decides.
  await app.register(xmppPlugin, {
    joinOnPost: (mimId, senderUuid) => joinForumOnPost(app, mimId, senderUuid),
  });
  // ------------------------------------------------------------------------------------------

  // ---- The REST API: one encapsulated plugin per area under /api/v4. Each route declares its
  // schemas and access rule (src/http/routeShape.ts); the hooks authenticate and guard. ----
  await app.register(
    async (api) => {
      registerAccessHooks(api);
      registerAuditHooks(api);
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(teamRoutes);
      await api.register(adviceRoutes);
      await api.register(chatRoomRoutes);
      await api.register(searchPlugin);
      await api.register(uploadsPlugin);
      await api.register(patientRoutes);
      await api.register(adminRoutes);
      await api.register(formRoutes);
      await api.register(auditRoutes);
    },
    { prefix: REST_BASE },
  );
  // Analytics (spec 02 §7, API v1): the same hooks, its own prefix.
  await app.register(
    async (api) => {
      registerAccessHooks(api);
      await api.register(analyticsRoutes);
    },
    { prefix: ANALYTICS_BASE },
  );

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
