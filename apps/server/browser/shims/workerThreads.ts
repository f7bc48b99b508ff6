// node:worker_threads for the in-page server: only src/db/pgliteThread.ts and pgliteWorker.ts use
// it (PGlite in a thread), and the plugin replaces both (./pgliteThread.ts): the page's database
// is handed to buildServer. Reaching a Worker here is a bug.
import { notInBrowser } from './notInBrowser.js';

/** `new Worker(…)` throws. */
export function Worker(): never {
  throw notInBrowser('worker_threads.Worker');
}

export const isMainThread = true;
export const parentPort = null;
export const workerData = undefined;

export default { Worker, isMainThread, parentPort, workerData };
