import pg from 'pg';
import type { CheckpointSettings } from './checkpointer.js';
import { openPgliteThread } from './pgliteThread.js';

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
export interface DatabaseLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
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

/**
 * PostgreSQL when `databaseUrl` is set, otherwise PGlite in `dataDir` (locked), in a worker
 * thread of its own (pgliteThread.ts).
 */
export function openDatabase(config: DatabaseConfig): Promise<Database> {
  const { databaseUrl } = config;
  return databaseUrl ? openPostgres({ ...config, databaseUrl }) : openPgliteThread(config);
}
