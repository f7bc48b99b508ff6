// `pg` for the in-page server: src/db/client.ts imports it for openPostgres (DATABASE_URL), which
// a page never calls: its database is PGlite, handed to buildServer.
import { notInBrowser } from './notInBrowser.js';

/** `new pg.Pool(…)` throws. */
export function Pool(): never {
  throw notInBrowser('pg.Pool (PostgreSQL over the network)');
}

export const types = {
  getTypeParser(): never {
    throw notInBrowser('pg.types');
  },
};

export default { Pool, types };
