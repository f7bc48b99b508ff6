// STUB for node:worker_threads (src/db/pgliteThread.ts, pgliteWorker.ts are replaced anyway).
export class Worker { constructor() { throw new Error('worker_threads.Worker: not in the browser'); } }
export const parentPort = null; export const workerData = undefined; export const isMainThread = true;
export default { Worker, parentPort, workerData, isMainThread };
