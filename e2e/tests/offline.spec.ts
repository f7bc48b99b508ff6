import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ChatPane } from '../pom/Chat';
import { LoginPage } from '../pom/LoginPage';
import { PatientsPage } from '../pom/Patients';
import { copyHolds, copyHoldsQuery, copyRecords } from '../pom/offlineCopy';
import { Shell } from '../pom/Shell';

/**
 * Issue 37: a visit, then a Wi-Fi dead zone. With the network off, a reload shows the chat list,
 * a conversation and the card the person opened, from the encrypted offline copy; a message
 * written offline waits in the outbox and goes out once, when the network is back; after a
 * logout, a visit with the network off shows nothing of the person.
 */

// The web app's worker serves the app's files with the network off (playwright.config.ts blocks
// workers for the other specs).
test.use({ serviceWorkers: 'allow' });

const OFFLINE_NOTICE = "You are currently offline, messages can't be sent";

/** The stored bytes of every record: ciphertext, so no visible text of the visit is in them. */
function sealedBytes(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('pando-offline');
        open.onsuccess = () => {
          const all = open.result.transaction('records').objectStore('records').getAll();
          all.onsuccess = () => {
            open.result.close();
            const decoder = new TextDecoder('latin1');
            resolve(
              (all.result as { data: ArrayBuffer }[]).map((r) => decoder.decode(r.data)).join(''),
            );
          };
        };
      }),
  );
}

async function signIn(
  browser: Browser,
  email: string,
  viewport?: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto();
  await login.logInAs(email);
  await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
  // The app's worker is installed and has the app's files before the network goes.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  return { context, page };
}

