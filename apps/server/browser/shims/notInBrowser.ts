/**
 * The error every stand-in throws when the in-page server reaches a path that needs something a
 * browser does not have (a socket, a file, a native library). Its message names the stand-in, so
 * a failure points here rather than at a polyfill's internals.
 */
export function notInBrowser(what: string): Error {
  return new Error(
    `${what} is not available in the browser build of the server (apps/server/browser/shims)`,
  );
}
