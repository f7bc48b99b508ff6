import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DevMailbox } from '../mail/mailer.js';
import { parseInput } from './errors.js';

const MailboxQuerySchema = z.object({ to: z.string().trim().toLowerCase().max(254).optional() });

/** GET /api/dev/mailbox?to=: never registered in production (buildServer checks NODE_ENV). */
export function registerDevRoutes(app: FastifyInstance, mailbox: DevMailbox): void {
  app.get('/api/dev/mailbox', (req, reply) => {
    const { to } = parseInput(MailboxQuerySchema, req.query);
    return reply.send({ results: mailbox.list(to) });
  });
}
