// An in-page PGlite behind the server's Database interface (what src/db/pglite.ts openPgliteHere
// does inside its worker thread, minus the DATA_DIR, durable-WAL start params and maintenance loop).
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database } from '../../../apps/server/src/db/client';
import { PgliteStatements } from '../../../apps/server/src/db/pgliteStatements';

/**
 * The in-page database. Two additions for the reset measurements (src/reset.ts):
 * - `swap(client)`: the same `Database` object (the one `buildServer` decorated as `app.db`) now
 *   talks to another PGlite instance (strategy 3: a fresh instance from a snapshot, no new server);
 * - `beginOuter()` / `rollbackOuter()` (strategy 1): one transaction held open around everything;
 *   while it is, the server's `db.transaction` becomes a SAVEPOINT inside it, `db.exec` too, and
 *   every top-level query and transaction takes one lock (`serial`), so that no other request's
 *   statement runs between the statements of a savepoint (on one connection it would otherwise
 *   join it, and be undone with it).
 */
export interface BrowserDatabase {
  db: Database;
  client: PGlite;
  swap(next: PGlite): PGlite;
  beginOuter(): Promise<void>;
  rollbackOuter(opts?: { beginAgain?: boolean }): Promise<void>;
  readonly outerActive: boolean;
}

export async function openBrowserDatabase(opts: { loadDataDir?: Blob } = {}): Promise<BrowserDatabase> {
  const client = await PGlite.create({
    // in-memory (memory://); `loadDataDir` restores a dumpDataDir() tarball instead of initdb
    extensions: { pg_trgm },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  return wrapBrowserDatabase(client);
}

export function wrapBrowserDatabase(first: PGlite): BrowserDatabase {
  let client = first;
  let statements = new PgliteStatements(client);
  let outer = false;
  let savepoints = 0;
  // A FIFO lock (promise chain), used only while the outer transaction is open.
  let tail: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
  const txQuery = async (text: string, params?: unknown[]) => ({ rows: (await statements.query(text, params)).rows as never[] });
  const inSavepoint = async <T>(fn: () => Promise<T>): Promise<T> => {
    const sp = `spike_sp${++savepoints}`;
    await client.exec(`savepoint ${sp}`);
    try {
      const result = await fn();
      await client.exec(`release savepoint ${sp}`);
      return result;
    } catch (err) {
      await client.exec(`rollback to savepoint ${sp}; release savepoint ${sp}`).catch(() => undefined);
      throw err;
    }
  };
  const db: Database = {
    kind: 'pglite',
    // dataDir left undefined: the XMPP plugin then skips its file journal (JournaledArchive).
    // Outer mode: each top-level statement in a savepoint of its own, as autocommit would be, so a
    // failing one (a unique violation the server answers with 409) does not abort the outer one.
    query: (text, params) =>
      outer ? serial(() => inSavepoint(() => statements.query(text, params))) : statements.query(text, params),
    transaction: (fn) =>
      outer
        ? serial(() => inSavepoint(() => fn({ query: txQuery as never })))
        : client.transaction((t) =>
            fn({
              async query(text: string, params?: unknown[]) {
                const res = await t.query(text, params);
                return { rows: res.rows as never[] };
              },
            }),
          ),
    async exec(text) {
      if (outer) return serial(() => inSavepoint(() => client.exec(text).then(() => undefined)));
      try {
        await client.exec(text);
      } catch (err) {
        await client.exec('rollback').catch(() => undefined);
        throw err;
      }
    },
    close: () => client.close(),
  };
  return {
    db,
    get client() { return client; },
    get outerActive() { return outer; },
    swap(next) {
      const prev = client;
      client = next;
      statements = new PgliteStatements(next); // prepared statements live in the old backend
      return prev;
    },
    async beginOuter() {
      await client.exec('begin');
      outer = true;
    },
    /** ROLLBACK the outer transaction (after every request in it has finished) and BEGIN again. */
    rollbackOuter({ beginAgain = true } = {}) {
      return serial(async () => {
        await client.exec(beginAgain ? 'rollback; begin' : 'rollback');
        outer = beginAgain;
      });
    },
  };
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
