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
 * `apps/server/dist/main.js` that `npm start` runs) on a fresh embedded database with the demo
 * organisation. `npm test` builds web + server before this step.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
// A fresh data directory per run (kept out of the repo); the server seeds the demo organisation.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'pando-e2e-'));

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The Node running Playwright (the project's Node 22 under `npm test`), not whatever `node` is on PATH.
    // E2E_SERVER_MAIN / WEB_DIST_DIR let several engineers run the suite at once on their own builds
    // (a bundle under apps/server/dist/<name>/main.js still finds apps/server/migrations).
    command: `"${process.execPath}" ${process.env.E2E_SERVER_MAIN ?? join(root, 'apps/server/dist/main.js')}`,
    cwd: root,
    url: `${baseURL}/api/v4/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED: 'demo',
      // The local development mode, asked for explicitly (the binary alone is a production
      // server): the demo seed, and the dev mailbox LoginPage reads the codes from.
      NODE_ENV: 'test',
      PUBLIC_URL: baseURL,
      LOGIN_RATE_LIMIT_PER_IP: '10000',
      LOGIN_RATE_LIMIT_PER_EMAIL: '1000',
      // The suite logs the same people in ~15 times in browser contexts it keeps open, each with a
      // chat socket; the default cap (10 per account) refused alice's chat in the last spec.
      XMPP_MAX_CONNECTIONS_PER_USER: '1000',
    },
  },
});
