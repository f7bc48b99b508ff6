import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../pom/axe';
import { ChatPane, loggedIn } from '../pom/Chat';

test('issue 10: axe finds no serious or critical violation on any screen of the chat app', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await loggedIn(browser, 'alice@example.org');
  const chat = new ChatPane(page);
  let teamId = '';
  const screens: [string, () => Promise<void>][] = [
    [
      'shell',
      async () => {
        await expect(chat.conversations).toBeVisible();
      },
    ],
    [
      'direct chat',
      async () => {
        await chat
          .sidebarRow(/^Bob Baker/)
          .first()
          .click();
        await expect(chat.composer).toBeVisible();
      },
    ],
    [
      'team chat',
      async () => {
        await chat.sidebarRow(/Ward 7 Team/).click();
        await expect(page.getByRole('complementary', { name: 'Team' })).toBeVisible();
      },
    ],
    [
      'advice conversation',
      async () => {
        await chat
          .sidebarRow(/Cardiology Advice/)
          .first()
          .click();
        await expect(page.getByRole('complementary', { name: 'Advice team' })).toBeVisible();
        teamId = /\/teams\/(\d+)\//.exec(page.url())?.[1] ?? '';
      },
    ],
    [
      'advice history',
      async () => {
        await page.goto('/ask-advice/history');
        await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
      },
    ],
    [
      'ask advice',
      async () => {
        await page.goto(`/ask-advice/${teamId}`);
        await expect(page.getByLabel('Your question')).toBeVisible();
      },
    ],
    [
      'search',
      async () => {
        await page.goto('/search');
        await page.getByLabel('Search people, teams, forums and advice').fill('Bob');
        await expect(
          page.getByRole('region', { name: 'Results' }).getByRole('link').first(),
        ).toBeVisible();
      },
    ],
    [
      'create team',
      async () => {
        await page.goto('/teams/create');
        await expect(page.getByRole('textbox', { name: 'Team name' })).toBeVisible();
      },
    ],
    [
      'logout dialog',
      async () => {
        await page.getByRole('button', { name: 'Log out' }).click();
        await expect(page.getByRole('dialog', { name: 'Log out' })).toBeVisible();
      },
    ],
  ];
  for (const [name, open] of screens) {
    await open();
    await expectNoSeriousAxeViolations(page, name);
  }
});

test('issue 10: every action is reachable by keyboard — open a DM from the sidebar, reply, send with Enter', async ({
  browser,
}) => {
  const page = await loggedIn(browser, 'alice@example.org');
  const chat = new ChatPane(page);
  // Tab from the top of the page to the Bob Baker row, then Enter follows the link.
  const row = chat.sidebarRow(/^Bob Baker/).first();
  let reached = false;
  for (let i = 0; i < 40 && !reached; i += 1) {
    await page.keyboard.press('Tab');
    reached = await row.evaluate((el) => el === document.activeElement);
  }
  expect(reached).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/users\//);
  await expect(chat.composer).toBeVisible();

  const text = `Typed only ${Date.now()}`;
  await chat.composer.focus();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect(chat.messages.getByText(text, { exact: true })).toBeVisible();

  // Reply by keyboard: focus the bubble's Reply button, Enter, type, Enter.
  await chat
    .bubble(text)
    .getByRole('button', { name: /Reply to/ })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Replying to/)).toBeVisible();
  await chat.composer.focus();
  const reply = `and a reply ${Date.now()}`;
  await page.keyboard.type(reply);
  await page.keyboard.press('Enter');
  await expect(chat.bubble(reply).locator('blockquote')).toContainText(text);

  // The logout confirmation opens and closes by keyboard.
  await page.getByRole('button', { name: 'Log out' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Log out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Log out' })).toHaveCount(0);
});
