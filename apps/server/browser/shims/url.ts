// node:url for the in-page server: the WHATWG URL classes, and fileURLToPath/pathToFileURL.
// config.ts and db/migrate.ts turn their module's `import.meta.url` into a path (to look for the
// repository root and the migrations folder); in a page that URL is http(s), which Node's
// fileURLToPath refuses. Here its path stands in for the file path: nothing is found there in the
// empty file system (./fs.ts), which is what config.ts expects when no package.json is found.

export const URL = globalThis.URL;
export const URLSearchParams = globalThis.URLSearchParams;

export function fileURLToPath(url: string | URL): string {
  return decodeURIComponent(new URL(url).pathname);
}

export function pathToFileURL(path: string): URL {
  return new URL(`file://${encodeURI(path)}`);
}

export default { URL, URLSearchParams, fileURLToPath, pathToFileURL };
