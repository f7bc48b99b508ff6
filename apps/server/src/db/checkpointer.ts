import type { MaintenanceJob } from './maintenance.js';

/**
 * A checkpointer for the embedded database (issue 23).
 *
 * PGlite runs PostgreSQL in single-user mode: there is no checkpointer process, and a
 * single-user backend never requests a checkpoint when `max_wal_size` is passed (only a backend
 * under a postmaster does). Without one, `pg_wal` grows until a clean shutdown (1.1 → 2.6 GB in
 * a 10-minute soak at 2,000 msg/s) and a restart after a crash replays all of it (5.2 s after
 * 360 k messages). So the server issues `CHECKPOINT` itself, when `walBytes` of WAL were written
 * since the last one or `intervalMs` passed with any WAL written, whichever comes first.
 *
 * A job of the maintenance loop (maintenance.ts), so it runs through PGlite's own queue (one
 * query at a time, never inside another's transaction): a message arriving during a checkpoint
 * waits for it (157 ms median at 16 MB apart, loaded machine). So a checkpoint prefers a quiet
 * moment, a poll with under `QUIET_BYTES` of WAL since the previous one: from half of
 * `walBytes` on it is taken at the first quiet poll, and one due by time waits for a quiet poll
 * for up to another `intervalMs`. At `walBytes` it is taken whatever the chat does, so the bound
 * below holds; under steady load no poll is quiet and nothing changes.
 *
 * With the segments recycled up to `max_wal_size` (PGlite's start parameters, `walSettings`),
 * `pg_wal` stays under `max_wal_size` plus two segments (the one being written and a poll's
 * overshoot: checkpointer.test.ts holds it). PostgreSQL (`DATABASE_URL`) has its own checkpointer:
 * nothing of this runs there.
 */

export interface CheckpointSettings {
  /** A checkpoint when this many bytes of WAL were written since the last one (0: never by size). */
  walBytes: number;
  /** A checkpoint when this long passed since the last one and WAL was written (0: never by time). */
  intervalMs: number;
  /** How often the maintenance loop polls, so the WAL position is read (one trivial query). */
  pollMs?: number;
}

/** The defaults of PGLITE_CHECKPOINT_WAL_MB and PGLITE_CHECKPOINT_SECONDS (config.ts). */
export const DEFAULT_CHECKPOINT: CheckpointSettings = {
  walBytes: 64 * 1024 * 1024,
  intervalMs: 300_000,
};

export interface CheckpointEvent {
  /** What triggered it. */
  reason: 'wal' | 'quiet' | 'time';
  /** WAL written since the previous checkpoint. */
  walBytes: number;
  /** How long the CHECKPOINT statement took (the time other queries waited). */
  ms: number;
}

export interface CheckpointerHooks {
  /** The current WAL insert position, as `pg_current_wal_insert_lsn()::text` ("16/B374D848"). */
  currentLsn(): Promise<string>;
  checkpoint(): Promise<void>;
  onCheckpoint?: ((e: CheckpointEvent) => void) | undefined;
}

/** WAL between two polls (1 s) under which the chat counts as quiet: about ten messages. */
export const QUIET_BYTES = 16 * 1024;

const SEGMENT_BYTES = 16 * 1024 * 1024;
const MB = 1024 * 1024;

/** "16/B374D848" → bytes (exact below 2^53, i.e. 8 PB of WAL). */
export function lsnToBytes(lsn: string): number {
  const [hi = '0', lo = '0'] = lsn.split('/');
  return parseInt(hi, 16) * 2 ** 32 + parseInt(lo, 16);
}

/**
 * `max_wal_size` twice the checkpoint distance, so a checkpoint always comes before Postgres
 * would need a segment beyond the recycled ones; never below its minimum of two segments.
 */
export function walSettings(s: CheckpointSettings): { maxWalMb: number; minWalMb: number } {
  const checkpointMb = Math.ceil(s.walBytes / MB);
  const maxWalMb = Math.max(2 * checkpointMb, 2 * (SEGMENT_BYTES / MB));
  return { maxWalMb, minWalMb: 2 * (SEGMENT_BYTES / MB) };
}

/** The checkpoint job of the maintenance loop (maintenance.ts): one poll reads the WAL position. */
export class Checkpointer implements MaintenanceJob {
  readonly name = 'checkpoint';
  private lastLsn = 0;
  /** The position at the previous poll: what was written since tells whether the chat is quiet. */
  private polledLsn = 0;
  private lastAt = Date.now();

  constructor(
    private readonly settings: CheckpointSettings,
    private readonly hooks: CheckpointerHooks,
  ) {}

  get enabled(): boolean {
    return this.settings.walBytes > 0 || this.settings.intervalMs > 0;
  }

  async init(): Promise<void> {
    this.lastLsn = this.polledLsn = lsnToBytes(await this.hooks.currentLsn());
    this.lastAt = Date.now();
  }

  /** A checkpoint if a threshold is passed, earlier in a quiet moment (see above). */
  async poll(): Promise<void> {
    const lsn = lsnToBytes(await this.hooks.currentLsn());
    const written = lsn - this.lastLsn;
    const quiet = lsn - this.polledLsn < QUIET_BYTES;
    this.polledLsn = lsn;
    const { walBytes, intervalMs } = this.settings;
    const elapsed = Date.now() - this.lastAt;
    let reason: CheckpointEvent['reason'] | undefined;
    if (walBytes > 0 && written >= walBytes) reason = 'wal';
    else if (walBytes > 0 && quiet && written >= walBytes / 2) reason = 'quiet';
    else if (intervalMs > 0 && written > 0 && elapsed >= (quiet ? intervalMs : 2 * intervalMs))
      reason = 'time';
    if (!reason) return;
    const t0 = performance.now();
    await this.hooks.checkpoint();
    const ms = performance.now() - t0;
    // Read after it, so the checkpoint's own record does not count as WAL written (an idle
    // server would otherwise checkpoint at every interval).
    this.lastLsn = this.polledLsn = lsnToBytes(await this.hooks.currentLsn());
    this.lastAt = Date.now();
    this.hooks.onCheckpoint?.({ reason, walBytes: written, ms });
  }
}
