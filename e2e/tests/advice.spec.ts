import { expect, test } from '@playwright/test';
import { ChatPane, loggedIn } from '../pom/Chat';
import { expectNoSeriousAxeViolations } from '../pom/axe';

test('spec 01 §4: alice asks Cardiology Advice, bob answers, alice resolves, the team accepts; system lines on both sides; it leaves the sidebar and shows in history', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const alicePage = await loggedIn(browser, 'alice@example.org');
  const bobPage = await loggedIn(browser, 'bob@example.org');
  const alice = new ChatPane(alicePage);
  const bob = new ChatPane(bobPage);

  // Ask advice from search, as the sidebar's plus button leads there.
  await alice.conversations.getByRole('link', { name: 'Ask a team for advice' }).click();
  await alicePage.getByLabel('Search people, teams, forums and advice').fill('Cardiology');
  await alicePage
    .getByRole('region', { name: 'Results' })
    .getByRole('link', { name: /Cardiology Advice/ })
    .first()
    .click();
  await expect(alicePage).toHaveURL(/\/ask-advice\/\d+$/);
  const question = `Troponin 52 after AF, anticoagulate? ${Date.now()}`;
  await alicePage.getByLabel('Your question').fill(question);
  await alicePage.getByRole('button', { name: 'Ask for advice' }).click();
  await expect(alicePage).toHaveURL(/\/teams\/\d+\/advice-conversations\/\d+$/);
  const path = new URL(alicePage.url()).pathname;
  // The first message was posted into the new room.
  await expect(alice.messages.getByText(question, { exact: true })).toBeVisible();

  // Bob, a member of the advice team, answers.
  await bobPage.goto(path);
  await expect(bob.messages.getByText(question, { exact: true })).toBeVisible();
  const answer = `Yes, start apixaban ${Date.now()}`;
  await bob.send(answer);
  await expect(alice.messages.getByText(answer, { exact: true })).toBeVisible();

  // Alice resolves: back to /, the system line shows for bob live.
  await alicePage.getByRole('button', { name: 'Mark as resolved' }).click();
  await expect(alicePage).toHaveURL(/\/$/);
  await expect(
    bob.messages.getByText('Alice Anderson marked this conversation as resolved'),
  ).toBeVisible();
  await expect(alice.conversations.locator(`a[href="${path}"]`)).toHaveCount(0);

  // The team accepts (offered live, issue 35): the accept line shows on bob's side and,
  // reopened from history, on alice's.
  await bobPage.getByRole('button', { name: 'Accept' }).click();
  await expect(bobPage).toHaveURL(/\/$/);
  await expect(bob.conversations.locator(`a[href="${path}"]`)).toHaveCount(0);

  await alice.conversations.getByRole('link', { name: 'Advice history' }).click();
  const row = alicePage.getByRole('main').locator(`a[href="${path}"]`);
  await expect(row).toBeVisible();
  await row.click();
  await expect(
    alice.messages.getByText('Alice Anderson marked this conversation as resolved'),
  ).toBeVisible();
  await expect(
    alice.messages.getByText(/^Bob \S+ accepted the resolution and closed this conversation$/),
  ).toBeVisible();
  await expect(alice.messages.getByText(answer, { exact: true })).toBeVisible();
});

// /teams/ask-advice/create (features README "Ask advice"): choose a specialist team, write the
// first message, land in the new advice conversation — on a desktop and on a phone, axe clean.
for (const device of [
  { name: 'desktop', width: 1280, height: 800, colorScheme: 'light' as const },
  // The phone runs dark, so axe sees both colour schemes.
  { name: 'phone', width: 390, height: 844, colorScheme: 'dark' as const },
]) {
  test(`/teams/ask-advice/create (${device.name}): choose a specialist team, ask, and the conversation opens`, async ({
    browser,
  }) => {
    const alicePage = await loggedIn(browser, 'alice@example.org');
    await alicePage.setViewportSize({ width: device.width, height: device.height });
    await alicePage.emulateMedia({ colorScheme: device.colorScheme });
    const alice = new ChatPane(alicePage);
    await alicePage.goto('/teams/ask-advice/create');
    await expect(alicePage.getByRole('heading', { name: 'Ask for advice' })).toBeVisible();
    const teams = alicePage.getByRole('navigation', { name: 'Specialist teams' });
    await expect(teams.getByRole('link', { name: /Cardiology Advice/ })).toBeVisible();
    await alicePage.getByLabel('Find a specialist team').fill('Cardio');
    await expectNoSeriousAxeViolations(alicePage, `${device.name} ask advice: choose a team`);
    await teams.getByRole('link', { name: /Cardiology Advice/ }).click();

    await expect(alicePage).toHaveURL(/\/ask-advice\/\d+$/);
    await expectNoSeriousAxeViolations(alicePage, `${device.name} ask advice: first message`);
    const question = `Ask-advice create ${device.name} ${Date.now()}`;
    await alicePage.getByLabel('Your question').fill(question);
    await alicePage.getByRole('button', { name: 'Ask for advice' }).click();
    await expect(alicePage).toHaveURL(/\/teams\/\d+\/advice-conversations\/\d+$/);
    await expect(alice.messages.getByText(question, { exact: true })).toBeVisible();
  });
}
