import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DevMailboxQuerySchema, DevMailboxResponseSchema } from '@pando/domain';
import { PUBLIC } from '../authz/access.js';
import type { DevMailbox } from '../mail/mailer.js';

/**
 * GET /api/dev/mailbox?to=: registered only in the local development mode without SMTP_URL
 * (`config.devMailbox`, decided in config.ts); a production server has no such route. One
 * recipient per call: the mailbox never lists everyone's login codes.
 */
export function registerDevRoutes(app: FastifyInstance, mailbox: DevMailbox): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dev/mailbox',
    {
      schema: {
        querystring: DevMailboxQuerySchema,
        response: { 200: DevMailboxResponseSchema },
      },
      config: { access: PUBLIC },
    },
    (req) => Promise.resolve({ results: mailbox.list(req.query.to) }),
  );
}
