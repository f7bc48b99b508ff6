import { expect, test, type Page } from '@playwright/test';
import { ChatPane, loggedIn } from '../pom/Chat';

/**
 * Issue 35 (spec 01 walk rows 35 and 43): a conversation as a person arrives at it, by URL or a
 * reload, and what it shows afterwards: its history (or its beginning), never an endless
 * spinner, and the delivery state of one's own messages as it was before the reload.
 */

/** The id of the person the search finds by `name` (a `/users/{id}` link, as search opens it). */
async function personId(page: Page, name: string): Promise<number> {
  const res = await page.request.get(
    `/api/v4/filters?include=user.other&q=${encodeURIComponent(name)}`,
  );
  expect(res.ok()).toBe(true);
  const { results } = (await res.json()) as { results: { USER?: { data: { id: number } } }[] };
  const id = results.find((hit) => hit.USER)?.USER?.data.id;
  if (id === undefined) throw new Error(`no person found for ${name}`);
  return id;
}

const BEGINNING = 'This is the beginning of the conversation';

test('an empty DM opened by URL and reloaded shows its beginning, not a spinner; the first message keeps the marker', async ({
  browser,
}) => {
  // Nina Network (the network administrator): no one writes to her anywhere else in the suite.
  const alicePage = await loggedIn(browser, 'alice@example.org');
  const nina = await personId(alicePage, 'Nina Network');
  const alice = new ChatPane(alicePage);
  const history: string[] = [];
  alicePage.on('websocket', (ws) => {
    ws.on('framesent', (f) => {
      if (typeof f.payload === 'string' && f.payload.includes('urn:xmpp:mam:2'))
        history.push(f.payload);
    });
  });

  for (const arrive of ['url', 'reload'] as const) {
    if (arrive === 'url') await alicePage.goto(`/users/${String(nina)}`);
    else await alicePage.reload();
    await expect(alice.messages.getByText(`${BEGINNING}. Say hello.`)).toBeVisible();
    await expect(alice.messages.locator('.mantine-Loader-root')).toHaveCount(0);
  }
  // Each arrival asked the archive for the conversation.
  expect(history.length).toBeGreaterThanOrEqual(2);

  await alice.send(`Hello Nina ${String(Date.now())}`);
  await expect(alice.messages.getByText(BEGINNING, { exact: true })).toBeVisible();
  await alicePage.reload();
  await expect(alice.messages.getByText(BEGINNING, { exact: true })).toBeVisible();
  await expect(alice.messages.locator('.mantine-Loader-root')).toHaveCount(0);
});

test('read receipts survive a reload: alice sends, bob reads, alice reloads and still sees Read', async ({
  browser,
}) => {
  const alicePage = await loggedIn(browser, 'alice@example.org');
  const bobPage = await loggedIn(browser, 'bob@example.org');
  const alice = new ChatPane(alicePage);
  const bob = new ChatPane(bobPage);

  await alicePage.goto(`/users/${String(await personId(alicePage, 'Bob Baker'))}`);
  const text = `Read after the reload ${String(Date.now())}`;
  await alice.send(text);
  await bob
    .sidebarRow(/^Alice Anderson/)
    .first()
    .click();
  await expect(bob.messages.getByText(text, { exact: true })).toBeVisible();
  await expect(alice.bubble(text).locator('[data-delivery="displayed"]')).toBeVisible();
  // Bob opens another conversation; the next message reaches his tab but is not read.
  await bob
    .sidebarRow(/^Ward 7 Team/)
    .first()
    .click();
  await expect(bobPage).toHaveURL(/\/teams\/\d+$/);
  // The team's conversation is on bob's screen: until it draws, the DM stays shown (a route
  // loading keeps the last screen) and a message arriving there is read, rightly.
  await expect(bobPage.getByRole('heading', { name: 'Ward 7 Team' }).first()).toBeVisible();
  const unread = `Delivered, not read ${String(Date.now())}`;
  await alice.send(unread);
  await expect(alice.bubble(unread).locator('[data-delivery="received"]')).toBeVisible();

  await alicePage.reload();
  await expect(alice.bubble(text).locator('[data-delivery="displayed"]')).toBeVisible();
  await expect(alice.bubble(unread).locator('[data-delivery="received"]')).toBeVisible();
});
