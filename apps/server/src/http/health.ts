import type { FastifyInstance } from 'fastify';
import { systemEndpoints } from '@pando/domain';

/**
 * GET /api/v4/health: 200 only when a real query reaches the database. Registered from its
 * declaration like `route` (src/http/endpoint.ts) does, but with its own 503 and without the
 * API's error answers (`route` adds them to every route's document; a monitor reads only these
 * two).
 */
export default function healthRoutes(
  app: FastifyInstance,
  _opts: unknown,
  done: (err?: Error) => void,
): void {
  const health = systemEndpoints.health;
  app.route({
    method: health.method,
    url: health.path,
    schema: { querystring: health.query, response: health.responses },
    config: { access: health.access, endpoint: health },
    handler: async (req, reply) => {
      try {
        await app.db.query('select 1');
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (err) {
        req.log.error({ err }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error', database: 'unreachable' });
      }
    },
  });
  done();
}
