// The migration algorithm without a file system: the Node server reads apps/server/migrations
// (./migrate.ts); a browser build passes the same files bundled as text.
import type { Database } from './client.js';

/** One numbered SQL migration: its file name (`0001_init.sql`) and its text. */
export interface MigrationSource {
  file: string;
  sql: string;
}

const MIGRATION_LOCK_KEY = 7_261_601;

export const MIGRATION_FILE_NAME = /^(\d{4})_[a-z0-9_]+\.sql$/;

/**
 * Applies numbered plain-SQL files in order, each in its own transaction, recording them in
 * `schema_migrations`. Plain numbered files (not a generator's journal) let several engineers
 * add migrations in parallel: the XMPP archive owns 0100-0199.
 */
export async function applyMigrations(
  db: Database,
  migrations: readonly MigrationSource[],
): Promise<string[]> {
  // PostgreSQL: several server processes may start at once (replicas). The first to take this
  // lock migrates; the others wait for it (a transaction on a connection of its own holds the
  // lock while the files run on the pool's other connections), then find everything applied.
  // Without it both created schema_migrations at once and one died on a duplicate pg_type row
  // (issue 36). The key is per schema, so databases in other schemas (tests) do not wait.
  // PGlite: one process per DATA_DIR (its lock file), and one connection (a held transaction
  // would block the migrations themselves).
  if (db.kind === 'postgres') {
    return db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1, hashtext(current_schema()))', [
        MIGRATION_LOCK_KEY,
      ]);
      return applyInOrder(db, migrations);
    });
  }
  return applyInOrder(db, migrations);
}

async function applyInOrder(
  db: Database,
  migrations: readonly MigrationSource[],
): Promise<string[]> {
  await db.exec(
    `create table if not exists schema_migrations (
       version integer primary key,
       name text not null,
       applied_at timestamptz not null default now()
     )`,
  );
  const seen = new Map<number, MigrationSource>();
  for (const m of [...migrations].sort((a, b) => a.file.localeCompare(b.file))) {
    if (!MIGRATION_FILE_NAME.test(m.file)) throw new Error(`not a migration file name: ${m.file}`);
    const v = Number(m.file.slice(0, 4));
    const other = seen.get(v);
    if (other) throw new Error(`two migrations share number ${v}: ${other.file} and ${m.file}`);
    seen.set(v, m);
  }
  const done = new Set(
    (await db.query<{ version: number }>('select version from schema_migrations')).rows.map(
      (r) => r.version,
    ),
  );
  const applied: string[] = [];
  for (const [version, { file, sql: text }] of seen) {
    if (done.has(version)) continue;
    // BEGIN/COMMIT in one simple-protocol batch: PGlite and pg both run multi-statement text
    // atomically this way, and a failing statement rolls the whole file back.
    try {
      // One simple-protocol batch: atomic on PGlite and pg alike. The advisory lock makes a
      // second server process starting at the same moment wait, then fail on the duplicate
      // version, which we recognise below.
      await db.exec(
        `begin;\nselect pg_advisory_xact_lock(${MIGRATION_LOCK_KEY});\n${text}\n;insert into schema_migrations (version, name) values (${version}, '${file}');\ncommit;`,
      );
      applied.push(file);
    } catch (err) {
      const now = await db.query('select 1 from schema_migrations where version = $1', [version]);
      if (now.rows.length === 0) {
        throw new Error(`migration ${file} failed: ${(err as Error).message}`, { cause: err });
      }
    }
  }
  return applied;
}
