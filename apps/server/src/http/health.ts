import type { FastifyInstance } from 'fastify';

/** GET /api/v4/health: 200 only when a real query reaches the database. */
export function registerHealthRoutes(app: FastifyInstance): void {
  app.get('/api/v4/health', async (req, reply) => {
    try {
      await app.db.query('select 1');
      return { status: 'ok', database: 'ok' };
    } catch (err) {
      req.log.error({ err }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'error', database: 'unreachable' });
    }
  });
}
