import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { ChatPane } from '../pom/Chat';
import { LoginPage } from '../pom/LoginPage';
import { PatientsPage } from '../pom/Patients';

/**
 * Issue 35, "Words, layout and data people notice": what a clinician and an administrator saw on
 * a phone (390 × 844, a touch screen) in the acceptance walk, against the real built server.
 * Each check reads what a person sees: widths, whole labels, what is above what, what stays in
 * view. layouts.spec.ts covers the shell (no sideways scroll, 44 px targets, axe) at this size.
 */
const PHONE = { width: 390, height: 844 };

async function onPhone(browser: Browser, email: string, redirect: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto(`?redirect=${encodeURIComponent(redirect)}`);
  await login.logInAs(email);
  await expect(page.getByRole('banner')).toBeVisible();
  return page;
}

/** Whether every character of `element`'s text is shown: nothing cut off or ellipsed. */
async function isWhole(element: Locator): Promise<boolean> {
  return element.evaluate((el) => {
    const style = getComputedStyle(el);
    return el.scrollWidth <= el.clientWidth && style.textOverflow !== 'ellipsis';
  });
}

/** Whether `inner` lies entirely inside `outer` and inside the window. */
async function liesInside(inner: Locator, outer: Locator): Promise<boolean> {
  const a = await inner.boundingBox();
  const b = await outer.boundingBox();
  if (!a || !b) return false;
  return (
    a.x >= b.x - 1 && a.x + a.width <= b.x + b.width + 1 && a.x >= 0 && a.x + a.width <= PHONE.width
  );
}

test('chat on a phone: the message field has at least half the width, a file bubble shows its whole name and a whole "Download or email"', async ({
  browser,
}) => {
  const page = await onPhone(browser, 'alice@example.org', '/');
  const chat = new ChatPane(page);
  await chat
    .sidebarRow(/^Bob Baker/)
    .first()
    .click();
  await expect(chat.composer).toBeVisible();
  // The field beside four attachment buttons was 126 px wide; they now sit behind one button.
  const field = await chat.composer.boundingBox();
  expect(field?.width ?? 0, 'message field width').toBeGreaterThanOrEqual(PHONE.width / 2);
  await expect(page.getByRole('button', { name: 'Attachments' })).toBeVisible();

  const filename = `discharge-summary-${String(Date.now())}.pdf`;
  await page.getByLabel('File to send').setInputFiles({
    name: filename,
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  const name = chat.messages.getByRole('link', { name: filename });
  await expect(name).toBeVisible();
  expect(await isWhole(name), 'the file name is shown whole').toBe(true);
  const bubble = chat.bubble(filename);
  const action = bubble.getByRole('button', { name: `Download or email ${filename}` });
  await expect(action).toBeVisible();
  expect(await isWhole(action.locator('.mantine-Button-label')), '"Download or email" whole').toBe(
    true,
  );
  expect(await liesInside(action, bubble), 'the action lies inside the bubble').toBe(true);
  await page.context().close();
});

test('search on a phone: the filters come before the first result, and a person reads with role and hospital', async ({
  browser,
}) => {
  const page = await onPhone(browser, 'alice@example.org', '/search?include=user.other');
  await page
    .getByRole('searchbox', { name: 'Search people, teams, forums and advice' })
    .fill('Bob');
  const first = page.getByRole('region', { name: 'Results' }).getByRole('link').first();
  await expect(first).toBeVisible();
  await expect(first).toContainText('Bob Baker');
  // Two colleagues of the same name are told apart by role and hospital, not "Person".
  await expect(first).toContainText('St Elsewhere General');
  const filters = await page.getByRole('complementary', { name: 'Filters' }).boundingBox();
  const result = await first.boundingBox();
  expect(filters?.y ?? Infinity, 'filters above the first result').toBeLessThan(
    result?.y ?? -Infinity,
  );
  await page.context().close();
});

test('a patient on a phone: the header action reads "Actions" whole, and the date of birth is typed and read as dd/mm/yyyy', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await onPhone(browser, 'alice@example.org', '/patients');
  const patients = new PatientsPage(page);
  await expect(patients.list).toBeVisible();
  await patients.create({
    firstName: 'Dora',
    lastName: `Datefield${String(Date.now())}`,
    dob: '14/03/1948',
    gender: 'Female',
    identifier: `DD-${String(Date.now())}`,
    ward: 'Ward 7',
    bed: '3',
    notes: 'Phone layout',
    tasks: [],
  });
  const actions = page.getByRole('button', { name: 'Actions' });
  await expect(actions).toBeVisible();
  expect(await isWhole(actions.locator('.mantine-Button-label')), '"Actions" whole').toBe(true);
  const info = patients.section('Patient info');
  await expect(info).toContainText('14/03/1948');
  await expect(info).not.toContainText('1948-03-14');
  await page.context().close();
});

test('the management console on a phone: the menu stays in view after scrolling the report, titled once', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await onPhone(browser, 'network.admin@example.org', '/manage');
  await expect(page.getByRole('figure', { name: 'Average users per hour' })).toBeVisible({
    timeout: 30_000,
  });
  const menu = page.getByRole('button', { name: 'Management menu' });
  await menu.click();
  const nav = page.getByRole('navigation', { name: 'Management' });
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
  // One title: the burger bar's "Management", no second "MANAGEMENT" heading in the list.
  await expect(page.getByText('Management', { exact: true })).toHaveCount(1);
  await menu.click();
  // Scroll the report to its end, as a person reading it would.
  const scrolled = await page
    .getByRole('region', { name: 'Management console' })
    .evaluate((region) => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      let moved = window.scrollY;
      for (let box = region.parentElement; box; box = box.parentElement) {
        box.scrollTop = box.scrollHeight;
        moved += box.scrollTop;
      }
      return moved;
    });
  expect(scrolled, 'the report is longer than the screen').toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Print report' })).not.toBeInViewport();
  await expect(menu).toBeInViewport();
  await page.context().close();
});
