import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built sales demo (apps/demo/dist, or DEMO_DIST_DIR) on a tiny static host, as any static
 * host serves it: files, and index.html for every other path (the SPA fallback). Nothing answers
 * /api or /xmpp (502, and the hit is recorded): every call must be answered in the browser, by
 * the server in the page behind MSW's service worker. Used by every spec of the built demo.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
  // The server in the page's database (PGlite): browsers compile wasm only when it says so.
  '.wasm': 'application/wasm',
};

export interface DemoHost {
  origin: string;
  /** Requests that reached the host for /api or /xmpp: there must be none. */
  apiHits: string[];
  close: () => Promise<void>;
}

export async function serveDemo(dir = process.env.DEMO_DIST_DIR ?? join(root, 'apps/demo/dist')) {
  if (!existsSync(join(dir, 'index.html')))
    throw new Error(
      `No demo build in ${dir}: run \`npx nx run demo:build\` first (or set DEMO_DIST_DIR).`,
    );
  const apiHits: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      if (path.startsWith('/api/') || path.startsWith('/xmpp')) {
        apiHits.push(`${req.method ?? ''} ${path}`);
        res.writeHead(502).end();
        return;
      }
      let file = normalize(join(dir, path));
      if (!file.startsWith(dir + sep) || !(await stat(file).catch(() => null))?.isFile())
        file = join(dir, 'index.html');
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(await readFile(file));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host: DemoHost = {
    origin: `http://localhost:${String((server.address() as AddressInfo).port)}`,
    apiHits,
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
  return host;
}
