import { expect, test, type Page } from '@playwright/test';
import { ChatPane, loggedIn } from '../pom/Chat';
import { LoginPage } from '../pom/LoginPage';

/**
 * Issue 35 "live state between people": two people, one record. What one person changes (an
 * advice transition, a member added or removed, a rename, a join by posting) appears on the
 * other person's open screen without a reload. Every check here is made on the screen of the
 * person who did NOT act: one's own actions always refreshed one's own screen.
 */

// Pages of earlier specs stay open in the worker's browser; each test starts with nobody signed in.
test.beforeEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

/** Asks the demo's Cardiology Advice team a question, as a person does; the conversation's path. */
async function askCardiologyAdvice(page: Page, question: string): Promise<string> {
  await page.goto('/teams/ask-advice/create');
  const teams = page.getByRole('navigation', { name: 'Specialist teams' });
  await teams.getByRole('link', { name: /Cardiology Advice/ }).click();
  await expect(page).toHaveURL(/\/ask-advice\/\d+$/);
  await page.getByLabel('Your question').fill(question);
  await page.getByRole('button', { name: 'Ask for advice' }).click();
  await expect(page).toHaveURL(/\/teams\/\d+\/advice-conversations\/\d+$/);
  return new URL(page.url()).pathname;
}

test('advice: each side sees the other side’s resolve, reject and accept without a reload; the status reads per side; closed is read-only', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const alicePage = await loggedIn(browser, 'alice@example.org');
  const bobPage = await loggedIn(browser, 'bob@example.org');
  const alice = new ChatPane(alicePage);
  const bob = new ChatPane(bobPage);

  const question = `Live advice ${Date.now()}`;
  const path = await askCardiologyAdvice(alicePage, question);
  await bobPage.goto(path);
  await expect(bob.messages.getByText(question, { exact: true })).toBeVisible();
  // The team's side of an open conversation reads "Open", not "Archived" (row 69).
  await expect(bobPage.getByText('Open', { exact: true })).toBeVisible();
  await expect(bobPage.getByText('Archived', { exact: true })).toHaveCount(0);
  await expect(bobPage.getByRole('button', { name: 'Accept' })).toHaveCount(0);

  // Alice resolves; bob, without a reload, is asked to accept or reject (row 66).
  await alicePage.getByRole('button', { name: 'Mark as resolved' }).click();
  await expect(alicePage).toHaveURL(/\/$/);
  await expect(
    bob.messages.getByText('Alice Anderson marked this conversation as resolved'),
  ).toBeVisible();
  await expect(bobPage.getByRole('button', { name: 'Accept' })).toBeVisible();
  await expect(bobPage.getByRole('button', { name: 'Reject' })).toBeVisible();
  await expect(
    bobPage.getByText('Resolved by the requester, awaiting your acceptance'),
  ).toBeVisible();

  // Alice looks at it again; bob rejects; alice can resolve again, without a reload.
  await alicePage.goto(path);
  await expect(alicePage.getByText('Resolved, waiting for the team to accept')).toBeVisible();
  await expect(alicePage.getByRole('button', { name: 'Mark as resolved' })).toHaveCount(0);
  await bobPage.getByRole('button', { name: 'Reject' }).click();
  await expect(alicePage.getByRole('button', { name: 'Mark as resolved' })).toBeVisible();
  await expect(alicePage.getByText('Open', { exact: true })).toBeVisible();

  // Alice resolves again and comes back; bob accepts: alice's screen shows it closed, read-only.
  await alicePage.getByRole('button', { name: 'Mark as resolved' }).click();
  await expect(alicePage).toHaveURL(/\/$/);
  await alicePage.goto(path);
  await expect(bobPage.getByRole('button', { name: 'Accept' })).toBeVisible();
  await expect(alice.composer).toBeVisible();
  await bobPage.getByRole('button', { name: 'Accept' }).click();
  await expect(bobPage).toHaveURL(/\/$/);
  await expect(alicePage.getByText('Closed', { exact: true })).toBeVisible();
  await expect(alicePage.getByText(/This conversation is closed\./)).toBeVisible();
  await expect(alicePage.getByRole('link', { name: 'Ask Cardiology Advice again' })).toBeVisible();
  await expect(alice.composer).toHaveCount(0);
  // Still there after a reload (the server's state, not only the live update).
  await alicePage.reload();
  await expect(alicePage.getByText(/This conversation is closed\./)).toBeVisible();
  await expect(alice.composer).toHaveCount(0);
});

