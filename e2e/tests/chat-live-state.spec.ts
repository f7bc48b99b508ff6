import { expect, test, type Page } from '@playwright/test';
import { ChatPane, loggedIn } from '../pom/Chat';

/** Opens the direct chat with a person through search, as a person would (spec 01 §2). */
async function openDirectChat(page: Page, name: string): Promise<ChatPane> {
  await page.goto('/search?include=user.other');
  await page.getByLabel('Search people, teams, forums and advice').fill(name.split(' ')[0] ?? name);
  await page
    .getByRole('region', { name: 'Results' })
    .getByRole('link', { name: new RegExp(name) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/users\/\d+$/);
  const pane = new ChatPane(page);
  await expect(pane.composer).toBeEnabled();
  return pane;
}

/** The tab goes to the background (or comes back), as the browser reports it to the page. */
async function setTabHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((isHidden) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (isHidden ? 'hidden' : 'visible'),
    });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

// Pages of earlier specs stay open in the worker's browser; another visible tab of alice's would
// (rightly) read bob's message. Each test here starts with nobody else signed in.
test.beforeEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

test('a chat open in a background tab does not mark new messages read; coming back does', async ({
  browser,
}) => {
  const alicePage = await loggedIn(browser, 'alice@example.org');
  const bobPage = await loggedIn(browser, 'bob@example.org');
  const alice = await openDirectChat(alicePage, 'Bob Baker');
  const bob = await openDirectChat(bobPage, 'Alice Anderson');

  await setTabHidden(alicePage, true);
  const text = `While you were away ${Date.now()}`;
  await bob.send(text);
  // Delivered to alice's open chat, but not read: bob's bubble never shows "displayed"…
  await expect(alice.messages.getByText(text, { exact: true })).toBeAttached();
  await expect(bob.bubble(text).locator('[data-delivery]')).toHaveAttribute(
    'data-delivery',
    /stored|received/,
  );
  await alicePage.waitForTimeout(3_000); // longer than the 2 s marker throttle
  await expect(bob.bubble(text).locator('[data-delivery]')).not.toHaveAttribute(
    'data-delivery',
    'displayed',
  );
  // …and alice's tab title counts it as unread.
  await expect(alicePage).toHaveTitle(/^\(\d+\) /);

  await setTabHidden(alicePage, false);
  await expect(bob.bubble(text).locator('[data-delivery="displayed"]')).toBeVisible();
  await expect(alicePage).not.toHaveTitle(/^\(\d+\) /);
});

test('offline: the banner and the composer say so, a message typed meanwhile is sent on reconnect', async ({
  browser,
}) => {
  const alicePage = await loggedIn(browser, 'alice@example.org');
  const bobPage = await loggedIn(browser, 'bob@example.org');
  const alice = await openDirectChat(alicePage, 'Bob Baker');
  const bob = await openDirectChat(bobPage, 'Alice Anderson');

  await alicePage.context().setOffline(true);
  await expect(
    alicePage
      .getByRole('status')
      .filter({ hasText: "You are currently offline, messages can't be sent" })
      .first(),
  ).toBeVisible();
  await expect(
    alicePage.getByText(/What you write is kept and sent when you are back online/),
  ).toBeVisible();
  // Spec decision (TEXTS.offlineQueued): text can still be written; it waits in the outbox.
  await expect(alice.composer).toBeEnabled();
  await expect(alicePage.getByRole('button', { name: 'Send an image' })).toBeDisabled();
  const text = `Typed in the lift ${Date.now()}`;
  await alice.send(text);
  await expect(alice.bubble(text).locator('[data-delivery]')).toHaveAttribute(
    'data-delivery',
    /queued|sending/,
  );

  await alicePage.context().setOffline(false);
  await expect(alicePage.getByText('You are now back online.').first()).toBeVisible();
  await expect(bob.messages.getByText(text, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(alice.bubble(text).locator('[data-delivery]')).toHaveAttribute(
    'data-delivery',
    /stored|received|displayed/,
  );
});

test('availability changed by the other person shows on their open profile (the 30 s status poll)', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const alicePage = await loggedIn(browser, 'alice@example.org');
  const bobPage = await loggedIn(browser, 'bob@example.org');
  await openDirectChat(alicePage, 'Bob Baker');
  const profile = alicePage.getByRole('complementary').filter({ hasText: 'Bob Baker' });

  const toggle = bobPage.getByRole('switch', { name: 'Available' });
  const wasAvailable = await toggle.isChecked();
  const next = wasAvailable ? 'Unavailable' : 'Available';
  await expect(
    profile.getByText(wasAvailable ? 'Available' : 'Unavailable', { exact: true }),
  ).toBeVisible();
  await toggle.click({ force: true });
  await expect(toggle).toBeChecked({ checked: !wasAvailable });

  // No reload, no navigation: the poll brings it within one period.
  await expect(profile.getByText(next, { exact: true })).toBeVisible({ timeout: 45_000 });

  await toggle.click({ force: true }); // leave bob as other specs expect him
  await expect(toggle).toBeChecked({ checked: wasAvailable });
});
