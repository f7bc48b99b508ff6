import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import {
  Checkpointer,
  DEFAULT_CHECKPOINT,
  walSettings,
  type CheckpointSettings,
} from './checkpointer.js';
import { MaintenanceLoop } from './maintenance.js';
import { DEFAULT_ANALYZE_MS, StatisticsRefresher } from './statistics.js';
import { acquireDataDirLock } from './lock.js';
import { PgliteStatements } from './pgliteStatements.js';

interface QueryResult<T> {
  rows: T[];
}

/**
 * What runs inside `transaction`: the same queries, bound to the transaction. Queries are SQL
 * with parameters; the tables are declared once in Drizzle (`./schema`), which a test holds
 * equal to the migrations (apps/server/README.md "Database": why no query builder).
 */
export interface DatabaseTx {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface Database extends DatabaseTx {
  kind: 'pglite' | 'postgres';
  /** PGlite only: the DATA_DIR it lives in (the chat journal sits beside it). */
  dataDir?: string;
  transaction<T>(fn: (tx: DatabaseTx) => Promise<T>): Promise<T>;
  /** Runs several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseConfig {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to use (tests isolate each file in its own schema). */
  pgSchema?: string | undefined;
  /** Skip the DATA_DIR lock (only for throwaway test copies). */
  skipLock?: boolean;
  /** PGlite only: when to CHECKPOINT (checkpointer.ts); DEFAULT_CHECKPOINT when absent. */
  pgliteCheckpoint?: CheckpointSettings | undefined;
  /** PGlite only: how often planner statistics are refreshed (statistics.ts; 0: never). */
  pgliteAnalyzeMs?: number | undefined;
  /** Where the checkpointer reports (the server's logger). */
  log?: DatabaseLog | undefined;
}

/** The part of the server's (pino) logger the database layer uses. */
interface DatabaseLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
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

async function openPglite(config: DatabaseConfig): Promise<Database> {
  const release = config.skipLock ? () => undefined : acquireDataDirLock(config.dataDir);
  const checkpoint = config.pgliteCheckpoint ?? DEFAULT_CHECKPOINT;
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: path.join(config.dataDir, 'pglite'),
      startParams: pgliteStartParams(checkpoint),
      // Trigram indexes for search (migration 0200, src/search/indexes.ts): substring matches
      // on 10,000 users use the index instead of scanning every row.
      extensions: { pg_trgm },
    });
  } catch (err) {
    release();
    throw err;
  }
  // Raw queries (the chat's hot path, the auth lookups) run as prepared statements: one trip
  // into Postgres per call instead of six (pgliteStatements.ts).
  const statements = new PgliteStatements(client);
  const { log } = config;
  const checkpointer = new Checkpointer(checkpoint, {
    currentLsn: async () =>
      (await statements.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn'))
        .rows[0]?.lsn ?? '0/0',
    checkpoint: () => client.exec('checkpoint').then(() => undefined),
    onCheckpoint: (e) => {
      log?.info(
        { reason: e.reason, walMb: +(e.walBytes / 1048576).toFixed(1), ms: Math.round(e.ms) },
        'checkpoint',
      );
    },
  });
  const statistics = new StatisticsRefresher(config.pgliteAnalyzeMs ?? DEFAULT_ANALYZE_MS, {
    // VACUUM of users too (issue 20, migration 0800): it marks their pages all-visible, which
    // lets the admin list's far pages walk an index without reading rows (no autovacuum here).
    analyze: async () => {
      await client.exec('analyze');
      const users = await client.query<{ ok: boolean }>(
        `select to_regclass('users') is not null as ok`,
      );
      if (users.rows[0]?.ok) await client.exec('vacuum users');
    },
    onDone: (ms) => log?.info({ ms: Math.round(ms) }, 'planner statistics refreshed'),
  });
  // One loop for both (maintenance.ts): they never run at once.
  const maintenance = new MaintenanceLoop(
    [checkpointer, statistics].filter((job) => job.enabled),
    checkpoint.pollMs ?? 1000,
    (job, err) => log?.warn({ err }, `${job} failed; retried later`),
  );
  try {
    await maintenance.start();
  } catch (err) {
    await client.close().catch(() => undefined);
    release();
    throw err;
  }
  return {
    kind: 'pglite',
    dataDir: config.dataDir,
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
    async close() {
      try {
        await maintenance.stop();
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** Settings without which a committed row can vanish on a crash. */
const DURABILITY_SETTINGS = ['fsync', 'synchronous_commit', 'full_page_writes'] as const;

export class UnsafeDatabaseError extends Error {}

const INT8_OID = 20;

function int8AsNumber(oid: number, format?: 'text' | 'binary'): unknown {
  if (oid === INT8_OID) return (value: string) => Number(value);
  // pg's overloads take its TypeId enum; any oid the server sends is valid here.
  return (pg.types.getTypeParser as (oid: number, format?: string) => unknown)(oid, format);
}

async function openPostgres(config: DatabaseConfig & { databaseUrl: string }): Promise<Database> {
  const pgSchema = config.pgSchema;
  const pool = new pg.Pool({
    connectionString: config.databaseUrl,
    max: 10,
    // bigint (count(*)) as a JS number, as PGlite returns it; our counts stay far below 2^53.
    types: { getTypeParser: int8AsNumber },
    ...(pgSchema ? { options: `-c search_path=${pgSchema}` } : {}),
  });
  try {
    const off: string[] = [];
    for (const name of DURABILITY_SETTINGS) {
      const r = await pool.query<{ setting: string }>(`select current_setting($1) as setting`, [
        name,
      ]);
      if (r.rows[0]?.setting === 'off') off.push(name);
    }
    if (off.length > 0) {
      throw new UnsafeDatabaseError(
        `Refusing to start: PostgreSQL has ${off.join(', ')} off, so committed sessions and messages could be lost on a crash. Turn ${off.length > 1 ? 'them' : 'it'} on.`,
      );
    }
    if (pgSchema) await pool.query(`create schema if not exists "${pgSchema.replaceAll('"', '')}"`);
  } catch (err) {
    await pool.end();
    throw err;
  }
  return {
    kind: 'postgres',
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the row type, as pg's query<T> does
    async query<T>(text: string, params?: unknown[]) {
      const res = await pool.query(text, params);
      return { rows: res.rows as T[] };
    },
    async transaction(fn) {
      const c = await pool.connect();
      try {
        await c.query('begin');
        const result = await fn({
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the row type, as pg's query<T> does
          async query<T>(text: string, params?: unknown[]) {
            const res = await c.query(text, params);
            return { rows: res.rows as T[] };
          },
        });
        await c.query('commit');
        return result;
      } catch (err) {
        await c.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        c.release();
      }
    },
    async exec(text) {
      const c = await pool.connect();
      try {
        await c.query(text);
      } catch (err) {
        await c.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        c.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/** PostgreSQL when `databaseUrl` is set, otherwise PGlite in `dataDir` (locked). */
export function openDatabase(config: DatabaseConfig): Promise<Database> {
  const { databaseUrl } = config;
  return databaseUrl ? openPostgres({ ...config, databaseUrl }) : openPglite(config);
}
