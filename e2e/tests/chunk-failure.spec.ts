import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../pom/axe';
import { LoginPage } from '../pom/LoginPage';
import { Shell } from '../pom/Shell';

/**
 * A redeploy under an open tab (issue 35, spec 01 walk row 19): the old code-split chunks answer
 * 404, or a chunk throws when it is evaluated. The app asks for the chunk once more, then shows
 * "A new version of Pando is available" with Reload, and stops there: before, the screen sat on
 * "Loading…" while the chat's error boundary remounted the shell and the chunk was requested
 * again ~20 times a second (110 render crashes in 6 s; React #185 for a chunk that throws).
 */
const NEW_VERSION = 'A new version of Pando is available.';

/** Counts the requests for one chunk (by its file name's start) and the render crashes logged. */
function watch(page: Page, chunk: string) {
  const seen = { requests: 0, crashes: 0, updateDepth: 0 };
  page.on('request', (request) => {
    if (new RegExp(`/assets/${chunk}-[^/]+\\.js$`).test(request.url())) seen.requests += 1;
  });
  page.on('console', (message) => {
    const text = message.text();
    if (text.includes('[RENDER CRASH]')) seen.crashes += 1;
    if (/Maximum update depth|#185/.test(text)) seen.updateDepth += 1;
  });
  return seen;
}

async function logIn(page: Page, email: string) {
  await new LoginPage(page).goto();
  await new LoginPage(page).logInAs(email);
  await expect(new Shell(page).logoutButton).toBeVisible();
}

const chunkUrl = (name: string) => new RegExp(`/assets/${name}-[^/]+\\.js$`);

test.describe('a part of the app that cannot be downloaded (a redeploy)', () => {
  test('the shell chunk answering 404 on a reload: a reload screen, the chunk asked twice, no crash loop', async ({
    page,
  }) => {
    await logIn(page, 'bob@example.org');
    await page.route(chunkUrl('ShellLayout'), (route) => route.fulfill({ status: 404 }));
    const seen = watch(page, 'ShellLayout');
    await page.reload();
    await expect(page.getByRole('heading', { name: NEW_VERSION })).toBeVisible();
    // A loop would go on requesting the chunk and logging crashes meanwhile.
    await page.waitForTimeout(3000);
    await expect(page.getByRole('heading', { name: NEW_VERSION })).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0);
    expect(seen.requests).toBeLessThanOrEqual(2);
    expect(seen.crashes).toBeLessThanOrEqual(2);
    // Reload brings the new version (here: the chunk answers again).
    await page.unroute(chunkUrl('ShellLayout'));
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(new Shell(page).logoutButton).toBeVisible();
  });

  test('a screen chunk answering 404 on a navigation: the reload screen, the chunk asked twice', async ({
    page,
  }) => {
    await logIn(page, 'bob@example.org');
    await page.route(chunkUrl('SearchRoute'), (route) => route.fulfill({ status: 404 }));
    const seen = watch(page, 'SearchRoute');
    await page.getByRole('link', { name: 'Start a direct message' }).click();
    await expect(page.getByRole('heading', { name: NEW_VERSION })).toBeVisible();
    await page.waitForTimeout(3000);
    expect(seen.requests).toBeLessThanOrEqual(2);
    expect(seen.crashes).toBeLessThanOrEqual(2);
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  });

  test('a chunk that throws when it is evaluated: the reload screen, no update-depth error', async ({
    page,
  }) => {
    await logIn(page, 'bob@example.org');
    await page.route(chunkUrl('ShellLayout'), (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        body: 'throw new Error("a chunk of another version");',
      }),
    );
    const seen = watch(page, 'ShellLayout');
    await page.reload();
    await expect(page.getByRole('heading', { name: NEW_VERSION })).toBeVisible();
    await page.waitForTimeout(3000);
    expect(seen.updateDepth).toBe(0);
    expect(seen.crashes).toBeLessThanOrEqual(2);
    expect(seen.requests).toBeLessThanOrEqual(2);
  });
});

// A first visit in a dead zone: the page arrived, the app's script did not (no worker has it yet).
// Before, the page stayed blank and white. Now it follows the browser's scheme from the start and,
// after 10 s, says what to do (apps/web index.html); the app, once it runs, replaces it.
test("the app's entry script not arriving on a first visit: the page says so after 10 s, in the browser's scheme", async ({
  browser,
}) => {
  const STALLED =
    'The app is taking longer than usual to start. Check the connection, then reload the page.';
  const entry = /\/assets\/index-[^/]+\.js$/;
  for (const [scheme, background] of [
    ['dark', 'rgb(36, 36, 36)'],
    ['light', 'rgb(255, 255, 255)'],
  ] as const) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      colorScheme: scheme,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.route(entry, (route) => route.abort('internetdisconnected'));
    await page.goto('/login');
    await expect(page.locator('html'), `a ${scheme} page before the app`).toHaveCSS(
      'background-color',
      background,
    );
    await expect(page.getByText(STALLED), 'not at once: the app may still come').toBeHidden();
    await expect(page.getByRole('alert')).toHaveText(STALLED, { timeout: 15_000 });
    await expectNoSeriousAxeViolations(page, `the app that did not start, ${scheme}, on a phone`);
    // The connection is back: a reload starts the app, and the message is gone.
    await page.unroute(entry);
    await page.reload();
    await expect(new LoginPage(page).email).toBeVisible();
    // Not only hidden for now: taken out of the page for good (its 10 s would show it otherwise).
    await expect(page.locator('.boot-stalled')).toHaveCSS('display', 'none');
    // The app's own scheme ('auto': the browser's) takes over with the same colour.
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await expect(page.locator('body')).toHaveCSS('background-color', background);
    await context.close();
  }
});
