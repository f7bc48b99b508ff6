import { Worker } from 'node:worker_threads';
import { DEFAULT_CHECKPOINT } from './checkpointer.js';
import type { Database, DatabaseConfig, DatabaseTx } from './client.js';
import { acquireDataDirLock } from './lock.js';
import type { PgliteSettings } from './pglite.js';
import { DEFAULT_ANALYZE_MS } from './statistics.js';

/**
 * The embedded database in a worker thread of its own (issue 23).
 *
 * PGlite runs Postgres on the thread that calls it. In-process, the chat's batched archive
 * writes (a statement of ~125 rows every 250 ms at 500 msg/s, ~10 ms each on a 2-core EPYC)
 * held the thread that reads, routes and acknowledges messages, and the messages that arrived
 * meanwhile waited: that wait was the p99. In its own thread Postgres runs beside the chat on
 * the second core; every query crosses threads instead (a `postMessage` each way, tens of µs).
 * Measured in bench/RESULTS.md (session 12).
 *
 * The interface is unchanged (`Database`): queries, transactions (held open in the worker
 * until this side commits or rolls back) and errors (their message and fields such as `code`
 * and `constraint`) cross as plain data. The DATA_DIR lock is taken here, on the opener's
 * thread, so opening one directory twice in a process is refused as before.
 */

export type ToWorker =
  | { op: 'query'; id: number; text: string; params?: unknown[] | undefined }
  | { op: 'txquery'; id: number; tx: number; text: string; params?: unknown[] | undefined }
  | { op: 'exec'; id: number; text: string }
  | { op: 'begin'; id: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'close'; id: number };

export interface SerializedError {
  message: string;
  fields: Record<string, string | number>;
}

export type FromWorker =
  | { ready: true }
  | { log: 'info' | 'warn'; obj: object; msg: string }
  | { id: number; rows?: unknown[]; tx?: number; error?: SerializedError };

type Reply = Extract<FromWorker, { id: number }>;

/**
 * The worker's file: beside this source under tsx and vitest (loaded through tsx), beside the
 * bundle when bundled (build.ts writes `<name>.js` and `<name>.pglite-worker.js`).
 */
function workerEntry(): { url: URL; execArgv: string[] } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    return { url: new URL('./pgliteWorker.ts', here), execArgv: ['--import', 'tsx'] };
  }
  return { url: new URL(here.replace(/\.js$/, '.pglite-worker.js')), execArgv: [] };
}

function toError(e: SerializedError): Error {
  return Object.assign(new Error(e.message), e.fields);
}

export async function openPgliteThread(config: DatabaseConfig): Promise<Database> {
  const release = config.skipLock ? () => undefined : acquireDataDirLock(config.dataDir);
  const settings: PgliteSettings = {
    dataDir: config.dataDir,
    // Copied field by field: only data crosses to the worker.
    checkpoint: { ...(config.pgliteCheckpoint ?? DEFAULT_CHECKPOINT) },
    analyzeMs: config.pgliteAnalyzeMs ?? DEFAULT_ANALYZE_MS,
  };
  const { url, execArgv } = workerEntry();
  const worker = new Worker(url, { workerData: settings, execArgv });
  const pending = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  /** Set once the worker is gone: every later call fails with it. */
  let stopped: Error | undefined;

  // The worker keeps the process alive only while a request waits for it (as a query on
  // PGlite in-process did), so a server or script that forgets close() still exits.
  const settle = (id: number) => {
    const p = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return p;
  };
  const call = (message: ToWorker): Promise<Reply> => {
    if (stopped) return Promise.reject(stopped);
    return new Promise((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(message.id, { resolve, reject });
      worker.postMessage(message);
    });
  };
  const id = () => ++nextId;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: FromWorker) => {
      if ('ready' in m) resolve();
      else if ('log' in m) config.log?.[m.log](m.obj, m.msg);
      else {
        const p = settle(m.id);
        if (m.error) p?.reject(toError(m.error));
        else p?.resolve(m);
      }
    });
    const fail = (err: Error) => {
      stopped ??= new Error(`The embedded database stopped: ${err.message}`, { cause: err });
      reject(err);
      for (const key of [...pending.keys()]) settle(key)?.reject(stopped);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      fail(new Error(`its thread exited (code ${String(code)})`));
    });
  });
  try {
    await ready;
  } catch (err) {
    await worker.terminate();
    release();
    throw err;
  }
  worker.unref();

  const txQueries = (tx: number): DatabaseTx => ({
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the row type, as pg's query<T> does
    async query<T>(text: string, params?: unknown[]) {
      const r = await call({ op: 'txquery', id: id(), tx, text, params });
      return { rows: (r.rows ?? []) as T[] };
    },
  });

  return {
    kind: 'pglite',
    dataDir: config.dataDir,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the row type, as pg's query<T> does
    async query<T>(text: string, params?: unknown[]) {
      const r = await call({ op: 'query', id: id(), text, params });
      return { rows: (r.rows ?? []) as T[] };
    },
    async transaction(fn) {
      const { tx = 0 } = await call({ op: 'begin', id: id() });
      let result;
      try {
        result = await fn(txQueries(tx));
      } catch (err) {
        await call({ op: 'end', id: id(), tx, commit: false }).catch(() => undefined);
        throw err;
      }
      await call({ op: 'end', id: id(), tx, commit: true });
      return result;
    },
    async exec(text) {
      await call({ op: 'exec', id: id(), text });
    },
    async close() {
      try {
        if (!stopped) await call({ op: 'close', id: id() });
      } finally {
        stopped ??= new Error('The embedded database is closed.');
        await worker.terminate();
        release();
      }
    },
  };
}
