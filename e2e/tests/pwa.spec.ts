import { readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../pom/axe';
import { LoginPage } from '../pom/LoginPage';
import { logIn } from '../pom/walk';

/**
 * Issue 37: the web app is an installable app (apps/web README "Installable app (PWA)"). On the
 * built server: the page links a manifest that meets Chromium's installability criteria, its
 * service worker controls the page and has precached every script and stylesheet of the build,
 * and with the network off a reload shows the app rather than the browser's error page.
 */

// playwright.config.ts blocks service workers for the specs that do not test them.
test.use({ serviceWorkers: 'allow' });

/** The build the servers serve (the server resolves WEB_DIST_DIR against the repo root too). */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const webDist = resolve(root, process.env.WEB_DIST_DIR ?? 'apps/web/dist');

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1'), 'a PNG signature').toBe('PNG');
  return `${String(bytes.readUInt32BE(16))}x${String(bytes.readUInt32BE(20))}`;
}

test('the login page is an installable app whose worker precaches the whole build and opens offline', async ({
  page,
}) => {
  const login = new LoginPage(page);
  await login.goto();
  await expect(login.email).toBeVisible();

  // The manifest: what Chromium asks of an installable app.
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const answer = await page.request.get(href ?? '');
  expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(answer.headers()['cache-control']).toBe('no-cache');
  const manifest = (await answer.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: ManifestIcon[];
  };
  expect(manifest).toMatchObject({
    name: 'Pando',
    short_name: 'Pando',
    start_url: '/',
    scope: '/',
    display: 'standalone',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type'], icon.src).toBe('image/png');
    expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
  }
  const sizes = (purpose: string) =>
    manifest.icons.filter((icon) => (icon.purpose ?? 'any') === purpose).map((i) => i.sizes);
  expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(sizes('maskable')).toContain('512x512');

  // Chromium's own verdict (what Lighthouse's installability audit reads). Playwright's contexts
  // are incognito, which alone makes an app not installable; every other reason must be absent.
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);

  // The worker: active once its install (the precache) is done; it controls the page by then
  // (clientsClaim), and after a reload certainly.
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state),
  ).toMatch(/^activat(ing|ed)$/);
  await page.reload();
  await expect(login.email).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
    /\/sw\.js$/,
  );

  // Every script and stylesheet of the build is precached, the lazy ones included: a screen
  // whose chunk is missing would not open offline.
  const precached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        urls.push(new URL(request.url).pathname);
      }
    }
    return urls;
  });
  const built = readdirSync(resolve(webDist, 'assets'))
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => `/assets/${file}`);
  expect(built.length).toBeGreaterThan(10);
  expect(built.filter((file) => !precached.includes(file))).toEqual([]);
  expect(precached).toContain('/index.html');
  // Nothing of the API: the data layer keeps its own encrypted copy.
  expect(precached.filter((url) => url.startsWith('/api'))).toEqual([]);

  await expectNoSeriousAxeViolations(page, '/login with the manifest and the worker');

  // With the network off, a reload is answered by the worker: the app's own screen (the runtime
  // configuration cannot load), not Chromium's offline error page.
  await page.context().setOffline(true);
  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'Your session could not be loaded' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await page.context().setOffline(false);
});

/** Where the worker's static routes answered each request of the page (Resource Timing). */
function routeSources(page: Page) {
  return page.evaluate(() =>
    [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ].map((entry) => {
      const timing = entry as PerformanceResourceTiming & { workerFinalSourceType?: string };
      return { path: new URL(timing.name).pathname, source: timing.workerFinalSourceType };
    }),
  );
}

test('a returning visit to / is answered without the worker starting (its static routes): the page and its scripts from the caches, the API from the network, offline too', async ({
  page,
}) => {
  await logIn(page, 'bob@example.org');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.reload();
  await expect(page.getByRole('banner')).toBeVisible();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  // A new visit to the app's start (the installed app's start_url).
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
  const sources = await routeSources(page);
  // The page itself: the shell the worker saved when it installed (apps/web public/sw-routes.js).
  expect(sources[0]).toEqual({ path: '/', source: 'cache' });
  const scripts = sources.filter((s) => s.path.startsWith('/assets/'));
  expect(scripts.length).toBeGreaterThan(3);
  expect(scripts.filter((s) => s.source !== 'cache')).toEqual([]);
  const api = sources.filter((s) => s.path.startsWith('/api/'));
  expect(api.length).toBeGreaterThan(0);
  expect(api.filter((s) => s.source !== 'network')).toEqual([]);
  // One saved shell, the installed version's, with the server's headers: the page it answers
  // keeps its Content-Security-Policy.
  const saved = await page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('pando-start-'));
    const shell = await (await caches.open(names[0] ?? '')).match('/');
    return {
      names,
      csp: shell?.headers.get('content-security-policy') ?? null,
      link: shell?.headers.get('link') ?? null,
    };
  });
  expect(saved.names).toHaveLength(1);
  expect(saved.csp).toContain("script-src 'self'");
  // And a returning visit's hints (apps/server http/firstPaintHints.ts): the first paint's chunk
  // and the session's offline key, fetched with the page instead of once the entry has run.
  expect(saved.link).toMatch(/^<\/assets\/firstPaint-[\w-]+\.js>; rel=modulepreload, /);
  expect(saved.link).toContain('</api/v4/login/offline-key>; rel=preload; as=fetch');

  // A new tab (its sessionStorage holds no key): the key is asked for once before the app, by the
  // page's hint, and the first paint reads that answer (no request of its own). The app, once
  // loaded, asks again to confirm the session (libs/data-access OfflineCopy `renew`).
  const tab = await page.context().newPage();
  const keyRequestsBeforeApp = () =>
    tab.evaluate(() => {
      const entries = performance
        .getEntriesByType('resource')
        .map((e) => e as PerformanceResourceTiming);
      const appAt =
        entries.find((e) => /\/assets\/shared-[\w-]+\.js$/.test(e.name))?.startTime ?? Infinity;
      return entries
        .filter((e) => new URL(e.name).pathname === '/api/v4/login/offline-key')
        .filter((e) => e.startTime < appAt)
        .map((e) => e.initiatorType);
    });
  await tab.goto('/');
  await expect(tab.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
  await expect(tab.getByRole('button', { name: /Log out|Account:/ })).toHaveCount(1);
  expect(await keyRequestsBeforeApp()).toEqual(['link']);
  await tab.close();

  // With the network off, the same routes answer: the chat list from the encrypted copy.
  await page.context().setOffline(true);
  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Conversations' }).getByRole('link').first(),
  ).toBeVisible();
  expect((await routeSources(page))[0]).toEqual({ path: '/', source: 'cache' });
  await page.context().setOffline(false);
});
