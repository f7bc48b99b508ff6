import { DISCONNECT_FLOOD_COUNT, DISCONNECT_FLOOD_WINDOW_MS } from './constants';

/** Times (ms) of the disconnects still inside the window. */
export interface DisconnectFloodState {
  disconnects: readonly number[];
}

export const INITIAL_DISCONNECT_FLOOD: DisconnectFloodState = { disconnects: [] };

/**
 * Spec 01 §8: 30 or more disconnects within 2 hours raise an 'unstable connection' report and
 * reset the counter. Pure: the caller passes the time of this disconnect.
 */
export function recordDisconnect(
  state: DisconnectFloodState,
  now: number,
): { state: DisconnectFloodState; report: boolean } {
  const recent = [...state.disconnects.filter((t) => now - t < DISCONNECT_FLOOD_WINDOW_MS), now];
  if (recent.length >= DISCONNECT_FLOOD_COUNT) {
    return { state: INITIAL_DISCONNECT_FLOOD, report: true };
  }
  return { state: { disconnects: recent }, report: false };
}
