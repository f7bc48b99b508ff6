/// <reference types="vite/client" />
// What the page needs before the embedded server can hold its database: the migrations, bundled
// as text, and a plain `Database` on the page's PGlite to apply them and the seed through (the
// held database of src/embedded/rollbackDatabase.ts comes after both: their own begin/commit
// would end its transaction). It is src/db/pglite.ts openPgliteHere's without a data directory,
// durable-WAL start parameters or maintenance loop.
import type { PGlite } from '@electric-sql/pglite';
import type { MigrationSource } from '../../src/db/applyMigrations.js';
import type { Database } from '../../src/db/client.js';
import { PgliteStatements } from '../../src/db/pgliteStatements.js';

/** apps/server/migrations, as db/applyMigrations.ts takes them. */
export const MIGRATIONS: MigrationSource[] = Object.entries(
  import.meta.glob<string>('../../migrations/*.sql', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
).map(([file, sql]) => ({ file: file.slice(file.lastIndexOf('/') + 1), sql }));

export function plainDatabase(client: PGlite): Database {
  const statements = new PgliteStatements(client);
  return {
    kind: 'pglite',
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the row type, as pg's query<T> does
    query<T>(text: string, params?: unknown[]) {
      return statements.query<T>(text, params);
    },
    transaction: (fn) =>
      client.transaction((t) =>
        fn({
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- as above
          async query<T>(text: string, params?: unknown[]) {
            return { rows: (await t.query<T>(text, params)).rows };
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
