import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { LoginPage } from './LoginPage';

/**
 * Issue 35 "every route, every role, as a person arrives": what a person must never meet on any
 * screen, opened by URL, bookmark or reload, checked the same way on the real server and on the
 * static demo build (route-walk.spec.ts).
 */

/** The two sizes the walk runs at: a laptop and a phone (touch, mobile viewport). */
export const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 820 }, isMobile: false, hasTouch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const;
export type Size = (typeof SIZES)[number];

/** A person may wait this long for a screen; a spinner still there afterwards is a hang. */
const SPINNER_PATIENCE_MS = 10_000;

/** The log label that must never reach a person's screen (issue 35 "Errors a person can act on"). */
const INTERNAL_ERROR_LABEL = '[INTERNAL SERVER ERROR]';

/** A new browser context at `size` (its own cookies: one person in one browser). */
export async function contextAt(
  browser: Browser,
  size: Size,
  baseURL?: string,
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: size.viewport,
    isMobile: size.isMobile,
    hasTouch: size.hasTouch,
    ...(baseURL ? { baseURL } : {}),
  });
}

/** Logs `email` in through the dev mailbox in `page` and waits for the signed-in header. */
export async function logIn(page: Page, email: string): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.logInAs(email);
  await expect(page.getByRole('banner')).toBeVisible({ timeout: 30_000 });
}

/** The JSON of a GET in the context's own session, or undefined when it is refused. */
export async function getJson<T>(request: APIRequestContext, path: string): Promise<T | undefined> {
  const response = await request.get(path);
  return response.ok() ? ((await response.json()) as T) : undefined;
}

/**
 * Every console error and uncaught page error of a page since the last `take()`. Chromium logs
 * an HTTP error answer as a console error ("Failed to load resource: … 404"), so a screen that
 * asks for something that is not there on purpose passes an `allowed` pattern, matched against
 * "text @ url", with its reason written where the route is listed.
 */
export class ConsoleWatch {
  private errors: string[] = [];

  constructor(page: Page) {
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      this.errors.push(`console.error: ${message.text()} @ ${message.location().url}`);
    });
    page.on('pageerror', (error) => {
      this.errors.push(`pageerror: ${error.message}`);
    });
  }

  take(allowed?: RegExp): string[] {
    const taken = this.errors.filter((error) => !allowed?.test(error));
    this.errors = [];
    return taken;
  }
}

/** What shows a wait on screen: Mantine's spinner, or a "Loading…" text. */
async function visibleSpinners(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
    };
    const found: string[] = [];
    for (const el of document.querySelectorAll('.mantine-Loader-root')) {
      if (!shown(el)) continue;
      const around = el.closest('[role="status"], [aria-label]');
      found.push(
        `spinner (${around?.getAttribute('aria-label') ?? around?.textContent.trim() ?? 'no label'})`,
      );
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (/^Loading\b/.test(text) && parent && shown(parent)) found.push(`text "${text}"`);
    }
    return [...new Set(found)];
  });
}

export interface ArrivalOptions {
  /** Shown only once the app has drawn its screen (the header, or the demo's banner). */
  ready: (page: Page) => Promise<void>;
  /** Console errors that are expected on this screen (with the reason where it is listed). */
  allowedConsole?: RegExp;
  /** Run axe on this arrival (the suite's axe helper: no serious or critical violation). */
  axe?: boolean;
  /** Reload the screen after arriving and check it again (default true). */
  reload?: boolean;
}

/**
 * The checks of a screen a person has just arrived on, each soft so one walk reports every
 * screen that fails: the app draws (not a raw error document), no spinner after 10 s, nothing
 * scrolls sideways, no "[INTERNAL SERVER ERROR]", no console error, and axe when asked.
 */
