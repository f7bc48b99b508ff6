import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { defaultMigrationsDir, migrate } from './migrate.js';
import fs from 'node:fs';

/**
 * Issue 36, reliability: two server processes started at once against a fresh PostgreSQL both
 * migrated, and the second died on `duplicate key value violates unique constraint
 * "pg_type_typname_nsp_index"` (both creating schema_migrations). Two databases (two pools, as
 * two processes have) migrate one empty schema at the same moment: both finish, each migration
 * applied once. PostgreSQL only (DATABASE_URL): the embedded database is one process per
 * DATA_DIR (its lock file).
 */
describe('migrations of two servers starting together', () => {
  it('are serialised: both start, every migration applied once', async () => {
    const databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) return; // PGlite: a second process is refused by the DATA_DIR lock.
    for (let round = 0; round < 3; round += 1) {
      const pgSchema = `mig_race_${String(process.pid)}_${randomBytes(4).toString('hex')}`;
      // The schema exists (as a deployment's database does); nothing is in it yet.
      const a = await openDatabase({ dataDir: '', databaseUrl, pgSchema });
      const b = await openDatabase({ dataDir: '', databaseUrl, pgSchema });
      try {
        const [ranA, ranB] = await Promise.all([migrate(a), migrate(b)]);
        const files = fs
          .readdirSync(defaultMigrationsDir())
          .filter((f) => /^\d{4}_.*\.sql$/.test(f));
        // One of them applied everything, the other found it done.
        expect([...ranA, ...ranB].sort()).toEqual(files.sort());
        const r = await a.query<{ n: number; d: number }>(
          'select count(*)::int as n, count(distinct version)::int as d from schema_migrations',
        );
        expect(r.rows[0]).toEqual({ n: files.length, d: files.length });
      } finally {
        await a.exec(`drop schema if exists "${pgSchema}" cascade`);
        await Promise.all([a.close(), b.close()]);
      }
    }
  }, 300_000);
});
