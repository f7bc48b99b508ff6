/* global document, indexedDB, navigator, performance, window -- the evaluate/waitForFunction callbacks run in the page. */
// Time from navigation to an interactive chat list with 200 conversations, in headless Chromium,
// against the real production build (apps/server/dist + apps/web/dist) on a fresh data directory,
// beside the floor page (web/floor/: React, Mantine and the app's sidebar rows from inline data,
// no network), served by the same server build (issue 37; bench/README.md "Floor and repeat
// visits"). Targets: ours ≤ 1.5 × the floor on a first visit, ≤ 1.1 × on a repeat visit.
//
// Each sample is a fresh browser profile (chromium.launchPersistentContext) and three browser
// sessions on it, each launched, given one page load and closed:
//   1. first visit (measured): empty HTTP cache, no code cache, no service worker, no local data;
//   2. warm-up (not measured): V8 writes a script's code cache on its second run from the HTTP
//      cache and uses it from the third (scripts a service worker caches get theirs at once);
//   3. repeat visit (measured): a returning user opening the browser again.
// After visits 1 and 2 the page stays open until the network is idle, a registered service
// worker is active and (ours) the app has kept the list rendered for the next visit (it does so
// 5 s after the lists change: a person's visit outlasts that, the bench's would not; session 27
// found the repeat visits of session 26's last build painting with React for that reason). The
// report says how many repeat visits were clicked on that kept rendering. A page load ends when
// the sidebar lists all the bench's rows, styled (the first row laid out as a flex row: session
// 27 measured an unstyled list once), and a click on the last one changes the route. alice is
// signed in once at the start (her teams made then); her session cookie goes into each of our
// profiles before visit 1 and stays there, so no login is in any figure. Targets and rates are
// interleaved so both see the same machine.
//
// Usage: npm run build -w @pando/web && npm run build -w @pando/server && npm run bench:web:chatlist -w @pando/bench
// (or node bench/web/chatListTime.mjs). Environment (all optional):
//   BENCH_RUNS=<n>          samples (fresh profiles) per target and rate (default 7); medians.
//   BENCH_CPU_RATES=1,4     Chromium's CPU slowed down by each factor (CDP
//                           Emulation.setCPUThrottlingRate; 4 = Lighthouse's mobile profile).
//   BENCH_VISITS=first,repeat   which visits to measure (first alone skips the warm-up and repeat).
//   BENCH_FLOOR=0           ours only, no floor (no ratios).
//   BENCH_PORT=<port>       our server (default 3390); the floor's is BENCH_FLOOR_PORT (port + 1).
//   BENCH_CONVERSATIONS=<n> how many teams alice gets and rows the floor has (default 200).
//   BENCH_SETTLE_MS=<ms>    pause after each browser launch and before closing visits 1, 2 (1000).
//   BENCH_TRACE=1           prints each measured visit's requests, and when its page, entry script
//                           and first paint's chunk arrived (the static routes' source), when the
//                           rows were listed, the address changed and the click returned, and
//                           each file's Resource Timing (asked for, sent, done).
//   BENCH_CPU_PROFILE=<dir> writes each measured visit's page CPU profile (Chrome DevTools).
//   A/B runs (another tree's build): WEB_DIST_DIR=<its web build> (read by our server) and
//   BENCH_SERVER_MAIN=<its server bundle> (both servers: ours and the floor's).
// Each figure comes with the page's main-thread CPU time until the click (Performance ThreadTime),
// which a loaded machine disturbs far less than the wall clock, and the 1-minute load average.
// The line "chat list … interactive at <r>x CPU: median <n> ms" is ours' first visit (bench:ab).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, hostname, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
// eslint-disable-next-line @nx/enforce-module-boundaries -- shared workspace tooling
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const RATES = (process.env.BENCH_CPU_RATES ?? '1,4').split(',').map(Number);
const VISITS = (process.env.BENCH_VISITS ?? 'first,repeat').split(',');
const WITH_FLOOR = process.env.BENCH_FLOOR !== '0';
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 1000);
/** How long a registered service worker may take to become active after a visit. */
const WORKER_TIMEOUT_MS = 30_000;
/** Issue 37's targets, ours / the floor. */
const TARGET = { first: 1.5, repeat: 1.1 };
const port = Number(process.env.BENCH_PORT ?? 3390);
const floorPort = Number(process.env.BENCH_FLOOR_PORT ?? port + 1);
const serverMain = process.env.BENCH_SERVER_MAIN ?? join(root, 'apps/server/dist/main.js');
const trace = process.env.BENCH_TRACE === '1';
const profileDir = process.env.BENCH_CPU_PROFILE;
if (!VISITS.every((v) => v === 'first' || v === 'repeat')) {
  console.error('BENCH_VISITS lists first and/or repeat.');
  process.exit(2);
}
const measureRepeat = VISITS.includes('repeat');

