import { expect, test } from '@playwright/test';
import { LoginPage } from '../pom/LoginPage';

test('alice sends bob a DM; bob sees it live with an unread badge; alice sees "displayed"', async ({
  browser,
}) => {
  const alice = await browser.newPage();
  const bob = await (await browser.newContext()).newPage();
  await new LoginPage(alice).goto('?redirect=%2Fsearch%3Finclude%3Duser.other');
  await new LoginPage(alice).logInAs('alice@example.org');
  await new LoginPage(bob).goto();
  await new LoginPage(bob).logInAs('bob@example.org');

  await alice.getByLabel('Search people, teams, forums and advice').fill('Bob');
  await alice.getByRole('link', { name: /Bob/ }).first().click();
  const text = `Hello Bob ${Date.now()}`;
  await alice.getByLabel('Message').fill(text);
  await alice.getByLabel('Message').press('Enter');

  const conversations = bob.getByRole('navigation', { name: 'Conversations' });
  await expect(conversations.getByText(/1\s*unread/)).toBeVisible();
  await conversations.getByRole('link', { name: /Alice/ }).click();
  await expect(bob.getByRole('log', { name: 'Messages' }).getByText(text)).toBeVisible();
  await expect(alice.locator('[data-delivery="displayed"]').last()).toBeVisible();
});
