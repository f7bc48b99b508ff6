/** Disconnect flood (spec 01 §9, §8): 30 within 2 hours raise 'unstable connection' and reset. */
export const DISCONNECT_FLOOD_COUNT = 30;
export const DISCONNECT_FLOOD_WINDOW_MS = 2 * 60 * 60 * 1000;
/** History fetch states (spec 01 §4). */
export const HISTORY_FETCH_STATES = ['FETCHING_MORE', 'FETCHED', 'FETCHED_ALL'] as const;
