// Serves dist/ with `vite preview` and runs the spike in headless Chromium; prints the SPIKE lines.
import { preview } from 'vite';
import { chromium } from 'playwright-core';
const server = await preview({ root: import.meta.dirname, configFile: false, preview: { port: 4791, strictPort: true, host: '127.0.0.1' }, build: { outDir: 'dist' } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
const verbose = process.argv.includes('--verbose');
page.on('console', (m) => { const t = m.text(); if (t.startsWith('SPIKE') || verbose || m.type() === 'error') console.log(`[${m.type()}] ${t}`); });
page.on('response', (r) => { if (r.status() >= 400) console.log('[http]', r.status(), r.url()); });
page.on('pageerror', (e) => console.log('[pageerror]', e.stack ?? e.message));
const t0 = Date.now();
// A `?…` argument is passed on as the page's query: `node run.mjs '?n=5&nclone=2'` (src/main.ts).
const query = process.argv.find((a) => a.startsWith('?')) ?? '';
await page.goto('http://127.0.0.1:4791/' + query);
await page.waitForFunction(() => window.__done === true, null, { timeout: 600_000 }).catch((e) => console.log('timeout', e.message));
console.log('wall clock from goto:', Date.now() - t0, 'ms');
const results = await page.evaluate(() => window.__results);
console.log(JSON.stringify(results, null, 1));
await browser.close();
await server.close();
