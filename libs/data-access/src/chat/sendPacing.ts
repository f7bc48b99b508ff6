/**
 * Outbox pacing: a burst of 100 messages goes out at once, then 50 per second. Our server (and
 * a MongooseIM shaper) ends a stream that sends more than 100 stanzas/s sustained; flushing a
 * long offline queue must not get the user disconnected in a loop. Half the server's rate
 * leaves room for markers and queries.
 */
export const OUTBOX_BURST = 100;
export const OUTBOX_RATE_PER_SECOND = 50;

/** The token bucket of the outbox pacing. */
export class SendPacing {
  private tokens = OUTBOX_BURST;
  private at = 0;

  /** Takes a token at `now`; when none is left, says how long until the next one (ms). */
  take(now: number): { ok: true } | { ok: false; waitMs: number } {
    const refill = ((now - this.at) * OUTBOX_RATE_PER_SECOND) / 1000;
    this.tokens = Math.min(OUTBOX_BURST, this.tokens + refill);
    this.at = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, waitMs: Math.ceil(((1 - this.tokens) * 1000) / OUTBOX_RATE_PER_SECOND) };
  }
}
