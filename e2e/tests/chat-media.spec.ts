import { expect, test, type Page } from '@playwright/test';
import { ChatPane, loggedIn } from '../pom/Chat';
import { expectNoSeriousAxeViolations } from '../pom/axe';

// A valid 1×1 PNG: the server checks content, not the name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** Spec 01 §7: 25 Mb is the limit; one byte more is refused before any upload. */
const TOO_LARGE = 26_214_400 + 1;

async function openDmWithBob(page: Page): Promise<ChatPane> {
  const chat = new ChatPane(page);
  await chat
    .sidebarRow(/^Bob Baker/)
    .first()
    .click();
  await expect(chat.composer).toBeVisible();
  return chat;
}

test('spec 01 §7: alice sends bob an image and a file; both arrive and open', async ({
  browser,
}) => {
  const alicePage = await loggedIn(browser, 'alice@example.org');
  const bobPage = await loggedIn(browser, 'bob@example.org');
  await openDmWithBob(alicePage);
  const bob = new ChatPane(bobPage);
  await bob
    .sidebarRow(/^Alice Anderson/)
    .first()
    .click();

  const stamp = Date.now();
  await alicePage
    .getByLabel('Image to send')
    .setInputFiles({ name: `scan-${stamp}.png`, mimeType: 'image/png', buffer: PNG });
  const image = bob.messages.getByRole('img', { name: `scan-${stamp}.png` });
  await expect(image).toBeVisible();
  // The thumbnail really loaded through the share (an unshared image would 404).
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  await alicePage
    .getByLabel('File to send')
    .setInputFiles({ name: `discharge-${stamp}.pdf`, mimeType: 'application/pdf', buffer: PDF });
  const link = bob.messages.getByRole('link', { name: `discharge-${stamp}.pdf` });
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  const download = await bobPage.request.get(href ?? '');
  expect(download.status()).toBe(200);
  expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

// Spec 01 §5: files are checked before any upload — too large (the file named, spec 02 §8 text)
// or a type outside the chat's list (the type named) — and the refusal is a notification.
for (const device of [
  { name: 'desktop', width: 1280, height: 800, colorScheme: 'light' as const },
  // The phone runs dark, so axe sees both colour schemes.
  { name: 'phone', width: 390, height: 844, colorScheme: 'dark' as const },
]) {
  test(`spec 01 §5 (${device.name}): a 26 MB file and an .exe are refused before any upload, with the spec's texts`, async ({
    browser,
  }) => {
    const alicePage = await loggedIn(browser, 'alice@example.org');
    await alicePage.setViewportSize({ width: device.width, height: device.height });
    await alicePage.emulateMedia({ colorScheme: device.colorScheme });
    const alice = await openDmWithBob(alicePage);
    const uploads: string[] = [];
    alicePage.on('request', (r) => {
      // Uploads are POST /files, POST /images/chat and PUT /images/chat/{id}; the GETs are the
      // thumbnails of earlier messages.
      if (/\/api\/v4\/(files|images\/chat)/.test(r.url()) && r.method() !== 'GET')
        uploads.push(`${r.method()} ${r.url()}`);
    });
    const picker = alicePage.getByLabel('File to send');
    // The picker offers only the allowed types (spec 02 §5 documents and images).
    const accept = ((await picker.getAttribute('accept')) ?? '').split(',');
    expect(accept).toEqual(expect.arrayContaining(['application/pdf', 'image/png']));
    expect(accept).not.toContain('application/x-msdownload');

    await picker.setInputFiles({
      name: 'huge-echo-recording.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(TOO_LARGE, 0x20),
    });
    const notices = alicePage.getByRole('status');
    await expect(
      notices.getByText(
        'The file, huge-echo-recording.pdf is too large to send, the limit is 25 Mb for a single file.',
      ),
    ).toBeVisible();

    await picker.setInputFiles({
      name: 'setup.exe',
      mimeType: 'application/x-msdownload',
      buffer: Buffer.from('MZ\x90\x00 not a document'),
    });
    await expect(
      notices.getByText(
        'The file, setup.exe cannot be sent: .exe files are not allowed. Send a PDF, a Word document or an image.',
      ),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(alicePage, `${device.name} refused uploads`);

    expect(uploads).toEqual([]);
    // Nothing was sent: neither file shows in the conversation. (Counting rows is no measure here:
    // the virtualised list adds rows while the history settles.)
    await expect(alice.messages.getByText('huge-echo-recording.pdf')).toHaveCount(0);
    await expect(alice.messages.getByText('setup.exe')).toHaveCount(0);
  });
}