const load1 = () => loadavg()[0] ?? 0;
const loadNow = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
const median = (/** @type {number[]} */ xs) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const loadAtStart = loadNow();

/** @type {string[]} */
const tempDirs = [];
const tempDir = (/** @type {string} */ prefix) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};

/**
 * One of our server builds on a fresh data directory: ours with the demo seed and the app, the
 * floor's with nothing seeded and the floor page as its web app (WEB_DIST_DIR).
 * @param {number} p @param {Record<string, string>} env
 */
function startServer(p, env) {
  return spawn(process.execPath, [serverMain], {
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(p),
      DATA_DIR: tempDir('pando-bench-web-'),
      NODE_ENV: 'test',
      PUBLIC_URL: `http://127.0.0.1:${p}`,
      ...env,
    },
  });
}

/** @param {string} base */
async function waitUp(base) {
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${base}/api/v4/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    if (i > 600) throw new Error(`server at ${base} did not start`); // 5 min: a fresh PGlite, loaded
    await sleep(500);
  }
}

/**
 * The page's main-thread CPU time so far (CDP Performance metric ThreadTime, seconds): what the
 * page itself cost, less the time it waited for a busy machine (it still grows about with the
 * throttling rate: Chromium's throttling counts in it).
 * @param {import('playwright-core').CDPSession} cdp
 */
async function mainThreadMs(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Math.round((metrics.find((m) => m.name === 'ThreadTime')?.value ?? Number.NaN) * 1000);
}

/** Signs alice in (dev mailbox code), gives her the bench's teams; returns her cookies. */
async function signInAlice(/** @type {string} */ base) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await page.goto('/login');
    const since = Date.now();
    await page.getByLabel('Email address').fill('alice@example.org');
    await page.getByRole('button', { name: /request code/i }).click();
    let code;
    for (let i = 0; i < 50 && !code; i += 1) {
      const answer = await (
        await page.request.get('/api/dev/mailbox?to=alice%40example.org')
      ).json();
      /** @type {{ results: { sent_at: string; text: string }[] }} */
      const mailbox = answer;
      code = mailbox.results
        .filter((m) => Date.parse(m.sent_at) >= since - 1000)
        .map((m) => /\b([A-Z0-9]{3}-[A-Z0-9]{3})\b/.exec(m.text)?.[1])
        .find(Boolean);
      if (!code) await sleep(200);
    }
    if (!code) throw new Error('No login code arrived in the dev mailbox.');
    await page.getByLabel('Login code').fill(code);
    await page.getByRole('navigation', { name: 'Conversations' }).waitFor();
    const created = await page.evaluate(async (n) => {
      let ok = 0;
      for (let i = 0; i < n; i += 1) {
        const r = await fetch('/api/v4/teams', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            name: `Bench team ${i}`,
            discoverable: false,
            user_ids: [],
            public_data: {},
          }),
        });
        if (r.ok) ok += 1;
      }
      return ok;
    }, CONVERSATIONS);
    if (created !== CONVERSATIONS) throw new Error(`created ${created} of ${CONVERSATIONS} teams`);
    return await context.cookies();
  } finally {
    await browser.close();
  }
}

/**
 * @typedef {{ name: 'floor' | 'ours'; base: string; cookies: import('playwright-core').Cookie[] }} Target
 * @typedef {{ ms: number; cpuMs: number; load: number; controlled: boolean; staticPaint: boolean }} Figure
 * @typedef {{ first: Figure; repeat?: Figure; worker: string; paint: string }} Sample
 */

