import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { ServerEvents } from '../events.js';
import type { DevMailbox, Mailer } from '../mail/mailer.js';

export interface CoreOptions {
  config: Config;
  db: Database;
  mailer: Mailer;
  devMailbox: DevMailbox | undefined;
}

/**
 * The decorators every area uses (db, config, events, mailer, dev mailbox; typed in app.ts),
 * shared with the whole app (fastify-plugin: not encapsulated). `app.chat` comes from the chat
 * server's plugin.
 */
export const core = fp(
  (app: FastifyInstance, opts: CoreOptions, done: (err?: Error) => void) => {
    app.decorate('config', opts.config);
    app.decorate('db', opts.db);
    app.decorate('events', new ServerEvents());
    app.decorate('mailer', opts.mailer);
    app.decorate('devMailbox', opts.devMailbox);
    app.addHook('onClose', async () => opts.mailer.close());
    done();
  },
  { name: 'core' },
);
