import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Checkpointer, walSettings, type CheckpointSettings } from './checkpointer.js';
import type { Database, DatabaseLog } from './client.js';
import { MaintenanceLoop } from './maintenance.js';
import { pgliteDatabase } from './pgliteDatabase.js';
import { PgliteStatements } from './pgliteStatements.js';
import { StatisticsRefresher } from './statistics.js';

/**
 * The embedded database as it runs inside its worker thread (pgliteWorker.ts): PGlite with a
 * synced WAL, prepared statements, and the maintenance loop (checkpoints, planner statistics).
 * Everything here is plain data so it crosses to the worker; the DATA_DIR lock stays with the
 * opener on the server's thread (pgliteThread.ts).
 */
export interface PgliteSettings {
  dataDir: string;
  checkpoint: CheckpointSettings;
  analyzeMs: number;
}

/**
 * PGlite's own start parameters minus `-F` (which turns fsync off), plus a WAL sync method
 * that reaches the disk before a commit returns (ARCHITECTURE.md "Durability"). PGlite 0.5.16
 * takes `startParams` as a full replacement of its `defaultStartParams`, so we keep the rest.
 */
function pgliteStartParams(checkpoint: CheckpointSettings): string[] {
  // WAL segments are recycled up to max_wal_size at each checkpoint and the rest removed
  // (checkpointer.ts), so pg_wal stays bounded; without checkpoints these change nothing.
  const wal = walSettings(checkpoint);
  return [
    ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
    '-c',
    'wal_sync_method=open_datasync',
    '-c',
    'fsync=on',
    '-c',
    'synchronous_commit=on',
    '-c',
    `max_wal_size=${wal.maxWalMb}MB`,
    '-c',
    `min_wal_size=${wal.minWalMb}MB`,
  ];
}

export async function openPgliteHere(
  settings: PgliteSettings,
  log: DatabaseLog,
): Promise<Database> {
  const { checkpoint } = settings;
  const client = await PGlite.create({
    dataDir: path.join(settings.dataDir, 'pglite'),
    startParams: pgliteStartParams(checkpoint),
    // Trigram indexes for search (migration 0200, src/search/indexes.ts): substring matches
    // on 10,000 users use the index instead of scanning every row.
    extensions: { pg_trgm },
  });
  // Raw queries (the chat's hot path, the auth lookups) run as prepared statements: one trip
  // into Postgres per call instead of six (pgliteStatements.ts).
  const statements = new PgliteStatements(client);
  const checkpointer = new Checkpointer(checkpoint, {
    currentLsn: async () =>
      (await statements.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn'))
        .rows[0]?.lsn ?? '0/0',
    checkpoint: () => client.exec('checkpoint').then(() => undefined),
    onCheckpoint: (e) => {
      log.info(
        { reason: e.reason, walMb: +(e.walBytes / 1048576).toFixed(1), ms: Math.round(e.ms) },
        'checkpoint',
      );
    },
  });
  const statistics = new StatisticsRefresher(settings.analyzeMs, {
    // VACUUM of users too (issue 20, migration 0800): it marks their pages all-visible, which
    // lets the admin list's far pages walk an index without reading rows (no autovacuum here).
    analyze: async () => {
      await client.exec('analyze');
      const users = await client.query<{ ok: boolean }>(
        `select to_regclass('users') is not null as ok`,
      );
      if (users.rows[0]?.ok) await client.exec('vacuum users');
    },
    onDone: (ms) => {
      log.info({ ms: Math.round(ms) }, 'planner statistics refreshed');
    },
  });
  // One loop for both (maintenance.ts): they never run at once.
  const maintenance = new MaintenanceLoop(
    [checkpointer, statistics].filter((job) => job.enabled),
    checkpoint.pollMs ?? 1000,
    (job, err) => {
      log.warn({ err }, `${job} failed; retried later`);
    },
  );
  try {
    await maintenance.start();
  } catch (err) {
    await client.close().catch(() => undefined);
    throw err;
  }
  return {
    ...pgliteDatabase(client, statements),
    dataDir: settings.dataDir,
    async close() {
      try {
        await maintenance.stop();
      } finally {
        await client.close();
      }
    },
  };
}
