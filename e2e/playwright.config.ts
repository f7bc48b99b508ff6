import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
// scripts/ is workspace tooling shared by every browser runner, not a project of the graph.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';

/**
 * End-to-end tests in Debian's Chromium against the real, built server (the same
 * `apps/server/dist/main.js` that `npm start` runs) on fresh embedded databases with the demo
 * organisation. `npm test` builds web + server before this step.
 *
 * Two servers, two workers, one server per worker (npm test's e2e step was 7.7 of its 25 minutes
 * with one): worker N (Playwright's TEST_PARALLEL_INDEX, stable across worker restarts) talks only
 * to server N, so a server still sees one test at a time, as the specs were written for (the
 * dev mailbox read by time, the admin blocking a user, rate limits, shared demo people). Spec files
 * go to whichever worker is free, in file order, so each server sees a subset of the files in the
 * same order as a one-server run. `E2E_SERVERS=1` is the one-server run (one worker); never pass
 * `--workers` above the number of servers: two workers would share a server.
 *
 * Default: TWO servers (E2E_SERVERS=1 for one). The two-server failures of the 2026-11-24
 * clean-clone runs had two causes, both fixed: .ci/run exports REDIS_URL and the servers inherited
 * it, forming one chat cluster over Redis (alice's tab on one server heard the markers of another
 * spec's alice on the other); and specs opened "the first sidebar row mentioning Alice", which on
 * a server whose earlier specs differ was an advice conversation ("Cardiology Advice: Alice
 * Anderson"): rows are now matched by their start (/^Alice Anderson/). npm test keeps REDIS_URL
 * for the PostgreSQL step only (scripts/test.mjs), and this file drops it for every server the
 * suite starts.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Not a cluster: each server (and reconnect.spec.ts's own) is alone, whatever the caller's
// environment says (see above). Playwright's servers and workers inherit this process's env.
delete process.env.REDIS_URL;
const servers = Math.max(1, Number(process.env.E2E_SERVERS ?? 2));
const firstPort = Number(process.env.E2E_PORT ?? 3100);
const urlOf = (index: number) => `http://localhost:${firstPort + index}`;
// Playwright loads this file again in each worker process, with TEST_PARALLEL_INDEX set there.
const workerIndex = process.env.TEST_PARALLEL_INDEX;
const baseURL = urlOf(workerIndex === undefined ? 0 : Number(workerIndex) % servers);

/** Server N on port E2E_PORT + N (reconnect.spec.ts runs its own on E2E_PORT + 7). */
const webServer = (index: number) => {
  const url = urlOf(index);
  return {
    // The Node running Playwright (the project's Node 22 under `npm test`), not whatever `node` is on PATH.
    // E2E_SERVER_MAIN / WEB_DIST_DIR let several engineers run the suite at once on their own builds
    // (a bundle under apps/server/dist/<name>/main.js still finds apps/server/migrations).
    command: `"${process.execPath}" ${process.env.E2E_SERVER_MAIN ?? join(root, 'apps/server/dist/main.js')}`,
    cwd: root,
    url: `${url}/api/v4/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(firstPort + index),
      // A fresh data directory per server and run (kept out of the repo); each server seeds the
      // demo organisation. Made only in the runner process (workers load this file too).
      DATA_DIR: workerIndex === undefined ? mkdtempSync(join(tmpdir(), `pando-e2e-${index}-`)) : '',
      SEED: 'demo',
      // The local development mode, asked for explicitly (the binary alone is a production
      // server): the demo seed, and the dev mailbox LoginPage reads the codes from.
      NODE_ENV: 'test',
      PUBLIC_URL: url,
      LOGIN_RATE_LIMIT_PER_IP: '10000',
      LOGIN_RATE_LIMIT_PER_EMAIL: '1000',
      // The suite logs the same people in ~15 times in browser contexts it keeps open, each with a
      // chat socket; the default cap (10 per account) refused alice's chat in the last spec.
      XMPP_MAX_CONNECTIONS_PER_USER: '1000',
    },
  };
};

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: servers,
  retries: 0,
  // Timeouts only end a test that is already failing, so they are set for a slow host, not this
  // one: in the CI run of 2026-11-27 the host was 3-4 times slower than a usual one (a layouts
  // test ran out of its 120 s inside axe's analyze(), where it takes 30-36 s on a usual host, and
  // the main menu took over 10 s to appear after a login). Every budget was doubled then: 120 s per
  // test (specs that do more set more, doubled too), 20 s per expectation, 30 s for a login code.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL,
    // A failed test keeps its trace (each action's DOM, network and console: `npx playwright
    // show-trace`) and a screenshot of the moment it failed. The trace records no screencast: the
    // frames were over a quarter of the suite's CPU (4 specs: 146 s of CPU with them, 104 s
    // without, 92-107 s with no trace at all; 2026-11-28), and the DOM snapshots show each step.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    // The web app's service worker (issue 37) would install in every test's fresh context and
    // precache the whole build (~2.4 MB, ~50 files) each time. The specs that need a worker say
    // so with `test.use({ serviceWorkers: 'allow' })`: pwa.spec.ts, offline.spec.ts, and the
    // demo's (MSW's worker hands its API to the server in the page): demo-*.spec.ts and
    // route-walk's demo half.
    serviceWorkers: 'block',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: Array.from({ length: servers }, (_, index) => webServer(index)),
});