async function checkArrival(
  page: Page,
  watch: ConsoleWatch,
  screen: string,
  options: ArrivalOptions,
): Promise<void> {
  try {
    // A document that is not the app (a raw error answer) has no #root: no need to wait.
    if ((await page.locator('#root').count()) === 0) throw new Error('no app document');
    await options.ready(page);
  } catch {
    const body = (
      await page
        .locator('body')
        .innerText()
        .catch(() => '')
    ).slice(0, 200);
    expect
      .soft(false, `${screen}: the app did not draw its screen (page shows "${body}")`)
      .toBe(true);
    expect.soft(watch.take(options.allowedConsole), `${screen}: console errors`).toEqual([]);
    return;
  }
  let spinners = await visibleSpinners(page);
  const deadline = Date.now() + SPINNER_PATIENCE_MS;
  while (spinners.length > 0 && Date.now() < deadline) {
    await page.waitForTimeout(250);
    spinners = await visibleSpinners(page);
  }
  expect
    .soft(spinners, `${screen}: still waiting after ${SPINNER_PATIENCE_MS / 1000} s`)
    .toEqual([]);
  const { scrollWidth, innerWidth, text } = await page.evaluate(() => ({
    scrollWidth: (document.scrollingElement ?? document.documentElement).scrollWidth,
    innerWidth: window.innerWidth,
    text: document.body.innerText,
  }));
  expect
    .soft(scrollWidth, `${screen}: page ${scrollWidth} px wide in a ${innerWidth} px window`)
    .toBeLessThanOrEqual(innerWidth);
  expect
    .soft(text.includes(INTERNAL_ERROR_LABEL), `${screen}: shows ${INTERNAL_ERROR_LABEL}`)
    .toBe(false);
  if (options.axe) {
    await expectNoSeriousAxeViolations(page, screen).catch((error: unknown) => {
      expect.soft(error instanceof Error ? error.message : String(error), screen).toBe('');
    });
  }
  expect.soft(watch.take(options.allowedConsole), `${screen}: console errors`).toEqual([]);
}

/**
 * Goes to `path` inside the running app, as a link in the app does (the router is told of the
 * new address; no page load), waits until the page shows something else than before (a route
 * may be a dialog over the page it opens from), and checks the arrival. For the demo build,
 * whose every page load starts its server in the page again (~3 s idle, over 15 s on a loaded
 * CI host): its walk opens a viewer's first page by URL and reaches the others this way
 * (route-walk.spec.ts says why that is the same check).
 */
export async function arriveInApp(
  page: Page,
  watch: ConsoleWatch,
  path: string,
  screen: string,
  options: ArrivalOptions,
): Promise<void> {
  watch.take();
  const pageText = () => page.evaluate(() => document.body.innerText);
  const before = await pageText();
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect
    .poll(pageText, {
      message: `${screen} (in the app): the screen did not change`,
      timeout: 30_000,
    })
    .not.toBe(before)
    .catch((error: unknown) => {
      expect.soft(error instanceof Error ? error.message : String(error), screen).toBe('');
    });
  await checkArrival(page, watch, `${screen} (in the app)`, options);
}

/**
 * Opens `path` by URL, checks the arrival, and (unless `reload: false`) reloads it and checks
 * again (axe on the first only).
 */
export async function arriveAndReload(
  page: Page,
  watch: ConsoleWatch,
  path: string,
  screen: string,
  options: ArrivalOptions,
): Promise<void> {
  watch.take();
  const t0 = Date.now();
  // The checks wait for the app itself; the page's load event adds nothing to them.
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await checkArrival(page, watch, `${screen} (by URL)`, options);
  const t1 = Date.now();
  if (options.reload !== false) {
    await page.reload({ waitUntil: 'domcontentloaded' });
    await checkArrival(page, watch, `${screen} (reloaded)`, { ...options, axe: false });
  }
  // WALK_TIMES=1 prints each route's two loads (to see where a walk's time goes).
  if (process.env.WALK_TIMES)
    console.log(`${screen}: ${t1 - t0} + ${Date.now() - t1} ms${options.axe ? ' (axe)' : ''}`);
}