/** The app's delay before it renders the list for the next visit (apps/web src/offlineCopy.ts). */
const PAINT_DELAY_MS = 5000;

/**
 * Waits (≤ 30 s) until the app's offline copy holds the rendered list (the record `paint`) and
 * its lists and chat were last saved more than the paint's delay and a second ago (a change
 * since then is rendered or found unchanged by then). Returns what it found.
 * @param {import('playwright-core').Page} page
 */
async function paintKept(page) {
  const until = Date.now() + 30_000;
  for (;;) {
    const saved = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const open = indexedDB.open('pando-offline');
          open.onupgradeneeded = () => {
            open.transaction?.abort();
            resolve({});
          };
          open.onerror = () => resolve({});
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('records')) {
              db.close();
              resolve({});
              return;
            }
            const store = db.transaction('records').objectStore('records');
            const keys = store.getAllKeys();
            const values = store.getAll();
            values.onsuccess = () => {
              db.close();
              resolve(
                Object.fromEntries(
                  keys.result.map((k, i) => [String(k), Number(values.result[i]?.savedAt)]),
                ),
              );
            };
          };
        }),
    );
    /** @type {Record<string, number>} */
    const at = /** @type {Record<string, number>} */ (saved);
    const lastChange = Math.max(at.queries ?? 0, at.chat ?? 0);
    if (at.paint && Date.now() - lastChange > PAINT_DELAY_MS + 1000) return 'list kept rendered';
    if (Date.now() >= until)
      return at.paint ? 'a change not rendered in time' : 'no rendering kept';
    await sleep(500);
  }
}

/**
 * One browser session on `profile`: launch, one page load of `/` until the list is interactive,
 * then (`settle`) wait until the network is idle and a registered worker is active; close.
 * @param {Target} target @param {string} profile @param {number} rate
 * @param {{ label: string; settle: boolean; cookies?: import('playwright-core').Cookie[] }} o
 * @returns {Promise<Figure & { worker: string; paint: string }>}
 */
