/* global window -- the page.evaluate/waitForFunction callbacks run in the browser page. */
// Message-list benchmark (issue 8, TARGETS.md "front end"): mounts a 10,000-message conversation
// in headless Chromium (an IIFE bundle: Chromium refuses module scripts from file://) and reports the time until the last page is painted and the number of
// message rows in the DOM. Appends the figures to bench/RESULTS.md ("Message list").
// Environment (all optional):
//   BENCH_UI_ROOT=<tree>   measure another checkout (A/B, e.g. a `git worktree` of the base commit):
//                          this checkout's bench/ui/entry.tsx is bundled against that tree's own
//                          libs/* sources; the bundle goes to <tree>/bench/.work/ui.
//   BENCH_CPU_RATES=1,4    CPU slow-down factors, interleaved (default 1,4).
//   BENCH_RUNS=5           fresh page loads per rate.   BENCH_MESSAGES=10000   conversation length.
//   BENCH_NO_WRITE=1       print the RESULTS.md section instead of appending it.
//   CHROMIUM_PATH          the browser (default /usr/bin/chromium).
//   BENCH_CPU_PROFILE=<dir> writes each run's page CPU profile (run-N-cpuRx.cpuprofile).
import { build } from 'esbuild';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const treeRoot = resolve(process.env.BENCH_UI_ROOT ?? join(here, '..', '..'));
// This checkout's entry measures every tree (an A/B compares the trees' libs, not two versions
// of the measurement): it needs only MessageList, PandoMantineProvider, buildTimeline and
// encodeMessageBody from the tree.
const entry = join(here, 'entry.tsx');
const out = join(treeRoot, 'bench', '.work', 'ui');
/** @pando/* resolve to the measured tree's own sources, whatever its node_modules links to. */
// React (and what the entry itself imports) from the measured tree's node_modules too: the
// entry lives in this checkout, and two copies of React in one page break every hook.
const alias = {
  ...Object.fromEntries(
    ['domain', 'ui', 'data-access', 'features'].map((name) => [
      `@pando/${name}`,
      join(treeRoot, 'libs', name, 'src', 'index.ts'),
    ]),
  ),
  ...Object.fromEntries(
    ['react', 'react-dom'].map((name) => [name, join(treeRoot, 'node_modules', name)]),
  ),
};
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 150;
/** Issue 16: the last page at 4x CPU slowdown (a phone-class CPU) within 250 ms. */
const TARGET_4X_MS = 250;
// BENCH_CPU_RATES=1,4 (default): CDP Emulation.setCPUThrottlingRate per page, interleaved.
const RATES = (process.env.BENCH_CPU_RATES ?? '1,4').split(',').map(Number);
const profileDir = process.env.BENCH_CPU_PROFILE;
const loadNow = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

mkdirSync(out, { recursive: true });
await build({
  entryPoints: [entry],
  alias,
  bundle: true,
  // BENCH_NO_MINIFY=1 keeps function names readable in the CPU profiles.
  minify: process.env.BENCH_NO_MINIFY !== '1',
  format: 'iife',
  jsx: 'automatic',
  outdir: out,
  entryNames: 'entry',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});
