import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PEOPLE, generateDemoOrganisation } from '@pando/domain/demo';
import { serveDemo, type DemoHost } from '../pom/demoHost';
import { AdminConsole } from '../pom/Admin';
import { expectNoSeriousAxeViolations } from '../pom/axe';

/**
 * The admin console on the static demo build (issue 21: "the same admin flows pass on the demo
 * build with no server running"). The built apps/demo/dist (or DEMO_DIST_DIR) is served by the
 * tiny static host of e2e/pom/demoHost.ts — files, and index.html for every other path (the SPA fallback any
 * static host needs); nothing answers /api, so every call must be answered in the browser by the
 * server in the demo's page (issue 38), through its service worker. A page load starts the demo
 * afresh (its data live in the tab).
 */
/** The demo's seeded pending invitation (@pando/domain/demo DEMO_INVITE_EMAIL). */
const SEEDED_INVITE = 'new.starter@example.org';

// The demo's API goes through MSW's service worker; the config blocks workers for the other specs.
test.use({ serviceWorkers: 'allow' });

/** The built demo on a static host (e2e/pom/demoHost.ts): nothing answers /api or /xmpp. */
let host: DemoHost;
let origin = '';

test.beforeAll(async () => {
  host = await serveDemo();
  origin = host.origin;
});

test.afterAll(async () => {
  await host.close();
});

test.afterEach(() => {
  expect(host.apiHits, 'no request may reach a server').toEqual([]);
});

/** Opens a demo path and waits for the demo's worker and the signed-in network admin. */
async function openDemo(page: Page, path: string) {
  await page.goto(`${origin}${path}`);
  // Once the demo has started (demo-navigation.spec.ts says why the wait is long).
  await expect(page.getByRole('note')).toContainText('None of it is real data', {
    timeout: 45_000,
  });
  // The worker and the console's chunks load first: generous on a loaded machine.
  await expect(page.getByText('Nina Network').first()).toBeVisible({ timeout: 30_000 });
}

/**
 * The dev mailbox of the server in the demo's page (answered through its worker): one recipient
 * per call, as on any server (it never lists everyone's mail).
 */
async function mailbox(page: Page, to: string): Promise<{ to: string; subject: string }[]> {
  return page.evaluate(async (address) => {
    const r = await fetch(`/api/dev/mailbox?to=${encodeURIComponent(address)}`);
    return ((await r.json()) as { results: { to: string; subject: string }[] }).results;
  }, to);
}

/**
 * The member of St Elsewhere's staff who has started a login (the demo's dummy admin data): the
 * first of its people (not a named demo account) with a login code in the dev mailbox.
 */
async function staffWaitingForCode(page: Page): Promise<string | undefined> {
  const named = new Set<string>(Object.values(DEMO_ACCOUNTS));
  const staff = [...DEMO_PEOPLE, ...generateDemoOrganisation(new Date()).staff]
    .filter((p) => p.organisation === 'stElsewhere' && !named.has(p.email))
    .map((p) => p.email);
  for (const email of staff)
    if ((await mailbox(page, email)).some((m) => m.subject.includes('login code'))) return email;
  return undefined;
}

test('the report shows the month of made-up figures, and the banner says they are not real', async ({
  page,
}) => {
  await openDemo(page, '/manage');
  await expect(page.getByText(/^30 day report, ending \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Demo Health Network' })).toBeVisible();
  const admin = new AdminConsole(page);
  await expect(admin.statCard('Active users')).toContainText(/\d/);
  await expect(admin.statCard('Messages sent')).toContainText(/\d/);
  // The charts carry their figures in tables for screen readers: one row a day, 24 hours.
  await expect(
    page.getByRole('table', { name: 'Active users per day' }).locator('tbody tr'),
  ).toHaveCount(30);
  await expect(
    page.getByRole('table', { name: /users per hour/i }).locator('tbody tr'),
  ).toHaveCount(24);
  await expect(page.getByText('Users by role', { exact: true }).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'demo report with its banner');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('note')).toBeInViewport();
  await expectNoSeriousAxeViolations(page, 'demo report with its banner (phone)');
});

test('invite by email, then a CSV of 5 rows: one invalid, one already invited; the statuses after Send', async ({
  page,
}) => {
  await openDemo(page, '/manage/users/invitations');
  await page.getByLabel('Invite by email').fill('sales.visitor@example.org');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(
    page.getByText('An invitation has been sent to sales.visitor@example.org'),
  ).toBeVisible();
  await expect(
    page.getByRole('cell', { name: 'sales.visitor@example.org', exact: true }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Import file' }).click();
  await expect(page).toHaveURL(/\/manage\/users\/invitations\/import$/);
  const csv = [
    'Email',
    'ward.clerk@example.org',
    'not-an-email',
    SEEDED_INVITE,
    'locum.one@example.org',
    'locum.two@example.org',
  ].join('\n');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'invites.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const row = (email: string) => page.getByRole('row').filter({ hasText: email });
  await expect(row('not-an-email')).toContainText('Does not look like a valid email');
  await expect(row('ward.clerk@example.org')).toContainText('Not Sent');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(row('ward.clerk@example.org')).toContainText('Sent successfully');
  await expect(row('locum.two@example.org')).toContainText('Sent successfully');
  await expect(row(SEEDED_INVITE)).toContainText('Already invited');
  await expect(row('not-an-email')).toContainText('Does not look like a valid email');
  for (const sentTo of ['ward.clerk@example.org', 'locum.one@example.org'])
    expect(await mailbox(page, sentTo), sentTo).not.toEqual([]);
  expect(await mailbox(page, 'not-an-email')).toEqual([]);
});

test('generate code: a code for the person who started a login, "start login first" for alice; Delete blocks a user', async ({
  page,
}) => {
  await openDemo(page, '/manage/users');
  const waiting = await staffWaitingForCode(page);
  if (!waiting) throw new Error('the demo should have a member of staff who started a login');
  const admin = new AdminConsole(page);
  const users = admin.table('Users');

  await admin.searchUsers(waiting, waiting);
  await expect(users.getByRole('row')).toHaveCount(2);
  await users.getByRole('checkbox', { name: /^Select (?!all rows)/ }).check();
  await admin.button('Generate code').click();
  const dialog = page.getByRole('dialog', { name: /Login code for/ });
  await expect(dialog.getByLabel(/^Login code [A-Z0-9]{3}-[A-Z0-9]{3}$/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await admin.searchUsers('alice@example.org', 'Alice Anderson');
  await expect(users.getByRole('row')).toHaveCount(2);
  await admin.select('Alice Anderson');
  await admin.button('Generate code').click();
  await expect(page.getByRole('dialog')).toContainText('Start login first');
  await page.keyboard.press('Escape');

  await admin.button('Delete').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Users deleted')).toBeVisible();
  await expect(users.getByRole('cell', { name: 'alice@example.org', exact: true })).toHaveCount(0);
});
