import { CHAT_RECONNECT_TIMEOUT_MS } from '@pando/domain';

/**
 * Spec 01 §8/§9: 30 or more disconnects within 2 hours raise an "unstable connection" report
 * and reset the counter. These belong in `@pando/domain` `connection/` with the other spec §9
 * constants; they live here until that module exists (it was empty when the chat client was
 * written), and move there without a change of meaning.
 */
export const DISCONNECT_FLOOD_COUNT = 30;
export const DISCONNECT_FLOOD_WINDOW_MS = 2 * 60 * 60 * 1000;

/**
 * Reconnect backoff. The spec gives only the 60 s chat reconnect timeout; we use it as the cap
 * of an exponential backoff starting at 1 s (what users of comparable products expect: a quick
 * first retry after a blip, no hammering after an outage) and as the limit on one connect
 * attempt. ±25 % jitter keeps a ward's worth of clients from reconnecting in lockstep.
 */
export const RECONNECT_BASE_DELAY_MS = 1000;
export const RECONNECT_MAX_DELAY_MS = CHAT_RECONNECT_TIMEOUT_MS;
export const CONNECT_ATTEMPT_TIMEOUT_MS = CHAT_RECONNECT_TIMEOUT_MS;
const JITTER = 0.25;

/**
 * The chat connection (spec 01 §4): connecting → session started → disconnected → (automatic
 * reconnect) connecting … `stopped` is the end after logout or `stop()`; nothing reconnects.
 */
export type ChatConnectionState =
  | { status: 'idle' }
  | { status: 'connecting'; attempt: number }
  | { status: 'sessionStarted'; since: number }
  | { status: 'disconnected'; reason: string; attempt: number; retryAt: number | null }
  | { status: 'stopped' };

export type ConnectionEvent =
  | { type: 'connect' }
  | { type: 'sessionStarted'; at: number }
  | { type: 'connectFailed'; reason: string; retryAt: number | null }
  | { type: 'disconnected'; reason: string; retryAt: number | null }
  | { type: 'stop' };

/**
 * Pure transition function. Events that make no sense in a state leave it unchanged (a late
 * `disconnected` after `stop`, a second `connect` while connecting), so racing callbacks can
 * never resurrect a stopped client.
 */
export function nextConnectionState(
  state: ChatConnectionState,
  event: ConnectionEvent,
): ChatConnectionState {
  if (state.status === 'stopped') return state;
  switch (event.type) {
    case 'stop':
      return { status: 'stopped' };
    case 'connect':
      if (state.status === 'connecting' || state.status === 'sessionStarted') return state;
      return {
        status: 'connecting',
        attempt: state.status === 'disconnected' ? state.attempt + 1 : 1,
      };
    case 'sessionStarted':
      return state.status === 'connecting' ? { status: 'sessionStarted', since: event.at } : state;
    case 'connectFailed':
      return state.status === 'connecting'
        ? {
            status: 'disconnected',
            reason: event.reason,
            attempt: state.attempt,
            retryAt: event.retryAt,
          }
        : state;
    case 'disconnected':
      // A session that had started resets the attempt count: its next retry is a fresh start.
      return state.status === 'sessionStarted'
        ? { status: 'disconnected', reason: event.reason, attempt: 0, retryAt: event.retryAt }
        : state;
  }
}

/** Delay before reconnect attempt `attempt + 1` (attempt 0 = right after a working session). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(
    RECONNECT_BASE_DELAY_MS * 2 ** Math.max(0, attempt),
    RECONNECT_MAX_DELAY_MS,
  );
  const jittered = base * (1 - JITTER + 2 * JITTER * random());
  return Math.round(Math.min(jittered, RECONNECT_MAX_DELAY_MS));
}

/**
 * Spec 01 §8: "30 or more disconnects within 2 hours raise an 'unstable connection' report and
 * reset the counter." Returns the disconnect times still in the window and whether to report.
 */
export function recordDisconnect(
  recent: readonly number[],
  now: number,
): { recent: number[]; unstable: boolean } {
  const inWindow = [...recent.filter((t) => now - t < DISCONNECT_FLOOD_WINDOW_MS), now];
  if (inWindow.length >= DISCONNECT_FLOOD_COUNT) return { recent: [], unstable: true };
  return { recent: inWindow, unstable: false };
}
