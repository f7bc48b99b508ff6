import { expect, test } from '@playwright/test';
import { ChatPane, loggedIn } from '../pom/Chat';

test('spec 01 §2, §5: alice creates a private team with bob from the contact picker; bob finds it in his sidebar', async ({
  browser,
}) => {
  const alicePage = await loggedIn(browser, 'alice@example.org', '/teams/create');
  const teamName = `Night registrars ${Date.now()}`;
  await alicePage.getByRole('textbox', { name: 'Team name' }).fill(teamName);
  await expect(alicePage.getByRole('switch', { name: /Discoverable/ })).not.toBeChecked();

  // The contact picker: search (debounced), tick bob, done; he shows as a removable chip.
  await alicePage.getByRole('button', { name: 'Add members' }).click();
  const picker = alicePage.getByRole('dialog', { name: 'Add members' });
  await picker.getByRole('searchbox', { name: 'Search people' }).fill('Bob Baker');
  await picker.getByRole('checkbox', { name: /Bob Baker/ }).check();
  await picker.getByRole('button', { name: 'Done' }).click();
  await expect(picker).toBeHidden();
  const members = alicePage.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('listitem')).toHaveText(['Bob Baker']);

  await alicePage.getByRole('button', { name: 'Create team' }).click();
  await expect(alicePage).toHaveURL(/\/teams\/\d+$/);
  await expect(alicePage.getByRole('heading', { name: teamName }).first()).toBeVisible();
  await expect(new ChatPane(alicePage).sidebarRow(teamName)).toBeVisible();

  const bobPage = await loggedIn(browser, 'bob@example.org');
  await expect(new ChatPane(bobPage).sidebarRow(teamName)).toBeVisible();
});
