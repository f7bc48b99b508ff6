import { expect, test } from '@playwright/test';
import { ChatPane, loggedIn } from '../pom/Chat';

const PAYLOAD = `<img src=x onerror="window.__pwned=1;alert(1)"><script>window.__pwned=2</script>`;

test('issue 10: an XSS payload as a message, a team name and a file name stays inert (no dialog, no script)', async ({
  browser,
}) => {
  const alicePage = await loggedIn(browser, 'alice@example.org');
  const bobPage = await loggedIn(browser, 'bob@example.org');
  const dialogs: string[] = [];
  for (const page of [alicePage, bobPage]) {
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  }
  const alice = new ChatPane(alicePage);
  const bob = new ChatPane(bobPage);

  // 1. As a message, seen by the recipient as text. The rows are the direct messages: by the time
  // this spec runs, bob's Unread section may also list "Cardiology Advice: Alice Anderson".
  await alice
    .sidebarRow(/^Bob Baker/)
    .first()
    .click();
  const stamp = Date.now();
  await alice.send(`${PAYLOAD} ${stamp}`);
  await bob
    .sidebarRow(/^Alice Anderson/)
    .first()
    .click();
  await expect(bob.messages.getByText(`${PAYLOAD} ${stamp}`, { exact: true })).toBeVisible();

  // 2. As a file name.
  const fileName = `<img src=x onerror=alert(3)>${stamp}.pdf`;
  await alicePage.getByLabel('File to send').setInputFiles({
    name: fileName,
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await expect(bob.messages.getByRole('link', { name: fileName })).toBeVisible();

  // 3. As a team name, with bob as a member: the name shows as text in both sidebars.
  await alicePage.goto('/teams/create');
  const teamName = `<svg onload=alert(4)>${stamp}`;
  await alicePage.getByRole('textbox', { name: 'Team name' }).fill(teamName);
  await alicePage.getByRole('button', { name: 'Create team' }).click();
  await expect(alicePage).toHaveURL(/\/teams\/\d+$/);
  await expect(alicePage.getByRole('heading', { name: teamName }).first()).toBeVisible();
  await expect(alice.sidebarRow(teamName)).toBeVisible();

  for (const page of [alicePage, bobPage]) {
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect(
      page.locator('[data-message-id] img[src="x"], [data-message-id] script'),
    ).toHaveCount(0);
  }
  expect(dialogs).toEqual([]);
});
