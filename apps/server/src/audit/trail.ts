import type { Database } from '../db/client.js';
import { type AuditEvent, appendAudit } from './chain.js';

interface TrailLog {
  error(obj: object, msg: string): void;
}

/** Events kept while the database refuses them; past this the oldest are dropped (logged). */
const MAX_PENDING = 100_000;

/**
 * Repeated reads remembered (`recordRead`); past this the oldest are forgotten, which only means
 * their next read is recorded again.
 */
const MAX_READ_KEYS = 50_000;

/**
 * The audit trail's writer of reads and refusals: `record` queues an event and returns at once
 * (no round trip added to the read); the queue is written in one statement every `flushMs` or
 * when `flushEvents` are waiting, and on a clean stop (`close`). A `kill -9` loses at most the
 * events of the last window. Changes do not come here: they are appended in their own
 * transaction (`appendAudit`, src/audit/hooks.ts `auditChange`).
 *
 * An open card refetches every few seconds; `recordRead` records such an allowed read once per
 * `readRepeatMs` window per session, user, action, resource and outcome (the first read of each
 * window is always recorded), so the trail still answers "who accessed this record, and when
 * first in each window" without a row per refetch.
 */
export class AuditTrail {
  private pending: AuditEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;
  /** Repeated-read key → start (ms) of its window; in order of start, oldest first. */
  private readonly reads = new Map<string, number>();
  /** The latest event time seen by `recordRead` (the trail's clock is the events' `at`). */
  private latestRead = 0;

  constructor(
    private readonly db: Database,
    private readonly log: TrailLog,
    private readonly options: { flushMs: number; flushEvents: number; readRepeatMs: number },
  ) {}

  /**
   * An allowed read of patient data: recorded unless the same session and user made the same
   * read, with the same outcome, within the last `readRepeatMs` (0: every read). Anything else
   * (a refusal, a change) is recorded as `record` does.
   */
  recordRead(event: AuditEvent): void {
    const windowMs = this.options.readRepeatMs;
    if (windowMs <= 0 || event.outcome !== 'allowed') {
      this.record(event);
      return;
    }
    const at = event.at.getTime();
    this.latestRead = Math.max(this.latestRead, at);
    const key = JSON.stringify([
      event.sessionId,
      event.userId,
      event.action,
      event.resourceType,
      event.resourceId,
      event.outcome,
    ]);
    const start = this.reads.get(key);
    if (start !== undefined && at >= start && at - start < windowMs) return;
    // A new window: moved to the end, so the map stays in order of start.
    this.reads.delete(key);
    this.reads.set(key, at);
    for (const oldest of this.reads.keys()) {
      if (this.reads.size <= MAX_READ_KEYS) break;
      this.reads.delete(oldest);
    }
    this.record(event);
  }

  /** Forgets every read seen (`database:restored`: the rows they were written to are gone). */
  forgetReads(): void {
    this.reads.clear();
  }

  /** Forgets the repeated reads whose window is over (on each flush). */
  private forgetExpiredReads(): void {
    for (const [key, start] of this.reads) {
      if (this.latestRead - start < this.options.readRepeatMs) break;
      this.reads.delete(key);
    }
  }

  record(event: AuditEvent): void {
    this.pending.push(event);
    if (this.pending.length > MAX_PENDING) {
      const dropped = this.pending.splice(0, this.pending.length - MAX_PENDING);
      this.log.error(
        { dropped: dropped.length },
        'audit trail: events dropped, the database refuses them',
      );
    }
    // After close (a request finishing during shutdown), each event is written at once.
    if (this.closed || this.pending.length >= this.options.flushEvents) {
      void this.flush();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.options.flushMs);
    this.timer.unref();
  }

  /** Writes what is queued; one write at a time, so each chain keeps its order. */
  flush(): Promise<void> {
    this.forgetExpiredReads();
    this.flushing = this.flushing.then(async () => {
      clearTimeout(this.timer);
      this.timer = undefined;
      const batch = this.pending;
      if (batch.length === 0) return;
      this.pending = [];
      try {
        await appendAudit(this.db, batch);
      } catch (err) {
        this.pending = [...batch, ...this.pending];
        this.log.error({ err, events: batch.length }, 'audit trail: writing events failed');
        if (!this.closed) {
          this.timer ??= setTimeout(() => {
            this.timer = undefined;
            void this.flush();
          }, this.options.flushMs);
          this.timer.unref();
        }
      }
    });
    return this.flushing;
  }

  /** A clean stop: everything queued is written before the database closes. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }
}
