import type { Database } from '../db/client.js';
import { type AuditEvent, appendAudit } from './chain.js';

interface TrailLog {
  error(obj: object, msg: string): void;
}

/** Events kept while the database refuses them; past this the oldest are dropped (logged). */
const MAX_PENDING = 100_000;

/**
 * The audit trail's writer of reads and refusals: `record` queues an event and returns at once
 * (no round trip added to the read); the queue is written in one statement every `flushMs` or
 * when `flushEvents` are waiting, and on a clean stop (`close`). A `kill -9` loses at most the
 * events of the last window. Changes do not come here: they are appended in their own
 * transaction (`appendAudit`, src/audit/hooks.ts `auditChange`).
 */
export class AuditTrail {
  private pending: AuditEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly log: TrailLog,
    private readonly options: { flushMs: number; flushEvents: number },
  ) {}

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
