import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { percentile } from './scenarios.js';

/** A journal record of a short 1:1 message is ~600 B (apps/server/src/xmpp/journal.ts). */
const RECORD_BYTES = 600;
const FILE_BYTES = 1 << 20;

/**
 * The floor under our sequential p50 on the embedded database (issue 23): the p50 of `n` durable
 * writes of one journal record, made as the chat journal makes them (a preallocated file opened
 * with O_DSYNC, written in place), in `dir` (where the benches keep the servers' data). Every
 * message waits for one such write before it is routed; the peers write nothing synced. The
 * figure moves with the host (0.09–0.45 ms over sessions 12–15), so the bench takes it before
 * every sequential run, beside the latencies it explains.
 */
export function syncedWriteP50Ms(dir = os.tmpdir(), n = 200): number {
  const file = path.join(dir, `pando-bench-sync-${process.pid}`);
  const record = Buffer.alloc(RECORD_BYTES, 'x');
  let fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, Buffer.alloc(FILE_BYTES));
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_DSYNC);
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const at = (i * RECORD_BYTES) % (FILE_BYTES - RECORD_BYTES);
      const t0 = performance.now();
      fs.writeSync(fd, record, 0, RECORD_BYTES, at);
      times.push(performance.now() - t0);
    }
    return percentile(
      times.sort((a, b) => a - b),
      50,
    );
  } finally {
    fs.closeSync(fd);
    fs.rmSync(file, { force: true });
  }
}
