/**
 * What the API benchmarks share (bench/api/run.ts, bench/api/admin.ts): starting and stopping
 * processes, opening the server's database beside it, and measuring an endpoint with
 * autocannon. Not a test: nothing here asserts.
 */
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import autocannon from 'autocannon';
import pg from 'pg';

export const DURATION = Number(process.env.BENCH_API_SECONDS ?? 10);
export const CONNECTIONS = 10;

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => {
        resolve(port);
      });
    });
  });
}

export async function waitFor(
  url: string,
  child: ChildProcess,
  what: string,
  timeoutMs = 180_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not start in ${timeoutMs} ms`);
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => {
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** SQL on the server's database (PGlite directory or PostgreSQL URL), while the server is stopped. */
export interface Sql {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- typed rows, like pg and PGlite
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  close(): Promise<void>;
}

export async function openSql(dataDir: string, databaseUrl: string | undefined): Promise<Sql> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    return {
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- see Sql
      query: async <T>(text: string, params?: unknown[]) => ({
        rows: (await pool.query(text, params)).rows as T[],
      }),
      close: () => pool.end(),
    };
  }
  // The server opens PGlite with pg_trgm (its search indexes use it), so writes here need it too.
  const lite = await PGlite.create({
    dataDir: path.join(dataDir, 'pglite'),
    extensions: { pg_trgm },
  });
  return { query: (text, params) => lite.query(text, params), close: () => lite.close() };
}

export interface Row {
  name: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spread(values: number[]): Spread {
  const v = [...values].sort((a, b) => a - b);
  return { median: v[Math.floor(v.length / 2)] ?? 0, min: v[0] ?? 0, max: v[v.length - 1] ?? 0 };
}

export function summarise(runs: Row[]): {
  name: string;
  p50: Spread;
  p99: Spread;
  rps: Spread;
  errors: number;
} {
  return {
    name: runs[0]?.name ?? '?',
    p50: spread(runs.map((r) => r.p50)),
    p99: spread(runs.map((r) => r.p99)),
    rps: spread(runs.map((r) => r.rps)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
  };
}

export const span = (s: Spread, f: (n: number) => number = (n) => n) =>
  s.min === s.max ? `${f(s.median)}` : `${f(s.median)} (${f(s.min)}–${f(s.max)})`;

export const loadNow = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

export async function measure(
  name: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<Row> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const row = {
    name,
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    errors: r.errors + r.timeouts + r.non2xx,
  };
  console.log(
    `${name}: p50 ${row.p50} ms, p99 ${row.p99} ms, ${Math.round(row.rps)} req/s, ${row.errors} errors/non-2xx`,
  );
  return row;
}
