import type { FastifyInstance } from 'fastify';
import { ensureSearchIndexes } from './indexes.js';
import { registerSearchRoutes } from './routes.js';

/** Issue 6 search route; registered by buildServer. Brings the search indexes up to trigram first. */
export default async function searchPlugin(app: FastifyInstance): Promise<void> {
  const kind = await ensureSearchIndexes(app.db);
  if (kind === 'btree') {
    app.log.info(
      'search: pg_trgm is not loaded; substring search scans instead of using a trigram index',
    );
  }
  registerSearchRoutes(app);
}