test('desktop: offline after a visit, the list, a conversation and the opened card read from the copy; a queued send goes out once; logout leaves nothing', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await signIn(browser, 'alice@example.org');
  const bob = await signIn(browser, 'bob@example.org');
  const chat = new ChatPane(page);
  const bobChat = new ChatPane(bob.page);

  // The visit: a conversation with a message, and a patient card.
  await chat
    .sidebarRow(/^Bob Baker/)
    .first()
    .click();
  const seen = `Handover before the lift ${String(Date.now())}`;
  await chat.send(seen);
  await copyHolds(page, 'chat', seen);
  const patients = new PatientsPage(page);
  await page.goto('/patients');
  // The patient's family name, as the list's first row shows it (a word of the name).
  const [rowName = ''] = await patients.rowNames();
  const patientInfo = rowName.split(/[\s,]+/).sort((a, b) => b.length - a.length)[0] ?? '';
  expect(patientInfo.length).toBeGreaterThan(2);
  await patients.row(rowName).first().click();
  await expect(page).toHaveURL(/\/patients\/\d+/);
  await expect(patients.section('Patient info')).toContainText(patientInfo);
  const cardUrl = page.url();
  const cardId = Number(/\/patients\/(\d+)/.exec(cardUrl)?.[1]);
  // The card's own answer is stored before the page is left (the list's answer, stored before,
  // already holds the patient's name, so waiting for the name proved nothing about the card).
  await copyHoldsQuery(page, ['patient-cards', 'detail', cardId]);
  // At rest the copy is ciphertext: neither the message nor the patient is readable in it.
  const atRest = await sealedBytes(page);
  expect(atRest).not.toContain(seen);
  expect(atRest).not.toContain(patientInfo);
  await page.goto('/');
  await expect(chat.sidebarRow(/^Bob Baker/).first()).toBeVisible();

  // The dead zone: a reload shows the list from the copy and says how old it is.
  await context.setOffline(true);
  await page.reload();
  await expect(chat.sidebarRow(/^Bob Baker/).first()).toBeVisible();
  await expect(chat.sidebarRow(/^Ward 7 Team/).first()).toBeVisible();
  await expect(chat.conversations.getByRole('status')).toHaveText(
    /^Offline — last updated \d\d:\d\d$/,
  );
  await expect(page.getByText(OFFLINE_NOTICE).first()).toBeVisible();

  // The conversation as it was seen; a message written now waits in the outbox.
  await chat
    .sidebarRow(/^Bob Baker/)
    .first()
    .click();
  await expect(chat.messages.getByText(seen, { exact: true })).toBeVisible();
  // No archive page can come: no spinner above the copy's messages that would never end.
  await expect(chat.messages.locator('.mantine-Loader-root')).toHaveCount(0);
  const queued = `Written in the basement ${String(Date.now())}`;
  await chat.send(queued);
  await expect(chat.bubble(queued).locator('[data-delivery="queued"]')).toBeVisible();

  // The card opened during the visit, by its address (a bookmark), still offline.
  await page.goto(cardUrl);
  await expect(patients.section('Patient info')).toContainText(patientInfo);

  // Back online: the queued message goes out, and bob gets it once.
  await page.goto('/');
  await expect(chat.sidebarRow(/^Bob Baker/).first()).toBeVisible();
  // The list above can be the first paint from the copy (apps/web boot/), before the app: the
  // notice below is the app's, about a change it saw, so the app is up before the network returns.
  await expect(new Shell(page).logoutButton).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('You are now back online.').first()).toBeVisible({
    timeout: 30_000,
  });
  await bobChat
    .sidebarRow(/^Alice Anderson/)
    .first()
    .click();
  await expect(bobChat.messages.getByText(queued, { exact: true })).toHaveCount(1);
  await chat
    .sidebarRow(/^Bob Baker/)
    .first()
    .click();
  await expect(chat.bubble(queued).locator('[data-delivery="queued"]')).toHaveCount(0);
  await bob.page.reload();
  await expect(bobChat.messages.getByText(queued, { exact: true })).toHaveCount(1);

  // Logout with no network and a message still waiting: the dialog says it will be deleted from
  // this device; the copy and the outbox go; a visit with the network off shows nothing of alice.
  await context.setOffline(true);
  const unsent = `Never sent ${String(Date.now())}`;
  await chat.send(unsent);
  // Queued, or "sending" when the socket has not noticed the network is gone: in the outbox.
  await expect(
    chat.bubble(unsent).locator('[data-delivery="queued"], [data-delivery="sending"]'),
  ).toBeVisible();
  await new Shell(page).logoutButton.click();
  const confirm = page.getByRole('dialog', { name: 'Log out' });
  await expect(confirm).toContainText(
    '1 message has not been sent yet. If you log out now, it is deleted from this device.',
  );
  await confirm.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await copyRecords(page)).toEqual([]);
  const outboxes = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('pando.chat.outbox.'))
      .map((k) => localStorage.getItem(k)),
  );
  expect(outboxes.every((v) => v === '[]')).toBe(true);
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'Your session could not be loaded' }),
  ).toBeVisible();
  await expect(page.getByText(seen)).toHaveCount(0);
  await expect(page.getByText('Bob Baker')).toHaveCount(0);
  await expect(page.getByText(patientInfo)).toHaveCount(0);

  // The logout never reached the server: the next start with a network ends the session first.
  expect((await page.request.get('/api/v4/login/current')).status()).toBe(200);
  await context.setOffline(false);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('textbox', { name: /email/i })).toBeVisible();
  expect((await page.request.get('/api/v4/login/current')).status()).toBe(401);
  await context.close();
  await bob.context.close();
});

test('phone (390 × 844): offline after a visit, the list and a conversation from the copy; a send is queued', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await signIn(browser, 'alice@example.org', {
    width: 390,
    height: 844,
  });
  const chat = new ChatPane(page);
  await chat
    .sidebarRow(/^Ward 7 Team/)
    .first()
    .click();
  const seen = `Phone handover ${String(Date.now())}`;
  await chat.send(seen);
  await copyHolds(page, 'chat', seen);

  await context.setOffline(true);
  await page.reload();
  // On a phone the open conversation fills the screen; the message seen before is there.
  await expect(chat.messages.getByText(seen, { exact: true })).toBeVisible();
  const queued = `Phone, no signal ${String(Date.now())}`;
  await chat.send(queued);
  await expect(chat.bubble(queued).locator('[data-delivery="queued"]')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.goto('/');
  await expect(chat.sidebarRow(/^Ward 7 Team/).first()).toBeVisible();
  await expect(chat.conversations.getByRole('status')).toHaveText(
    /^Offline — last updated \d\d:\d\d$/,
  );

  await context.setOffline(false);
  await chat
    .sidebarRow(/^Ward 7 Team/)
    .first()
    .click();
  await expect(chat.bubble(queued).locator('[data-delivery="queued"]')).toHaveCount(0, {
    timeout: 30_000,
  });
  await context.close();
});
