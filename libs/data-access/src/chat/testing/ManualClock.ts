import type { Clock, TimerHandle } from '../clock';

interface Scheduled {
  id: number;
  at: number;
  callback: () => void;
}

/**
 * A clock that only moves when told to. `advance(ms)` runs due callbacks in time order (those
 * scheduled while advancing too), so backoff, throttles and refreshes are tested to the
 * millisecond without real waiting.
 */
export class ManualClock implements Clock {
  private time: number;
  private nextId = 1;
  private timers: Scheduled[] = [];

  constructor(start = Date.UTC(2026, 0, 5, 9, 0, 0)) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const timer = { id: this.nextId++, at: this.time + Math.max(0, ms), callback };
    this.timers.push(timer);
    return timer.id;
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  /** Number of pending timers (for asserting nothing is left running). */
  get pending(): number {
    return this.timers.length;
  }

  /** Moves time forward, running every callback that falls due, in order. */
  advance(ms: number): void {
    const target = this.time + ms;
    for (;;) {
      const due = this.timers
        .filter((t) => t.at <= target)
        .sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.callback();
    }
    this.time = target;
  }
}