test('team: added, renamed, left and removed — the other person’s sidebar and panel follow without a reload', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const alicePage = await loggedIn(browser, 'alice@example.org');
  const bobPage = await loggedIn(browser, 'bob@example.org');
  const alice = new ChatPane(alicePage);
  const bob = new ChatPane(bobPage);
  const bobId = (await (await bobPage.request.get('/api/v4/login/current')).json()) as {
    id: number;
  };

  const name = `Live team ${Date.now()}`;
  const created = await alicePage.request.post('/api/v4/teams', {
    data: { name, discoverable: false, user_ids: [] },
  });
  expect(created.status()).toBe(201);
  const team = (await created.json()) as { id: number };
  await alicePage.goto(`/teams/${String(team.id)}`);
  const alicePanel = alicePage.getByRole('complementary', { name: 'Team' });
  await expect(alicePanel.getByText('1 member', { exact: true })).toBeVisible();

  // Alice adds bob: bob's sidebar lists the team without a reload.
  const added = await alicePage.request.post(`/api/v4/teams/${String(team.id)}/members/add`, {
    data: { user_ids: [bobId.id] },
  });
  expect(added.status()).toBe(200);
  await expect(bob.sidebarRow(name)).toBeVisible();
  await expect(alicePanel.getByText('Bob Baker')).toBeVisible();

  // Bob renames it: alice's sidebar row, header and panel follow.
  await bob.sidebarRow(name).click();
  await expect(bobPage).toHaveURL(new RegExp(`/teams/${String(team.id)}$`));
  const bobPanel = bobPage.getByRole('complementary', { name: 'Team' });
  await bobPanel.getByRole('button', { name: 'Rename team' }).click();
  const renamed = `${name} (renamed)`;
  const input = bobPanel.getByRole('textbox', { name: /Team name/ });
  await input.fill(renamed);
  await input.press('Enter');
  await expect(alice.sidebarRow(renamed)).toBeVisible();
  await expect(alicePage.getByRole('heading', { name: renamed }).first()).toBeVisible();

  // Bob leaves: alice's panel no longer lists him.
  await bobPanel.getByRole('button', { name: 'Leave team' }).click();
  await bobPage.getByRole('dialog').getByRole('button', { name: 'Leave' }).click();
  await expect(bobPage).toHaveURL(/\/$/);
  await expect(alicePanel.getByText('Bob Baker')).toHaveCount(0);
  await expect(alicePanel.getByText('1 member', { exact: true })).toBeVisible();

  // Alice adds him again, then removes him (after confirming): bob's sidebar follows both.
  await alicePage.request.post(`/api/v4/teams/${String(team.id)}/members/add`, {
    data: { user_ids: [bobId.id] },
  });
  await expect(bob.sidebarRow(renamed)).toBeVisible();
  await alicePanel.getByRole('button', { name: 'Remove Bob Baker' }).click();
  const confirm = alicePage.getByRole('dialog', { name: 'Remove from team' });
  await expect(confirm).toContainText(`Remove Bob Baker from ${renamed}?`);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(bob.sidebarRow(renamed)).toHaveCount(0);
});

test('forum: a non-member’s panel lists as many members as it counts; after joining by posting it offers "Leave forum" without a reload', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const carolPage = await loggedIn(browser, 'carol@example.org');
  const carol = new ChatPane(carolPage);
  await carolPage.goto('/search');
  await carolPage.getByLabel('Search people, teams, forums and advice').fill('Junior Doctors');
  await carolPage.getByRole('radio', { name: 'Yes' }).check();
  await carolPage
    .getByRole('region', { name: 'Results' })
    .getByRole('link', { name: /Junior Doctors Forum/ })
    .first()
    .click();
  await expect(carolPage).toHaveURL(/\/teams\/\d+$/);
  const forumPath = new URL(carolPage.url()).pathname;
  // An earlier spec on this server may have made carol a member: start as a non-member.
  const left = await carolPage.request.post(`/api/v4${forumPath}/leave`, { data: {} });
  expect([200, 404, 403]).toContain(left.status());
  await carolPage.reload();

  const panel = carolPage.getByRole('complementary', { name: 'Team' });
  await expect(panel.getByRole('button', { name: 'Join forum' })).toBeVisible();
  const countText = (await panel.getByText(/^\d+ members?$/).textContent()) ?? '';
  const count = Number(/\d+/.exec(countText)?.[0] ?? NaN);
  expect(count).toBeGreaterThan(0);
  await expect(panel.getByText('No members yet.')).toHaveCount(0);
  await expect(panel.locator('ul > li')).toHaveCount(count);

  // Carol posts: the post joins her, and the panel and sidebar say so without a reload.
  const text = `Joining by posting ${Date.now()}`;
  await carol.send(text);
  await expect(panel.getByRole('button', { name: 'Leave forum' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Join forum' })).toHaveCount(0);
  await expect(panel.getByText(`${String(count + 1)} members`, { exact: true })).toBeVisible();
  await expect(panel.locator('ul > li')).toHaveCount(count + 1);
  await expect(carol.sidebarRow(/Junior Doctors Forum/)).toBeVisible();
});

test('a change made before the chat connected is caught up when the session starts', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const alicePage = await loggedIn(browser, 'alice@example.org');
  // Bob's chat socket is refused until the gate opens (the app starting on a slow network, or a
  // server restart): his lists load, but no room message can reach his tab meanwhile.
  const bobContext = await browser.newContext();
  let gateOpen = false;
  await bobContext.routeWebSocket(/\/xmpp/, (socket) => {
    if (gateOpen) socket.connectToServer();
    // Opened, then cut before the stream starts: the chat retries with its backoff.
    else
      setTimeout(() => {
        void socket.close();
      }, 200);
  });
  const bobPage = await bobContext.newPage();
  const login = new LoginPage(bobPage);
  await login.goto();
  await login.logInAs('bob@example.org');
  const bob = new ChatPane(bobPage);
  await expect(bob.sidebarRow(/Ward 7 Team/)).toBeVisible({ timeout: 30_000 });
  const me = (await (await bobPage.request.get('/api/v4/login/current')).json()) as { id: number };

  const name = `Before the chat ${Date.now()}`;
  const created = await alicePage.request.post('/api/v4/teams', {
    data: { name, discoverable: false, user_ids: [me.id] },
  });
  expect(created.status()).toBe(201);
  // The gate opens; the network blinks so the chat retries at once rather than after its
  // backoff. Within the lists' 30 s freshness nothing else would fetch them again.
  gateOpen = true;
  await bobContext.setOffline(true);
  await bobContext.setOffline(false);
  await expect(bob.sidebarRow(name)).toBeVisible({ timeout: 40_000 });
});
