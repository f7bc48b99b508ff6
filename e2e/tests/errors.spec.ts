import { expect, test, type Page } from '@playwright/test';
import { loggedIn } from '../pom/Chat';
import { LoginPage } from '../pom/LoginPage';

/**
 * Issue 35 "Errors a person can act on": a refusal says what it is and what to do, in the place
 * the person acted, never "[INTERNAL SERVER ERROR]" and never "the engineering team has been
 * notified" for a 4xx. Login lockout (429), a form file too large (checked in the browser: no
 * upload), a type refused in the browser and by the server (415), an admin list answering 500.
 */

// Contexts of earlier tests stay open in the worker's browser: each test closes its own.
test.afterEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

async function expectNoLogLabel(page: Page): Promise<void> {
  await expect(page.locator('body')).not.toContainText('[INTERNAL SERVER ERROR]');
}

/** What a refusal a person can act on must never say. */
async function expectNoServerFaultWording(page: Page): Promise<void> {
  await expectNoLogLabel(page);
  await expect(page.locator('body')).not.toContainText('The engineering team has been notified');
}

test('a login lockout (429) says how long to wait, in words, and nothing about a server error', async ({
  browser,
}) => {
  const page = await (await browser.newContext()).newPage();
  // As the server answered in the walk: the seconds in the text and in Retry-After.
  await page.route('**/api/v4/auth', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 429,
          headers: { 'Retry-After': '603' },
          contentType: 'application/json',
          body: JSON.stringify({
            message: 'Too many login attempts. Try again in 603 seconds.',
            statusCode: 429,
            details: [{ path: 'email', message: 'rate limit reached' }],
            internalCode: 'RATE_LIMITED',
          }),
        })
      : route.fallback(),
  );
  const login = new LoginPage(page);
  await login.goto();
  await login.email.fill('alice@example.org');
  await login.requestCode.click();
  await expect(page.getByText('Too many login attempts. Try again in 11 minutes.')).toBeVisible();
  await expectNoServerFaultWording(page);
});

/** A template of pando.admin's with a file and an image control, saved through the API. */
async function templateWithFiles(page: Page): Promise<string> {
  const title = `Wound check ${Date.now().toString(36)}`;
  const saved = await page.request.post('/api/v4/structured/template/0', {
    headers: { 'Content-Type': 'application/json' },
    data: {
      title,
      description: '',
      author: 'Pat Admin',
      version: '1.0',
      controls: [
        { id: 'letter', type: 'file', label: 'Referral letter', can_edit: true },
        { id: 'wound', type: 'image', label: 'Wound photo', can_edit: true },
      ],
      export_options: [],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return title;
}

test('form files: 26 MB is refused in the browser naming the file (no upload); a .txt is refused by type; a text file named .pdf is refused by the server (415) naming the file', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await loggedIn(browser, 'pando.admin@example.org', '/manage/form-templates');
  const title = await templateWithFiles(page);
  await page.reload();
  await page
    .getByRole('navigation', { name: 'My templates' })
    .getByRole('button', { name: new RegExp(title) })
    .click();
  await page.getByRole('button', { name: 'Fill in' }).click();
  const filler = page.getByRole('dialog', { name: `${title} (v1.0)` });
  await expect(filler).toBeVisible();

  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/structured/files'))
      uploads.push(request.url());
  });

  // The pickers offer only the accepted types (spec 02 §5).
  const letter = filler.getByLabel('File for Referral letter');
  const wound = filler.getByLabel('Image for Wound photo');
  await expect(letter).toHaveAttribute('accept', /application\/pdf/);
  await expect(wound).toHaveAttribute('accept', /image\/png/);
  await expect(wound).not.toHaveAttribute('accept', /application\/pdf/);

  // 26 MB: refused before a byte is sent, the file named.
  await letter.setInputFiles({
    name: 'discharge-scan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(26 * 1024 * 1024, 0x25),
  });
  await expect(filler.getByRole('alert')).toHaveText(
    'The file, discharge-scan.pdf is too large to send, the limit is 25 Mb for a single file.',
  );

  // A .txt chosen past the picker's filter: refused by type, named, nothing sent.
  await letter.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('ward notes'),
  });
  await expect(filler.getByRole('alert')).toContainText(
    'The file, notes.txt cannot be sent: .txt files are not allowed.',
  );
  expect(uploads).toEqual([]);

  // Text calling itself a PDF: the server reads the bytes and refuses it (415).
  const refused = page.waitForResponse(
    (response) =>
      response.url().includes('/structured/files') && response.request().method() === 'POST',
  );
  await letter.setInputFiles({
    name: 'not-really.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('just some text'),
  });
  expect((await refused).status()).toBe(415);
  await expect(filler.getByRole('alert')).toContainText(
    'The file, not-really.pdf was not accepted. This file type is not accepted',
  );
  await expectNoServerFaultWording(page);
});

test('an admin list answering 500 says so in a sentence, not with a log label', async ({
  browser,
}) => {
  const page = await loggedIn(browser, 'org.admin@example.org');
  await page.route(/\/api\/v4\/admin\/users(\?|$)/, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Internal Server Error', statusCode: 500 }),
    }),
  );
  await page.goto('/manage/users');
  const alert = page.getByRole('alert').filter({ hasText: 'Users could not be loaded' });
  await expect(alert).toContainText(
    'There was an error on the server. The engineering team has been notified. Please try again in a few minutes.',
  );
  await expectNoLogLabel(page);
});