async function visit(target, profile, rate, { label, settle, cookies }) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: chromiumArgs,
    serviceWorkers: 'allow',
  });
  try {
    if (cookies?.length) await context.addCookies(cookies);
    // A browser just launched is still starting up (its profile, the network service…).
    await sleep(SETTLE_MS);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const profiling = Boolean(profileDir) && label !== 'warm-up';
    if (profiling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await cdp.send('Performance.enable');
    const load = load1();
    const start = Date.now();
    /** @type {string[]} */
    const log = [];
    if (trace) {
      page.on('request', (r) => log.push(`${Date.now() - start} → ${r.url()}`));
      page.on('response', (r) =>
        log.push(
          `${Date.now() - start} ← ${r.status()} ${r.url()}${r.fromServiceWorker() ? ' (service worker)' : ''}`,
        ),
      );
    }
    /** When the address became a conversation's (the click's effect, as the browser reports it). */
    let routedMs = Number.NaN;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && /\/teams\/\d+$/.test(frame.url()) && Number.isNaN(routedMs))
        routedMs = Date.now() - start;
    });
    await page.goto(`${target.base}/`, { waitUntil: 'commit' });
    await page.waitForFunction(
      (n) => {
        // The bench's own rows: the seed's rooms and the sections' links are anchors too, and
        // would end the wait early for a small n.
        const rows = [...document.querySelectorAll('nav[aria-label="Conversations"] a')].filter(
          (a) => a.textContent?.startsWith('Bench team'),
        );
        // Listed as a person sees a list: styled (the sidebar's rules apply), not as bare links.
        const first = rows[0];
        return (
          rows.length >= n &&
          first !== undefined &&
          window.getComputedStyle(first).display === 'flex'
        );
      },
      CONVERSATIONS,
      { timeout: 60_000, polling: 'raf' },
    );
    const listedMs = Date.now() - start;
    // A CSS locator, not getByRole: resolving a role + accessible name over 200+ links is
    // Playwright's own work in the page (~0.2 s of main thread at 4x), not the app's.
    await page
      .locator('nav[aria-label="Conversations"] a', { hasText: /^Bench team/ })
      .last()
      .click();
    const clickedMs = Date.now() - start;
    await page.waitForURL(/\/teams\/\d+$/);
    const ms = Date.now() - start;
    // Whether the list that was clicked was the kept rendering (apps/web src/boot/staticPaint.ts:
    // outside #root), not React's.
    const staticPaint = await page.evaluate(
      () => !document.querySelector('nav[aria-label="Conversations"]')?.closest('#root'),
    );
    const cpuMs = await mainThreadMs(cdp);
    const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker?.controller));
    if (profiling && profileDir) {
      const { profile: cpuProfile } = await cdp.send('Profiler.stop');
      mkdirSync(profileDir, { recursive: true });
      writeFileSync(join(profileDir, `${label}.cpuprofile`), JSON.stringify(cpuProfile));
    }
    if (trace) {
      // When the page, the entry script and the first paint's chunk had arrived (Resource
      // Timing, ms from navigation), and where the worker's static routes answered the page.
      const arrived = await page.evaluate(() => {
        const nav = /** @type {PerformanceResourceTiming & { workerFinalSourceType?: string }} */ (
          performance.getEntriesByType('navigation')[0]
        );
        const resources = /** @type {PerformanceResourceTiming[]} */ (
          performance.getEntriesByType('resource')
        );
        const script = (/** @type {RegExp} */ re) =>
          resources.find((e) => re.test(new URL(e.name).pathname))?.responseEnd.toFixed(0) ?? '-';
        // Every file and answer the page asked for: when it was asked for, sent (a connection
        // free: six per server over HTTP/1.1) and done, and by what (script, link: a hint).
        const files = resources
          .map(
            (e) =>
              `${new URL(e.name).pathname} (${e.initiatorType}) asked ${e.startTime.toFixed(0)}, sent ${e.requestStart.toFixed(0)}, done ${e.responseEnd.toFixed(0)}`,
          )
          .join('\n    ');
        return `page ${nav?.responseEnd.toFixed(0) ?? '-'} (${nav?.workerFinalSourceType || 'no route'}), entry ${script(/^\/assets\/index-[^/]+\.js$/)}, firstPaint chunk ${script(/^\/assets\/firstPaint-[^/]+\.js$/)}\n  resource timing (ms from navigation):\n    ${files}`;
      });
      console.log(
        `${label}: ${ms} ms (rows listed at ${listedMs}, the address changed at ${routedMs}, the click returned at ${clickedMs}); arrived: ${arrived}\n  ${log.join('\n  ')}`,
      );
    }
    let worker = 'not waited for';
    let paint = 'not waited for';
    if (settle) {
      // What the page does once the list is up (a worker's install and precache, the local
      // copy's writes) finishes before the browser closes, for the next visit to find.
      await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
      worker = await page.evaluate(
        async ({ timeout, registers }) => {
          const container = navigator.serviceWorker;
          if (!container) return 'no worker (unsupported)';
          // The app registers its worker after the page's load event, once the main thread is
          // idle (≤ 5 s later): network idleness can come first, at 4x CPU especially.
          // The floor registers none: not waited for.
          const until = Date.now() + (registers ? timeout : 0);
          while (!(await container.getRegistration())) {
            if (Date.now() >= until) return 'no worker';
            await new Promise((resolve) => window.setTimeout(resolve, 200));
          }
          return Promise.race([
            container.ready.then(() => 'worker active'),
            new Promise((resolve) => {
              window.setTimeout(() => resolve('worker not active in time'), timeout);
            }),
          ]);
        },
        { timeout: WORKER_TIMEOUT_MS, registers: target.name === 'ours' },
      );
      // The app keeps the list rendered for the next visit 5 s after the lists or the chat
      // change, at an idle moment (apps/web src/offlineCopy.ts): a person's visit outlasts that,
      // the bench's would not. Each settled visit ends once that rendering is kept and no change
      // of the lists is waiting for one (the records' cleartext `savedAt`).
      if (target.name === 'ours') paint = await paintKept(page);
      // V8 writes code caches and the disk cache its entries after the scripts have run.
      await sleep(SETTLE_MS);
    }
    await page.close();
    return { ms, cpuMs, load, controlled, staticPaint, worker: String(worker), paint };
  } finally {
    await context.close();
  }
}

