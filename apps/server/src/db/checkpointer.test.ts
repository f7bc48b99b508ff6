import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  Checkpointer,
  lsnToBytes,
  QUIET_BYTES,
  walSettings,
  type CheckpointEvent,
  type CheckpointSettings,
} from './checkpointer.js';
import { openDatabase } from './client.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function walDirBytes(dataDir: string): number {
  const wal = path.join(dataDir, 'pglite', 'pg_wal');
  let total = 0;
  for (const f of fs.readdirSync(wal)) {
    const st = fs.statSync(path.join(wal, f));
    if (st.isFile()) total += st.size;
  }
  return total;
}

const MB = 1024 * 1024;
const SEGMENT_BYTES = 16 * MB;

/**
 * The documented bound on `pg_wal` with the checkpointer on (by size): `max_wal_size` plus the
 * segment being written and one more for a poll's overshoot.
 */
function walBoundBytes(s: CheckpointSettings): number {
  return walSettings(s).maxWalMb * MB + 2 * SEGMENT_BYTES;
}

describe('the embedded database checkpointer', () => {
  it('keeps pg_wal under its bound while far more WAL than that is written', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-ckpt-'));
    dirs.push(dataDir);
    const settings = { walBytes: 16 * MB, intervalMs: 0, pollMs: 20 };
    const events: CheckpointEvent[] = [];
    const db = await openDatabase({
      dataDir,
      pgliteCheckpoint: settings,
      log: {
        info: (o) => events.push(o as unknown as CheckpointEvent),
        warn: (o) => {
          throw new Error(`checkpoint failed: ${JSON.stringify(o)}`);
        },
      },
    });
    const bound = walBoundBytes(settings);
    let largest = 0;
    try {
      await db.exec('create table filler (id serial primary key, body text)');
      const lsn = async () =>
        lsnToBytes(
          (await db.query<{ l: string }>('select pg_current_wal_insert_lsn()::text as l')).rows[0]!
            .l,
        );
      const start = await lsn();
      // Each round writes a row and moves to a new 16 MB segment (what a busy chat does in a few
      // seconds, without the disk time): without checkpoints every segment stays in pg_wal.
      // Two segments past the bound: without checkpoints pg_wal holds all of it, so exceeds it.
      while ((await lsn()) - start < bound + 2 * 16 * MB) {
        await db.query(`insert into filler (body) values (repeat('x', 300))`);
        await db.query('select pg_switch_wal()');
        // Let the poll in between the statements, as the chat's batches do.
        await new Promise((r) => setTimeout(r, 40));
        largest = Math.max(largest, walDirBytes(dataDir));
      }
    } finally {
      await db.close();
    }
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(largest).toBeLessThanOrEqual(bound);
  }, 120_000);

  it('checkpoints by time only when WAL was written, and not again on an idle database', async () => {
    let lsn = 1000;
    const taken: CheckpointEvent[] = [];
    const c = new Checkpointer(
      { walBytes: 0, intervalMs: 50, pollMs: 1_000_000 },
      {
        currentLsn: () => Promise.resolve(`0/${lsn.toString(16)}`),
        checkpoint: () => {
          lsn += 100; // the checkpoint record itself
          return Promise.resolve();
        },
        onCheckpoint: (e) => taken.push(e),
      },
    );
    await c.init();
    await new Promise((r) => setTimeout(r, 60));
    await c.poll();
    expect(taken).toEqual([]); // nothing written yet
    lsn += 5000;
    await c.poll();
    expect(taken.map((e) => [e.reason, e.walBytes])).toEqual([['time', 5000]]);
    await new Promise((r) => setTimeout(r, 60));
    await c.poll();
    expect(taken).toHaveLength(1); // only its own record since: idle
  });

  it('checkpoints by size before the interval is up, however busy the chat', async () => {
    let lsn = 2 ** 32; // across the "hi/lo" boundary of the LSN text
    let count = 0;
    const c = new Checkpointer(
      { walBytes: MB, intervalMs: 3_600_000, pollMs: 1_000_000 },
      {
        currentLsn: () =>
          Promise.resolve(
            `${Math.floor(lsn / 2 ** 32).toString(16)}/${(lsn % 2 ** 32).toString(16)}`,
          ),
        checkpoint: () => {
          count++;
          return Promise.resolve();
        },
      },
    );
    await c.init();
    lsn += MB - 1; // busy: all of it since the previous poll
    await c.poll();
    expect(count).toBe(0);
    lsn += QUIET_BYTES; // still busy
    await c.poll();
    expect(count).toBe(1);
  });

  it('takes a checkpoint in a quiet moment once half the WAL distance is written, not while busy', async () => {
    let lsn = 1000;
    const taken: CheckpointEvent['reason'][] = [];
    const c = new Checkpointer(
      { walBytes: MB, intervalMs: 3_600_000, pollMs: 1_000_000 },
      {
        currentLsn: () => Promise.resolve(`0/${lsn.toString(16)}`),
        checkpoint: () => Promise.resolve(),
        onCheckpoint: (e) => taken.push(e.reason),
      },
    );
    await c.init();
    lsn += MB / 4;
    await c.poll(); // busy, a quarter written
    lsn += 1000;
    await c.poll(); // quiet, but under half written
    lsn += MB / 3;
    await c.poll(); // past half, busy
    expect(taken).toEqual([]);
    lsn += QUIET_BYTES - 1;
    await c.poll(); // past half, quiet
    expect(taken).toEqual(['quiet']);
  });

  it('a checkpoint due by time waits for a quiet poll, for at most another interval', async () => {
    let lsn = 1000;
    const taken: CheckpointEvent['reason'][] = [];
    const c = new Checkpointer(
      { walBytes: 0, intervalMs: 40, pollMs: 1_000_000 },
      {
        currentLsn: () => Promise.resolve(`0/${lsn.toString(16)}`),
        checkpoint: () => Promise.resolve(),
        onCheckpoint: (e) => taken.push(e.reason),
      },
    );
    await c.init();
    await new Promise((r) => setTimeout(r, 45));
    lsn += QUIET_BYTES; // due by time, but busy
    await c.poll();
    expect(taken).toEqual([]);
    await new Promise((r) => setTimeout(r, 45));
    lsn += QUIET_BYTES; // still busy, twice the interval: taken anyway
    await c.poll();
    expect(taken).toEqual(['time']);
  });
});
