import { expect, test } from '@playwright/test';
import { ChatPane, loggedIn } from '../pom/Chat';

test('spec 01 §4: a team conversation — alice posts in Ward 7 Team and bob, a member, sees it live', async ({
  browser,
}) => {
  const alicePage = await loggedIn(browser, 'alice@example.org');
  const bobPage = await loggedIn(browser, 'bob@example.org');
  const alice = new ChatPane(alicePage);
  const bob = new ChatPane(bobPage);

  await bob.sidebarRow(/Ward 7 Team/).click();
  await alice.sidebarRow(/Ward 7 Team/).click();
  await expect(alicePage.getByRole('heading', { name: 'Ward 7 Team' }).first()).toBeVisible();
  const text = `Team handover ${Date.now()}`;
  await alice.send(text);
  await expect(bob.messages.getByText(text, { exact: true })).toBeVisible();
});

test('spec 01 §4: carol finds the Junior Doctors Forum in search, posts into it and becomes a member', async ({
  browser,
}) => {
  const carolPage = await loggedIn(browser, 'carol@example.org');
  const carol = new ChatPane(carolPage);
  await carolPage.goto('/search');
  await carolPage.getByLabel('Search people, teams, forums and advice').fill('Junior Doctors');
  const results = carolPage.getByRole('region', { name: 'Results' });
  // Carol works at Riverside; the forum belongs to St Elsewhere in the same network.
  await carolPage.getByRole('radio', { name: 'Yes' }).check();
  await results
    .getByRole('link', { name: /Junior Doctors Forum/ })
    .first()
    .click();
  await expect(carolPage).toHaveURL(/\/teams\/\d+$/);
  await expect(carol.sidebarRow(/Junior Doctors Forum/)).toHaveCount(0);

  const text = `Hello from Riverside ${Date.now()}`;
  await carol.send(text);
  await expect(carol.bubble(text).locator('[data-delivery]')).toHaveAttribute(
    'data-delivery',
    /stored|received|displayed/,
  );
  // The first message joined her: the panel offers "Leave forum" and the sidebar lists the forum,
  // at once (issue 35: the server's MUC Light affiliation message) and after a reload.
  await expect(carolPage.getByRole('button', { name: 'Leave forum' })).toBeVisible();
  await expect(carol.sidebarRow(/Junior Doctors Forum/)).toBeVisible();
  await carolPage.reload();
  await expect(carolPage.getByRole('button', { name: 'Leave forum' })).toBeVisible();
  await expect(carol.sidebarRow(/Junior Doctors Forum/)).toBeVisible();
  await expect(carol.messages.getByText(text, { exact: true })).toBeVisible();
});