/**
 * One sample: a fresh profile, the first visit, a warm-up visit and the repeat visit.
 * @param {Target} target @param {number} rate @param {number} run @returns {Promise<Sample>}
 */
async function sample(target, rate, run) {
  const profile = mkdtempSync(join(tmpdir(), 'pando-bench-profile-'));
  const name = (/** @type {string} */ visitName) =>
    `${target.name}-run-${run + 1}-cpu${rate}x-${visitName}`;
  try {
    const first = await visit(target, profile, rate, {
      label: name('first'),
      settle: measureRepeat,
      cookies: target.cookies,
    });
    if (!measureRepeat) return { first, worker: first.worker, paint: first.paint };
    const warm = await visit(target, profile, rate, { label: 'warm-up', settle: true });
    const repeat = await visit(target, profile, rate, { label: name('repeat'), settle: false });
    return { first, repeat, worker: warm.worker, paint: warm.paint };
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/** @type {import('node:child_process').ChildProcess[]} */
const servers = [];
try {
  /** @type {Target[]} */
  const targets = [];
  const oursBase = `http://127.0.0.1:${port}`;
  servers.push(
    startServer(port, {
      SEED: 'demo',
      LOGIN_RATE_LIMIT_PER_IP: '10000',
      LOGIN_RATE_LIMIT_PER_EMAIL: '1000',
    }),
  );
  if (WITH_FLOOR) {
    // The floor, built as the app is (web/floor/vite.config.ts), from this checkout's libs.
    const floorDist = tempDir('pando-bench-floor-');
    process.env.BENCH_CONVERSATIONS = String(CONVERSATIONS);
    await build({
      configFile: join(here, 'floor/vite.config.ts'),
      build: { outDir: floorDist, emptyOutDir: true },
      logLevel: 'warn',
    });
    const floorBase = `http://127.0.0.1:${floorPort}`;
    servers.push(startServer(floorPort, { SEED: 'none', WEB_DIST_DIR: floorDist }));
    await waitUp(floorBase);
    targets.push({ name: 'floor', base: floorBase, cookies: [] });
  }
  await waitUp(oursBase);
  targets.push({ name: 'ours', base: oursBase, cookies: await signInAlice(oursBase) });

  /** @type {Map<string, Sample[]>} */
  const samples = new Map();
  const key = (/** @type {string} */ t, /** @type {number} */ rate) => `${t}@${rate}`;
  for (let run = 0; run < RUNS; run += 1) {
    for (const [i, rate] of RATES.entries()) {
      // Alternate which target goes first, so neither always follows the other.
      const order = (run + i) % 2 === 0 ? targets : [...targets].reverse();
      for (const target of order) {
        const s = await sample(target, rate, run);
        const list = samples.get(key(target.name, rate)) ?? [];
        list.push(s);
        samples.set(key(target.name, rate), list);
      }
    }
  }

  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  console.log(
    `\nChat list with ${CONVERSATIONS} conversations interactive: ${RUNS} fresh profile(s) per figure, medians ` +
      `(${date} UTC, ${hostname()}, ${cpus().length} CPUs; load average at the start ${loadAtStart}, now ${loadNow()})`,
  );
  let loaded = 0;
  /** The 1-minute load averages of a figure's samples, flagged at 0.5 or more. */
  const loads = (/** @type {Figure[]} */ figs) => {
    if (!figs.length) return '–';
    const l = figs.map((f) => f.load);
    const [lo, hi] = [Math.min(...l), Math.max(...l)];
    if (hi >= 0.5) loaded += 1;
    return `${lo.toFixed(2)}${hi > lo ? `–${hi.toFixed(2)}` : ''}${hi >= 0.5 ? ' LOADED' : ''}`;
  };
  const row = (/** @type {string[]} */ cells) =>
    console.log(
      `  ${(cells[0] ?? '').padEnd(20)}${(cells[1] ?? '').padStart(14)}${(cells[2] ?? '').padStart(14)}${(cells[3] ?? '').padStart(14)}  ${cells[4] ?? ''}`.trimEnd(),
    );
  for (const rate of RATES) {
    const ours = samples.get(key('ours', rate)) ?? [];
    const floor = samples.get(key('floor', rate)) ?? [];
    console.log(`\nAt ${rate}x CPU`);
    row(['', 'floor', 'ours', 'ours / floor', 'target']);
    for (const visitName of /** @type {const} */ (['first', 'repeat'])) {
      if (!VISITS.includes(visitName)) continue;
      const of = (/** @type {Sample[]} */ xs) =>
        xs.map((s) => s[visitName]).filter((f) => f !== undefined);
      const [o, f] = [of(ours), of(floor)];
      const [om, fm] = [median(o.map((x) => x.ms)), median(f.map((x) => x.ms))];
      const [oc, fc] = [median(o.map((x) => x.cpuMs)), median(f.map((x) => x.cpuMs))];
      const ratio = om / fm;
      const has = f.length > 0;
      row([
        `${visitName} visit`,
        has ? `${fm} ms` : '–',
        `${om} ms`,
        has ? ratio.toFixed(2) : '–',
        `≤ ${TARGET[visitName]}${has ? (ratio <= TARGET[visitName] ? ' met' : ' NOT met') : ''}`,
      ]);
      row([
        '  main-thread CPU',
        has ? `${fc} ms` : '–',
        `${oc} ms`,
        has ? (oc / fc).toFixed(2) : '–',
      ]);
      row(['  1-minute load', loads(f), loads(o)]);
    }
    if (measureRepeat) {
      const controlled = ours.filter((s) => s.repeat?.controlled).length;
      console.log(
        `  ours' repeat visits under a service worker: ${controlled ? `${controlled} of ${ours.length}` : 'none (no worker)'}` +
          ` (after the warm-up: ${[...new Set(ours.map((s) => s.worker))].join(', ')})` +
          (floor.length
            ? `; the floor's: ${floor.some((s) => s.repeat?.controlled) ? 'some (unexpected)' : 'no worker'}`
            : ''),
      );
      const painted = ours.filter((s) => s.repeat?.staticPaint).length;
      console.log(
        `  ours' repeat visits clicked on the kept rendering (not React's): ${painted} of ${ours.length}` +
          ` (after the warm-up: ${[...new Set(ours.map((s) => s.paint))].join(', ')})`,
      );
    }
    /** @param {string} t @param {Sample[]} xs */
    const runs = (t, xs) =>
      VISITS.map(
        (v) =>
          `${t} ${v}: ${xs
            .map((s) => s[/** @type {'first' | 'repeat'} */ (v)])
            .map((fig) => (fig ? `${fig.ms} (cpu ${fig.cpuMs}, load ${fig.load.toFixed(2)})` : '–'))
            .join(', ')}`,
      );
    console.log(
      `  runs, ms:\n    ${[...(floor.length ? runs('floor', floor) : []), ...runs('ours', ours)].join('\n    ')}`,
    );
  }
  // The figure bench:ab reads (bench/ab/run.mjs), ours' first visit, one line per rate.
  console.log('');
  for (const rate of RATES) {
    const first = (samples.get(key('ours', rate)) ?? []).map((s) => s.first);
    console.log(
      `chat list with ${CONVERSATIONS}+ conversations interactive at ${rate}x CPU: median ${median(first.map((f) => f.ms))} ms, ` +
        `runs ${first.map((f) => f.ms).join(', ')} ms (first visit, fresh profile; load average at the start ${loadAtStart}, now ${loadNow()})`,
    );
    console.log(
      `  page main-thread CPU until then (steadier under load): median ${median(first.map((f) => f.cpuMs))} ms, runs ${first.map((f) => f.cpuMs).join(', ')} ms`,
    );
  }
  if (loaded) {
    console.log(
      `\n${loaded} figure(s) include samples taken at a 1-minute load average ≥ 0.5 (LOADED): not for RESULTS.md.`,
    );
  }
} finally {
  for (const server of servers) {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  }
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}