writeFileSync(
  join(out, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Message list bench</title>' +
    '<link rel="stylesheet" href="entry.css"></head><body><div id="root"></div>' +
    '<script src="entry.js"></script></body></html>',
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

/** @typedef {{ buildMs: number; firstRowsMs: number; paintMs: number; rows: number; messages: number; cpuMs: number }} Result */

/**
 * The page's main-thread CPU time so far (CDP Performance ThreadTime): what opening the list cost,
 * less the time the page waited for a busy machine; compare it between trees at the same rate.
 * @param {import('playwright-core').CDPSession} cdp
 */
async function threadMs(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? Number.NaN) * 1000;
}
/** @type {Map<number, Result[]>} */
const byRate = new Map(RATES.map((rate) => [rate, []]));
/** @type {Map<number, string>} */
const loadByRate = new Map();
try {
  for (let round = 0; round < RUNS * RATES.length; round++) {
    const rate = RATES[round % RATES.length] ?? 1;
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    if (profileDir) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto(pathToFileURL(join(out, 'index.html')).href);
    await page.waitForFunction(() => typeof window.__runBench === 'function');
    await cdp.send('Performance.enable');
    await page.evaluate((n) => window.__runBench?.(n), MESSAGES);
    const cpuBefore = await threadMs(cdp);
    await page.evaluate(() => window.__openConversation?.());
    const handle = await page.waitForFunction(() => window.__benchResult, null, {
      timeout: 30_000,
    });
    const result = await handle.jsonValue();
    if (result) byRate.get(rate)?.push({ ...result, cpuMs: (await threadMs(cdp)) - cpuBefore });
    if (profileDir) {
      const { profile } = await cdp.send('Profiler.stop');
      mkdirSync(profileDir, { recursive: true });
      writeFileSync(
        join(profileDir, `run-${Math.floor(round / RATES.length) + 1}-cpu${rate}x.cpuprofile`),
        JSON.stringify(profile),
      );
    }
    loadByRate.set(rate, loadNow());
    await page.close();
  }
} finally {
  await browser.close();
}
for (const [rate, runs] of byRate) {
  const sorted = runs.map((r) => r.paintMs).sort((a, b) => a - b);
  const cpu = runs.map((r) => r.cpuMs).sort((a, b) => a - b);
  console.log(
    `${treeRoot}: ${MESSAGES} messages, last page painted at ${rate}x CPU: median ${(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN).toFixed(1)} ms (target ${rate >= 4 ? TARGET_4X_MS : TARGET_MS} ms; load average ${loadByRate.get(rate) ?? '?'}); main-thread CPU median ${(cpu[Math.floor(cpu.length / 2)] ?? Number.NaN).toFixed(0)} ms`,
  );
}
// The RESULTS.md section below is the 1x figure (or the first rate asked for).
const results = byRate.get(1) ?? byRate.get(RATES[0] ?? 1) ?? [];

/** @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
/** @param {'buildMs' | 'firstRowsMs' | 'paintMs'} key */
const fmt = (key) => {
  const values = results.map((r) => r[key]);
  return `${median(values).toFixed(1)} (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`;
};
const paint = median(results.map((r) => r.paintMs));
const rows = results.map((r) => r.rows);

console.log(JSON.stringify({ messages: MESSAGES, runs: results }, null, 2));
const date = new Date().toISOString().slice(0, 10);
const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, Chromium headless (/usr/bin/chromium)`;
const section = [
  '',
  '## Message list',
  '',
  `${date}, ${machine}.`,
  'Command: `npm run bench:ui -w @pando/bench` (production React build via esbuild, viewport 1280×800; the Mantine provider is mounted before the clock starts, as in the app).',
  `${MESSAGES.toLocaleString('en-GB')} messages, ${RUNS} fresh page loads, median (min–max).`,
  '',
  '| measure | result | target |',
  '|---|---|---|',
  `| decode + build timeline (buildTimeline) | ${fmt('buildMs')} ms | — |`,
  `| render() to the first rows in the DOM (includes the build) | ${fmt('firstRowsMs')} ms | — |`,
  `| render() to first paint with the last page visible (includes the build) | ${fmt('paintMs')} ms | ≤ ${TARGET_MS} ms — ${paint <= TARGET_MS ? 'met' : '**over**'} |`,
  `| message rows in the DOM | ${Math.min(...rows)}–${Math.max(...rows)} (of ${MESSAGES.toLocaleString('en-GB')}) | bounded |`,
  '',
  'The rows are bounded (virtualised). The list opens holding about one screen of rows and',
  'reveals the rest as the top comes into view (a firstItemIndex prepend), so there is no hidden',
  'initial-index wait; the gap to the target is the timeline build and the first mount.',
  '',
].join('\n');

const resultsFile = join(here, '..', 'RESULTS.md');
const current = readFileSync(resultsFile, 'utf8');
if (process.env.BENCH_NO_WRITE) console.log(section);
else {
  appendFileSync(resultsFile, current.endsWith('\n') ? section : `\n${section}`);
  console.log(section);
}
