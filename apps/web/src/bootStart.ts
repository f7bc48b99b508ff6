/**
 * Issue 37: at `/`, the first paint's chunk (boot/) is asked for as the first thing the entry
 * runs (main.tsx imports this module first), so it downloads while the rest of the entry (React,
 * Mantine, the login form) is still evaluating, not after. Elsewhere: undefined, nothing loads.
 */
export const firstPaintChunk =
  window.location.pathname === '/' ? import('./boot').catch(() => undefined) : undefined;
