import { expect, test } from '@playwright/test';
import { ChatPane, loggedIn } from '../pom/Chat';

test('spec 01 §4: alice sends bob a DM; bob sees it live with an unread badge; alice sees "displayed"; a reply quotes it', async ({
  browser,
}) => {
  const alicePage = await loggedIn(browser, 'alice@example.org');
  const bobPage = await loggedIn(browser, 'bob@example.org');
  const alice = new ChatPane(alicePage);
  const bob = new ChatPane(bobPage);

  // Alice finds Bob through search (spec 01 §2: a result opens /users/{id}) and opens the chat.
  await alicePage.goto('/search?include=user.other');
  await alicePage.getByLabel('Search people, teams, forums and advice').fill('Bob');
  await alicePage
    .getByRole('region', { name: 'Results' })
    .getByRole('link', { name: /Bob Baker/ })
    .first()
    .click();
  await expect(alicePage).toHaveURL(/\/users\/\d+$/);

  // Bob is on the home screen; earlier specs may have left messages from alice unread.
  const aliceRow = bob.sidebarRow(/^Alice Anderson/).first();
  await expect(aliceRow).toBeVisible();
  const unreadBefore = await bob.unreadOf(aliceRow);
  const text = `Hello Bob ${Date.now()}`;
  await alice.send(text);

  // Live arrival: bob's unread badge for Alice goes up by one without a reload.
  await expect.poll(() => bob.unreadOf(aliceRow)).toBe(unreadBefore + 1);
  await aliceRow.click();
  await expect(bob.messages.getByText(text, { exact: true })).toBeVisible();
  await expect(alice.bubble(text).locator('[data-delivery="displayed"]')).toBeVisible();

  // Bob replies quoting Alice's message; Alice sees the quote live.
  await bob
    .bubble(text)
    .getByRole('button', { name: /Reply to/ })
    .click();
  const reply = `Got it ${Date.now()}`;
  await bob.send(reply);
  const quoted = alice.bubble(reply).locator('blockquote');
  await expect(quoted).toContainText(text);
  await expect(alice.bubble(reply)).toContainText(reply);
});
