/** Opaque handle of a scheduled callback. */
export type TimerHandle = { readonly __timer: true } | number | object;

/**
 * Time as the chat client sees it. Injected so tests drive throttles, debounces, backoff and
 * refresh intervals deterministically (vitest fake timers or `ManualClock`).
 */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** The real clock: wall time and the host's timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => {
    globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]);
  },
};
