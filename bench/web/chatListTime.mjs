// Time from navigation to an interactive chat list with 200 conversations, in headless Chromium,
// against the real production build (apps/server/dist + apps/web/dist) on a fresh data directory.
// alice gets 200 teams (POST /teams) besides the seed's; each run opens / in a fresh page and
// stops the clock when the sidebar lists them all and a row answers a click (the route changes).
// Usage: npm run build -w @pando/web && npm run build -w @pando/server && node bench/web/chatListTime.mjs
// A/B runs (another tree's build, e.g. a worktree of the base commit): WEB_DIST_DIR=<its web
// build> (read by the server) and BENCH_SERVER_MAIN=<its server bundle, apps/server/build.ts
// bundleServer(path)>; BENCH_PORT=<free port> (default 3390) when two runs share the machine;
// BENCH_RUNS=<page loads per rate> (default 7); BENCH_TRACE=1 prints each run's requests;
// BENCH_CPU_PROFILE=<dir> writes each run's page CPU profile (open it in Chrome's DevTools).
// BENCH_CONVERSATIONS=<n> (default 200): how many teams alice gets; n=1 against n=200 shows what
// the list's length costs, apart from the boot every page load pays (issue 16).
// Each figure comes with the page's main-thread CPU time until the click (Performance
// ThreadTime), which a loaded machine disturbs far less than the wall-clock figure.
// BENCH_CPU_RATES=1,4 (the default): Chromium's CPU slowed down by each factor in turn
// (CDP Emulation.setCPUThrottlingRate; 4 = Lighthouse's mobile profile), runs interleaved so both
// rates see the same machine; each figure is printed with the load average when it was taken.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
// eslint-disable-next-line @nx/enforce-module-boundaries -- shared workspace tooling
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 200);
// The machine is shared: say how busy it was when the measurement started.
const load = loadavg()
  .map((n) => n.toFixed(2))
  .join(' / ');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const RATES = (process.env.BENCH_CPU_RATES ?? '1,4').split(',').map(Number);
const loadNow = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.BENCH_PORT ?? 3390);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'pando-bench-web-'));
const serverMain = process.env.BENCH_SERVER_MAIN ?? join(root, 'apps/server/dist/main.js');
const trace = process.env.BENCH_TRACE === '1';
const profileDir = process.env.BENCH_CPU_PROFILE;
const server = spawn(process.execPath, [serverMain], {
  stdio: 'ignore',
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED: 'demo',
    NODE_ENV: 'test',
    PUBLIC_URL: base,
    LOGIN_RATE_LIMIT_PER_IP: '10000',
    LOGIN_RATE_LIMIT_PER_EMAIL: '1000',
  },
});
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
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${base}/api/v4/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 600) throw new Error('server did not start'); // 5 min: a fresh PGlite on a loaded machine
    await new Promise((r) => setTimeout(r, 500));
  }
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto('/login');
  const since = Date.now();
  await page.getByLabel('Email address').fill('alice@example.org');
  await page.getByRole('button', { name: /request code/i }).click();
  let code;
  for (let i = 0; i < 50 && !code; i += 1) {
    const answer = await (await page.request.get('/api/dev/mailbox?to=alice%40example.org')).json();
    /** @type {{ results: { sent_at: string; text: string }[] }} */
    const mailbox = answer;
    code = mailbox.results
      .filter((m) => Date.parse(m.sent_at) >= since - 1000)
      .map((m) => /\b([A-Z0-9]{3}-[A-Z0-9]{3})\b/.exec(m.text)?.[1])
      .find(Boolean);
    if (!code) await new Promise((r) => setTimeout(r, 200));
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
  await page.close();

  /** @type {Map<number, number[]>} */
  const cpuTimes = new Map(RATES.map((rate) => [rate, []]));
  /** @type {Map<number, number[]>} */
  const timesByRate = new Map(RATES.map((rate) => [rate, []]));
  for (let round = 0; round < RUNS * RATES.length; round += 1) {
    const run = Math.floor(round / RATES.length);
    const rate = RATES[round % RATES.length] ?? 1;
    const times = timesByRate.get(rate) ?? [];
    const p = await context.newPage();
    const cdp = await context.newCDPSession(p);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    if (profileDir) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await cdp.send('Performance.enable');
    const start = Date.now();
    /** @type {string[]} */
    const log = [];
    if (trace) {
      p.on('request', (r) => log.push(`${Date.now() - start} → ${r.url().replace(base, '')}`));
      p.on('requestfinished', (r) =>
        log.push(`${Date.now() - start} ← ${r.url().replace(base, '')}`),
      );
    }
    await p.goto('/', { waitUntil: 'commit' });
    // A CSS locator, not getByRole: resolving a role + accessible name over 200+ links is
    // Playwright's own work in the page (~0.2 s of main thread at 4x), not the app's.
    const rows = p.locator('nav[aria-label="Conversations"] a', { hasText: /^Bench team/ });
    await p.waitForFunction(
      (n) =>
        // Runs in the page, where `document` exists. The bench's own rows: the seed's rooms and
        // the sections' links count as anchors too, and would end the wait early for a small n.
        // eslint-disable-next-line no-undef
        [...document.querySelectorAll('nav[aria-label="Conversations"] a')].filter((a) =>
          a.textContent?.startsWith('Bench team'),
        ).length >= n,
      CONVERSATIONS,
      { timeout: 60_000, polling: 'raf' },
    );
    await rows.last().click();
    await p.waitForURL(/\/teams\/\d+$/);
    times.push(Date.now() - start);
    cpuTimes.get(rate)?.push(await mainThreadMs(cdp));
    if (profileDir) {
      const { profile } = await cdp.send('Profiler.stop');
      mkdirSync(profileDir, { recursive: true });
      writeFileSync(
        join(profileDir, `run-${run + 1}-cpu${rate}x.cpuprofile`),
        JSON.stringify(profile),
      );
    }
    if (trace) console.log(`run ${run + 1} (${rate}x): ${times.at(-1)} ms\n  ${log.join('\n  ')}`);
    await p.close();
  }
  for (const [rate, times] of timesByRate) {
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    console.log(
      `chat list with ${CONVERSATIONS}+ conversations interactive at ${rate}x CPU: median ${median} ms, runs ${times.join(', ')} ms (load average at the start ${load}, now ${loadNow()})`,
    );
    const cpu = [...(cpuTimes.get(rate) ?? [])].sort((a, b) => a - b);
    console.log(
      `  page main-thread CPU until then (steadier under load): median ${cpu[Math.floor(cpu.length / 2)]} ms, runs ${(cpuTimes.get(rate) ?? []).join(', ')} ms`,
    );
  }
} finally {
  await browser.close();
  if (server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
