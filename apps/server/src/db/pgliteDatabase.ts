import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './client.js';
import { PgliteStatements } from './pgliteStatements.js';

/**
 * The server's `Database` over an open PGlite: raw queries as prepared statements
 * (pgliteStatements.ts), driver-level transactions, and batches that never leave a transaction
 * open. The embedded database's thread adds its data directory and maintenance loop (pglite.ts);
 * a page uses it as it is, to migrate and seed before the database is held (src/embedded).
 */
export function pgliteDatabase(
  client: PGlite,
  statements = new PgliteStatements(client),
): Database {
  return {
    kind: 'pglite',
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the row type, as pg's query<T> does
    query<T>(text: string, params?: unknown[]) {
      return statements.query<T>(text, params);
    },
    // Driver-level transactions, so queries inside them parse types exactly as outside.
    transaction: (fn) =>
      client.transaction((t) =>
        fn({
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the row type, as pg's query<T> does
          async query<T>(text: string, params?: unknown[]) {
            const res = await t.query<T>(text, params);
            return { rows: res.rows };
          },
        }),
      ),
    async exec(text) {
      try {
        await client.exec(text);
      } catch (err) {
        // A failed batch can leave an explicit transaction open on the single connection.
        await client.exec('rollback').catch(() => undefined);
        throw err;
      }
    },
    close: () => client.close(),
  };
}
