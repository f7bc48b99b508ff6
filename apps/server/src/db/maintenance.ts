/**
 * The embedded database's maintenance loop: what PostgreSQL's background processes do under a
 * postmaster and PGlite's single-user backend never does on its own, the checkpoints
 * (checkpointer.ts) and the planner statistics (statistics.ts). One timer polls each job in
 * turn, so they never run at once and share one way to start, report and stop. Each job goes
 * through PGlite's one-query queue: a message arriving meanwhile waits for it. PostgreSQL
 * (`DATABASE_URL`) has its own checkpointer and autovacuum: nothing of this runs there.
 */
export interface MaintenanceJob {
  /** Named in the log when it fails. */
  readonly name: string;
  /** Called once before the first poll (e.g. to read where the WAL stands). */
  init?(): Promise<void>;
  /** One poll: does the work when it is due. Errors are reported and retried at the next poll. */
  poll(): Promise<void>;
}

export class MaintenanceLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly jobs: MaintenanceJob[],
    private readonly pollMs: number,
    private readonly onError?: (job: string, err: unknown) => void,
  ) {}

  async start(): Promise<void> {
    if (this.jobs.length === 0) return;
    for (const job of this.jobs) await job.init?.();
    this.timer = setInterval(() => {
      this.running ??= this.tick().finally(() => (this.running = undefined));
    }, this.pollMs);
    // Never what keeps the process alive.
    this.timer.unref();
  }

  /** One poll of every job, in order (the timer's work; tests call it directly). */
  async tick(): Promise<void> {
    for (const job of this.jobs) {
      // Not after stop(): the database is about to close.
      if (this.stopped) return;
      try {
        await job.poll();
      } catch (err) {
        // stop() may have closed the database while the job ran (the narrowing cannot see it).
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
        if (!this.stopped) this.onError?.(job.name, err);
      }
    }
  }

  /** Stops polling and waits for a job under way (before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}
