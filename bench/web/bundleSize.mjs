// Login-route bundle size of the production web build: everything /login loads before it is
// interactive = the entry script, its modulepreloads and the stylesheet named in index.html.
// Dynamic chunks (router, shell, chat, search…) load only behind the login and are not counted.
// Each figure both ways: raw bytes and compressed (gzip -9 and brotli, as the server sends the
// build's precompressed .gz/.br files).
// Usage: npm run build -w @pando/web && node bench/web/bundleSize.mjs [webDistDir]
//   webDistDir (or BENCH_WEB_DIST): another build to measure, e.g. an A/B tree's
//   `vite build --outDir /tmp/x/web` (default apps/web/dist of this tree).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist =
  process.argv.slice(2).find((a) => !a.startsWith('--')) ??
  process.env.BENCH_WEB_DIST ??
  join(dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
/** Issue 16: the login route's JavaScript ≤ 100 KB gzip. */
const BUDGET_KB = 100;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
  (m) => m[1] ?? '',
);
const sizes = { js: { raw: 0, gzip: 0, br: 0 }, css: { raw: 0, gzip: 0, br: 0 } };
for (const asset of assets) {
  const content = readFileSync(join(dist, asset));
  const kind = asset.endsWith('.css') ? sizes.css : sizes.js;
  kind.raw += content.length;
  kind.gzip += gzipSync(content, { level: 9 }).length;
  kind.br += brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  }).length;
}
/** @param {number} n bytes */
const kb = (n) => (n / 1024).toFixed(1);
/** @param {{ raw: number; gzip: number; br: number }} s */
const both = (s) => `${kb(s.raw)} KB raw, ${kb(s.gzip)} KB gzip, ${kb(s.br)} KB brotli`;
console.log(`${dist}: login route, ${assets.length} files`);
console.log(`  JS  ${both(sizes.js)}`);
console.log(`  CSS ${both(sizes.css)}`);
const within = sizes.js.gzip / 1024 <= BUDGET_KB;
console.log(`JS budget ${BUDGET_KB} KB gzip: ${within ? 'within' : 'OVER'}`);
// `npm test` runs it after the build with --check: the budget had crept to 127.5 KB unseen
// (a zod schema module reached the login route through one constant; issue 37).
if (process.argv.includes('--check') && !within) process.exitCode = 1;
