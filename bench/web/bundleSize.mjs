// Login-route bundle size (gzip) of the production web build: everything /login loads before it
// is interactive = the entry script, its modulepreloads and the stylesheet named in index.html.
// Dynamic chunks (shell, chat, search…) load only behind the login and are not counted.
// Usage: npm run build -w @pando/web && node bench/web/bundleSize.mjs
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
const BUDGET_KB = 150;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
  (m) => m[1] ?? '',
);
let js = 0;
let css = 0;
for (const asset of assets) {
  const size = gzipSync(readFileSync(join(dist, asset)), { level: 9 }).length;
  if (asset.endsWith('.css')) css += size;
  else js += size;
}
/** @param {number} n bytes */
const kb = (n) => (n / 1024).toFixed(1);
console.log(`login route: ${assets.length} files, JS ${kb(js)} KB gzip, CSS ${kb(css)} KB gzip`);
console.log(`JS budget ${BUDGET_KB} KB gzip: ${js / 1024 <= BUDGET_KB ? 'within' : 'OVER'}`);
