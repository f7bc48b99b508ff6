// The chat list's first paint from the offline copy (issue 37): its own chunk, loaded only for
// a signed-in page at `/`, so the login route does not carry it.
export { FirstPaintGate } from './FirstPaintGate';
export { loadFirstPaint } from './firstPaint';
