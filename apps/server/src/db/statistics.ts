import type { MaintenanceJob } from './maintenance.js';

/**
 * Planner statistics for the embedded database (issue 20).
 *
 * PGlite runs PostgreSQL in single-user mode: no autovacuum daemon, so nothing ever runs
 * ANALYZE and the planner works from guesses. On the admin benchmark's network (50
 * organisations, 100,000 people) a far page of the users list sorted by joining date then sorted
 * every person (~100,000 buffers instead of ~2,000), and a common search scanned organisation by
 * organisation. The server refreshes the statistics itself, every PGLITE_ANALYZE_MINUTES
 * (default 60; 0 turns it off), a job of the maintenance loop (maintenance.ts) beside the
 * checkpointer, through PGlite's one-query queue: a message
 * arriving meanwhile waits for it (ANALYZE samples at most 30,000 rows a table, so the wait does
 * not grow with the archive). Not at start: the statistics persist across restarts, and a
 * restart after a crash must stay short. PostgreSQL (`DATABASE_URL`) has autovacuum: nothing of
 * this runs there.
 */
export const DEFAULT_ANALYZE_MS = 60 * 60_000;

/** The ANALYZE job of the maintenance loop (maintenance.ts). */
export class StatisticsRefresher implements MaintenanceJob {
  readonly name = 'analyze';
  private lastAt = Date.now();

  constructor(
    private readonly everyMs: number,
    private readonly hooks: {
      analyze(): Promise<void>;
      onDone?: ((ms: number) => void) | undefined;
    },
  ) {}

  get enabled(): boolean {
    return this.everyMs > 0;
  }

  /** One ANALYZE of every table once `everyMs` passed since the last (or since the start). */
  async poll(): Promise<void> {
    if (Date.now() - this.lastAt < this.everyMs) return;
    // Moved first: a failed ANALYZE is retried at the next interval, not at every poll.
    this.lastAt = Date.now();
    const t0 = performance.now();
    await this.hooks.analyze();
    this.hooks.onDone?.(performance.now() - t0);
  }
}
