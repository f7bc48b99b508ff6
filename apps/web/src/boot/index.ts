// The chat list's first paint (issue 37: from the offline copy, or the network on a first visit):
// its own chunk, loaded only for a signed-in page at `/`, so the login route does not carry it.
export { loadFirstPaint } from './firstPaint';
