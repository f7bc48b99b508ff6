import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthResponseSchema, NoQuerySchema } from '@pando/domain';
import { PUBLIC } from '../authz/access.js';

/** GET /api/v4/health: 200 only when a real query reaches the database. */
export default function healthRoutes(
  app: FastifyInstance,
  _opts: unknown,
  done: (err?: Error) => void,
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        querystring: NoQuerySchema,
        response: { 200: HealthResponseSchema, 503: HealthResponseSchema },
      },
      config: { access: PUBLIC },
    },
    async (req, reply) => {
      try {
        await app.db.query('select 1');
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (err) {
        req.log.error({ err }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error', database: 'unreachable' });
      }
    },
  );
  done();
}
