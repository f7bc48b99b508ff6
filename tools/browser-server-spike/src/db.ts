// An in-page PGlite behind the server's Database interface (what src/db/pglite.ts openPgliteHere
// does inside its worker thread, minus the DATA_DIR, durable-WAL start params and maintenance loop).
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database } from '../../../apps/server/src/db/client';
import { PgliteStatements } from '../../../apps/server/src/db/pgliteStatements';

export async function openBrowserDatabase(opts: { loadDataDir?: Blob } = {}): Promise<{ db: Database; client: PGlite }> {
  const client = await PGlite.create({
    // in-memory (memory://); `loadDataDir` restores a dumpDataDir() tarball instead of initdb
    extensions: { pg_trgm },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const statements = new PgliteStatements(client);
  const db: Database = {
    kind: 'pglite',
    // dataDir left undefined: the XMPP plugin then skips its file journal (JournaledArchive).
    query: (text, params) => statements.query(text, params),
    transaction: (fn) =>
      client.transaction((t) =>
        fn({
          async query(text: string, params?: unknown[]) {
            const res = await t.query(text, params);
            return { rows: res.rows as never[] };
          },
        }),
      ),
    async exec(text) {
      try {
        await client.exec(text);
      } catch (err) {
        await client.exec('rollback').catch(() => undefined);
        throw err;
      }
    },
    close: () => client.close(),
  };
  return { db, client };
}

// The migrations as Vite imports them (src/db/migrate.ts reads them with fs.readdirSync).
const files = import.meta.glob('../../../apps/server/migrations/*.sql', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
const MIGRATION_LOCK_KEY = 7_261_601;

/** Same algorithm as applyMigrations in src/db/migrate.ts, over the bundled texts. */
export async function migrateBrowser(db: Database): Promise<string[]> {
  await db.exec(`create table if not exists schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())`);
  const done = new Set((await db.query<{ version: number }>('select version from schema_migrations')).rows.map((r) => r.version));
  const applied: string[] = [];
  for (const [p, text] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const file = p.split('/').pop()!;
    const version = Number(file.slice(0, 4));
    if (done.has(version)) continue;
    await db.exec(`begin;\nselect pg_advisory_xact_lock(${MIGRATION_LOCK_KEY});\n${text}\n;insert into schema_migrations (version, name) values (${version}, '${file}');\ncommit;`);
    applied.push(file);
  }
  return applied;
}
