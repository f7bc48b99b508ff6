import { CHAT_RECONNECT_TIMEOUT_MS } from '@pando/domain';

// The connection state machine, the message-loading machine and the disconnect-flood rule are
// the domain's (`@pando/domain` connection/); this module only adds what the spec leaves to the
// client: how long to wait before trying again.

/**
 * Reconnect backoff. The spec gives only the 60 s chat reconnect timeout; we use it as the cap
 * of an exponential backoff starting at 1 s (what users of comparable products expect: a quick
 * first retry after a blip, no hammering after an outage) and as the limit on one connect
 * attempt. ±25 % jitter keeps a ward's worth of clients from reconnecting in lockstep.
 */
const RECONNECT_BASE_DELAY_MS = 1000;
const RECONNECT_MAX_DELAY_MS = CHAT_RECONNECT_TIMEOUT_MS;
export const CONNECT_ATTEMPT_TIMEOUT_MS = CHAT_RECONNECT_TIMEOUT_MS;
const JITTER = 0.25;

/** Delay before reconnect attempt `attempt + 1` (attempt 0 = right after a working session). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(
    RECONNECT_BASE_DELAY_MS * 2 ** Math.max(0, attempt),
    RECONNECT_MAX_DELAY_MS,
  );
  const jittered = base * (1 - JITTER + 2 * JITTER * random());
  return Math.round(Math.min(jittered, RECONNECT_MAX_DELAY_MS));
}
