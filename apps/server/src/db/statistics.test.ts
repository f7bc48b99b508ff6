import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('planner statistics on the embedded database', () => {
  it('are gathered by the server itself, since PGlite has no autovacuum to do it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-analyze-'));
    dirs.push(dataDir);
    const refreshed: number[] = [];
    const db = await openDatabase({
      dataDir,
      pgliteAnalyzeMs: 200,
      log: {
        info: (o, msg) => {
          if (msg === 'planner statistics refreshed') refreshed.push((o as { ms: number }).ms);
        },
        warn: (o) => {
          throw new Error(`analyze failed: ${JSON.stringify(o)}`);
        },
      },
    });
    const statsRows = async () =>
      Number(
        (
          await db.query<{ n: string }>(
            `select count(*) as n from pg_stats where tablename = 'ward_beds'`,
          )
        ).rows[0]?.n,
      );
    try {
      await db.exec(
        `create table ward_beds (id serial primary key, ward text);
         insert into ward_beds (ward) select 'Ward ' || (g % 12) from generate_series(1, 5000) g;`,
      );
      // Nothing else ever analyzes a PGlite database (the next test: with the refresher off, none).
      const deadline = Date.now() + 10_000;
      while ((await statsRows()) === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await statsRows()).toBeGreaterThan(0);
      expect(refreshed.length).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  });

  it('can be turned off (PGLITE_ANALYZE_MINUTES=0)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-analyze-'));
    dirs.push(dataDir);
    const db = await openDatabase({ dataDir, pgliteAnalyzeMs: 0 });
    try {
      await db.exec(
        `create table ward_beds (id serial primary key, ward text);
         insert into ward_beds (ward) select 'Ward ' || (g % 12) from generate_series(1, 5000) g;`,
      );
      await new Promise((r) => setTimeout(r, 600));
      const r = await db.query<{ n: string }>(
        `select count(*) as n from pg_stats where tablename = 'ward_beds'`,
      );
      expect(Number(r.rows[0]?.n)).toBe(0);
    } finally {
      await db.close();
    }
  });
});
