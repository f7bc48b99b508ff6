import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { CHAT_RECONNECT_TIMEOUT_MS } from '@pando/domain';
import { ChatPane, loggedIn } from '../pom/Chat';

/**
 * Playwright's webServer cannot be restarted, so this spec runs its own server (same build, its
 * own data directory and port) and restarts it on that data: sessions and rooms survive.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.E2E_PORT ?? 3100) + 7;
// The build the suite's own servers run (playwright.config.ts), so parallel runs on other builds hold.
const serverMain = process.env.E2E_SERVER_MAIN ?? join(root, 'apps/server/dist/main.js');
const baseURL = `http://localhost:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'pando-e2e-reconnect-'));
let server: ChildProcess | undefined;

async function startServer(): Promise<void> {
  server = spawn(process.execPath, [serverMain], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED: 'demo',
      NODE_ENV: 'test',
      PUBLIC_URL: baseURL,
      LOGIN_RATE_LIMIT_PER_IP: '10000',
      LOGIN_RATE_LIMIT_PER_EMAIL: '1000',
    },
  });
  const errors: string[] = [];
  server.stderr?.on('data', (chunk: Buffer) => {
    errors.push(chunk.toString());
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/api/v4/health`)).ok;
        } catch {
          return false;
        }
      },
      {
        timeout: 60_000,
        message: `the reconnect spec server to answer /health (stderr: ${errors.join('')})`,
      },
    )
    .toBe(true);
}

async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  // A drain that hangs on open sockets must not hang the suite: a crash is a restart too.
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

test.afterAll(async () => {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
});

test('spec 01 §4/§8: the server restarts while alice and bob are logged in; messages sent in the gap arrive once, in order, and the offline/online notices show', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  await startServer();
  const alicePage = await loggedIn(browser, 'alice@example.org', '/', baseURL);
  const bobPage = await loggedIn(browser, 'bob@example.org', '/', baseURL);
  const alice = new ChatPane(alicePage);
  const bob = new ChatPane(bobPage);
  await alice
    .sidebarRow(/^Bob Baker/)
    .first()
    .click();
  await bob
    .sidebarRow(/^Alice Anderson/)
    .first()
    .click();
  const before = `Before the restart ${Date.now()}`;
  await alice.send(before);
  await expect(bob.messages.getByText(before, { exact: true })).toBeVisible();

  await stopServer();
  const offline = "You are currently offline, messages can't be sent";
  // The stop drains for up to 10 s before a kill. On a loaded 2-core host (npm test's e2e step,
  // two workers, load 9-12) the client took over 20 s to learn the server was gone once and over
  // 45 s once (clean clones, 2026-11-28, session 22; alone on the same host, within 15 s of the
  // stop). The wait allows the drain plus one connect attempt's timeout (CHAT_RECONNECT_TIMEOUT_MS,
  // 60 s), the longest the client can take to learn the server is gone.
  const noticeWait = { timeout: 10_000 + CHAT_RECONNECT_TIMEOUT_MS + 10_000 };
  // The shell's banner (a status region) stays while the server cannot be reached; the toast with
  // the same words closes after 6 s. Both pages are watched at once. The likely cause of ci4's
  // failure (session 23, loaded host): checked one after the other, the second page's 6 s toast
  // could close before the first page's check passed, and the wait then ran out.
  const notices = (page: Page) => page.getByRole('status').filter({ hasText: offline });
  // The banner is the status region holding an alert (OfflineBanner); the toast is not.
  const banner = (page: Page) => notices(page).filter({ has: page.getByRole('alert') });
  await Promise.all(
    [alicePage, bobPage].map((page) => expect(banner(page)).toBeVisible(noticeWait)),
  );
  // The open chat's composer says what happens to messages written now (TEXTS.offlineQueued).
  await expect(
    alicePage.getByText(/What you write is kept and sent when you are back online/),
  ).toBeVisible();
  // Sent during the gap: they wait in alice's outbox.
  const gap = [1, 2, 3].map((n) => `In the gap ${n} ${Date.now()}`);
  for (const text of gap) {
    await alice.composer.fill(text);
    await alice.composer.press('Enter');
    await expect(alice.messages.getByText(text, { exact: true })).toBeVisible();
  }
  // The toast has closed (6 s); the banner still says why nothing is sent.
  await expect(notices(alicePage)).toHaveCount(1, { timeout: 20_000 });
  await expect(banner(alicePage)).toBeVisible();

  await startServer();
  // The toast (6 s), watched on both pages at once; then the banner is gone.
  await Promise.all(
    [alicePage, bobPage].map((page) =>
      expect(page.getByText('You are now back online.')).toBeVisible({ timeout: 60_000 }),
    ),
  );
  for (const page of [alicePage, bobPage]) await expect(banner(page)).toBeHidden();
  for (const text of gap) {
    await expect(bob.messages.getByText(text, { exact: true })).toHaveCount(1, { timeout: 30_000 });
  }
  // In order, once each, on bob's side.
  const bodies = await bob.messages.locator('[data-message-id]').allInnerTexts();
  const positions = gap.map((text) => bodies.findIndex((b) => b.includes(text)));
  expect(positions.every((p) => p >= 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  expect(bodies.filter((b) => b.includes(before))).toHaveLength(1);

  // After the restart, the other way: bob's reply reaches alice once.
  const after = `After the restart ${Date.now()}`;
  await bob.send(after);
  await expect(alice.messages.getByText(after, { exact: true })).toHaveCount(1);
  // Bob has the chat open, so what arrived after the restart is read.
  await expect(alice.bubble(gap[2] ?? '').locator('[data-delivery="displayed"]')).toBeVisible();
  // A reload after all this: the archive holds every message once, and what bob read before
  // and after the restart still shows Read (markers are stored with the archive, issue 35).
  await alicePage.reload();
  for (const text of [before, ...gap, after])
    await expect(alice.messages.getByText(text, { exact: true })).toHaveCount(1);
  for (const text of [before, ...gap])
    await expect(alice.bubble(text).locator('[data-delivery="displayed"]')).toBeVisible();
});
