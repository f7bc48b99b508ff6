/**
 * What the API benchmarks share (bench/api/run.ts, bench/api/admin.ts): starting our server on a
 * data directory (or PostgreSQL database) of its own, opening that database beside it, measuring
 * an endpoint with autocannon, and handing the figures to the A/B harness (bench/ab/run.mjs).
 * Not a test: nothing here asserts.
 *
 * BENCH_TREE=<checkout>: the server measured is that tree's (apps/server/src/main.ts, run with
 * its own node_modules), not this one's — the A/B harness measures the base commit this way.
 * BENCH_JSON=<file>: also write the figures there as JSON (`Figure[]`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import autocannon from 'autocannon';
import pg from 'pg';

/** The checkout whose server is measured (BENCH_TREE, else this one). */
export const TREE = path.resolve(
  process.env.BENCH_TREE ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../..'),
);

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

/** Our server as `npm start` runs it, on a database of its own, for one benchmark. */
export interface BenchServer {
  /** `http://127.0.0.1:<port>`. */
  base: string;
  dataDir: string;
  /** Set when BENCH_API_POSTGRES asked for PostgreSQL. */
  databaseUrl: string | undefined;
  engine: 'embedded PGlite' | 'PostgreSQL';
  /** The running server's process id (its CPU time is read from /proc), once started. */
  readonly pid: number | undefined;
  /** Starts the server (again) and waits until its health check answers. */
  start(what?: string): Promise<void>;
  stop(): Promise<void>;
  /** Stops it and removes its data (kept with BENCH_API_KEEP). */
  close(): Promise<void>;
}

/**
 * Our server of TREE on a fresh data directory with the demo organisation (`SEED=demo`, so in
 * the development mode), on embedded PGlite, or with BENCH_API_POSTGRES=postgres://…/db in a
 * database of its own, created here and dropped by `close()`. `extraEnv` adds settings (the
 * audit benchmark's AUDIT_TRAIL=off baseline).
 */
export async function benchServer(
  name: string,
  extraEnv: Record<string, string> = {},
): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pando-bench-${name}-`));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // The demo organisation is the data set, and a production server refuses to seed it.
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '/nonexistent',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  const admin = process.env.BENCH_API_POSTGRES;
  const dbName = `pando_bench_${name.replace(/\W/g, '_')}_${process.pid}`;
  let databaseUrl: string | undefined;
  if (admin) {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`create database ${dbName}`);
    await c.end();
    const u = new URL(admin);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
    env.DATABASE_URL = databaseUrl;
  }
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const server: BenchServer = {
    base,
    dataDir,
    databaseUrl,
    engine: admin ? 'PostgreSQL' : 'embedded PGlite',
    get pid() {
      return child?.pid;
    },
    async start(what = 'our server') {
      // `--import tsx` resolves from the working directory: TREE's own tsx and dependencies.
      child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(TREE, 'apps/server/src/main.ts')],
        {
          cwd: TREE,
          env,
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      );
      await waitFor(`${base}/api/v4/health`, child, what);
    },
    async stop() {
      if (child) await stop(child);
    },
    async close() {
      await server.stop();
      if (process.env.BENCH_API_KEEP) console.log(`kept ${dataDir}`);
      else fs.rmSync(dataDir, { recursive: true, force: true });
      if (admin) {
        const c = new pg.Client({ connectionString: admin });
        await c.connect();
        await c.query(`drop database if exists ${dbName}`);
        await c.end();
      }
    },
  };
  return server;
}

/** One figure for the A/B harness: a name, its unit, and which way is better. */
export interface Figure {
  name: string;
  unit: string;
  better: 'lower' | 'higher';
  value: number;
}

/** With BENCH_JSON=<file>, writes the figures there for the A/B harness. */
export function writeFigures(figures: Figure[]): void {
  const file = process.env.BENCH_JSON;
  if (file) fs.writeFileSync(file, JSON.stringify(figures, null, 2));
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
  /** CPU time (user + system) the server process spent per answered request, when measured. */
  cpuUs?: number;
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
  cpuUs: Spread | undefined;
  errors: number;
} {
  return {
    name: runs[0]?.name ?? '?',
    p50: spread(runs.map((r) => r.p50)),
    p99: spread(runs.map((r) => r.p99)),
    rps: spread(runs.map((r) => r.rps)),
    cpuUs: runs.every((r) => r.cpuUs !== undefined)
      ? spread(runs.map((r) => r.cpuUs ?? 0))
      : undefined,
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

/**
 * CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat (Linux; undefined
 * elsewhere or once it is gone). Clock ticks are 1/100 s on Linux.
 */
function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * One endpoint under autocannon: 2 s warm-up, then DURATION s. With `serverPid`, also the
 * server's CPU time per answered request: on a shared machine requests per second mostly measure
 * the other work, while the CPU the server spends on a request moves far less with the load.
 */
export async function measure(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  serverPid?: number,
): Promise<Row> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const cpuBefore = cpuSeconds(serverPid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const cpuAfter = cpuSeconds(serverPid);
  const row: Row = {
    name,
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    errors: r.errors + r.timeouts + r.non2xx,
  };
  if (cpuBefore !== undefined && cpuAfter !== undefined && r.requests.total > 0)
    row.cpuUs = ((cpuAfter - cpuBefore) * 1e6) / r.requests.total;
  console.log(
    `${name}: p50 ${row.p50} ms, p99 ${row.p99} ms, ${Math.round(row.rps)} req/s, ${row.errors} errors/non-2xx${row.cpuUs === undefined ? '' : `, server CPU ${row.cpuUs.toFixed(1)} µs/request`}`,
  );
  return row;
}
