import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DevMailbox } from '../mail/mailer.js';
import { parseInput } from './errors.js';

/** One recipient per call: the mailbox never lists everyone's login codes. */
const MailboxQuerySchema = z.object({ to: z.string().trim().toLowerCase().min(3).max(254) });

/**
 * GET /api/dev/mailbox?to=: registered only in the local development mode without SMTP_URL
 * (`config.devMailbox`, decided in config.ts); a production server has no such route.
 */
export function registerDevRoutes(app: FastifyInstance, mailbox: DevMailbox): void {
  app.get('/api/dev/mailbox', (req, reply) => {
    const { to } = parseInput(MailboxQuerySchema, req.query);
    return reply.send({ results: mailbox.list(to) });
  });
}
