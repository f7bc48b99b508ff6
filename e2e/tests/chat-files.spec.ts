import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { ChatPane, loggedIn } from '../pom/Chat';
import { expectNoSeriousAxeViolations } from '../pom/axe';

// Spec 01 §2 "Other overlays" (the file-action modal) and §8 texts, against the real server: bob
// sends a PDF; alice downloads it (the same bytes) and emails it to herself (the dev mailbox has
// it as an attachment with the same SHA-256). The refusals before upload (a 26 MB file, an .exe)
// are chat-media.spec.ts; /teams/ask-advice/create is advice.spec.ts.

// A valid 1×1 PNG: the server checks content, not the name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Mail {
  subject: string;
  attachments: { filename: string; content_type: string; size: number; sha256: string }[];
}

/** alice's emails about the file, newest first (the dev mailbox of the local development mode). */
async function mailsWith(page: Page, filename: string): Promise<Mail[]> {
  const answer = await page.request.get('/api/dev/mailbox?to=alice%40example.org');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { results: Mail[] }).results.filter((m) =>
    m.subject.endsWith(filename),
  );
}

const DEVICES = [
  { name: 'desktop', width: 1280, height: 800, colorScheme: 'light' as const },
  // The phone runs dark, so axe sees both colour schemes.
  { name: 'phone', width: 390, height: 844, colorScheme: 'dark' as const },
];

test('spec 01 §2 file-action modal (desktop, phone): alice downloads a PDF bob sent and emails it to herself', async ({
  browser,
}) => {
  // Two sizes in one test (two logins instead of four): twice the default budget.
  test.setTimeout(240_000);
  const stamp = String(Date.now());
  const filename = `discharge-${stamp}.pdf`;
  const pdf = Buffer.from(
    `%PDF-1.4\n% ${stamp}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

  const bobPage = await loggedIn(browser, 'bob@example.org');
  const bob = new ChatPane(bobPage);
  await bob
    .sidebarRow(/^Alice Anderson/)
    .first()
    .click();
  await expect(bob.composer).toBeVisible();
  await bobPage
    .getByLabel('File to send')
    .setInputFiles({ name: filename, mimeType: 'application/pdf', buffer: pdf });
  await expect(bob.messages.getByRole('link', { name: filename })).toBeVisible();
  const imageName = `scan-${stamp}.png`;
  await bobPage
    .getByLabel('Image to send')
    .setInputFiles({ name: imageName, mimeType: 'image/png', buffer: PNG });
  await expect(bob.messages.getByRole('img', { name: imageName })).toBeVisible();
  await bobPage.context().close();

  const alicePage = await loggedIn(browser, 'alice@example.org');
  const alice = new ChatPane(alicePage);
  for (const device of DEVICES) {
    await alicePage.setViewportSize({ width: device.width, height: device.height });
    await alicePage.emulateMedia({ colorScheme: device.colorScheme });
    // Each size starts from the conversation (the phone shows the list first).
    await alicePage.goto('/');
    await alice
      .sidebarRow(/^Bob Baker/)
      .first()
      .click();
    // The image opens full size: fetched as bytes and decoded (spec 01 §8 viewer states).
    await alice.messages.getByRole('button', { name: `Open ${imageName}` }).click();
    const viewer = alicePage.getByRole('dialog', { name: imageName });
    const full = viewer.getByRole('img', { name: imageName });
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    // The viewer offers the same modal for the image; emailed, the mailbox has the PNG.
    await viewer.getByRole('button', { name: `Download or email ${imageName}` }).click();
    await expect(viewer).toBeHidden();
    const imageDialog = alicePage.getByRole('dialog', { name: 'Download or email' });
    await imageDialog.getByText('Email', { exact: true }).click();
    const imageMailsBefore = await mailsWith(alicePage, imageName);
    await imageDialog.getByRole('button', { name: 'Send' }).click();
    await expect(imageDialog.getByRole('status')).toHaveText(
      `Email sent successfully: ${imageName} was sent to alice@example.org`,
    );
    const imageMails = await mailsWith(alicePage, imageName);
    expect(imageMails).toHaveLength(imageMailsBefore.length + 1);
    expect(imageMails[0]?.attachments[0]).toMatchObject({
      filename: imageName,
      content_type: 'image/png',
    });
    await alicePage.keyboard.press('Escape');
    await expect(imageDialog).toBeHidden();

    await alice.messages.getByRole('button', { name: `Download or email ${filename}` }).click();
    const dialog = alicePage.getByRole('dialog', { name: 'Download or email' });
    await expect(dialog.getByText(filename)).toBeVisible();
    await expectNoSeriousAxeViolations(alicePage, `${device.name} file-action modal`);

    // Download: the browser saves the very bytes bob sent, and the modal says so.
    const saving = alicePage.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download to this device' }).click();
    const download = await saving;
    expect(download.suggestedFilename()).toBe(filename);
    expect(await fs.readFile(await download.path())).toEqual(pdf);
    await expect(dialog.getByRole('status')).toHaveText(
      'The file will be downloaded to your device.',
    );

    // Email: the own address is filled in; an invalid one disables Send.
    await dialog.getByText('Email', { exact: true }).click();
    const address = dialog.getByLabel(/Email address/);
    await expect(address).toHaveValue('alice@example.org');
    const send = dialog.getByRole('button', { name: 'Send' });
    await address.fill('alice@example');
    await expect(send).toBeDisabled();
    await address.fill('alice@example.org');
    const before = await mailsWith(alicePage, filename);
    await send.click();
    await expect(dialog.getByRole('status')).toHaveText(
      `Email sent successfully: ${filename} was sent to alice@example.org`,
    );
    await expectNoSeriousAxeViolations(alicePage, `${device.name} file emailed`);
    const mails = await mailsWith(alicePage, filename);
    expect(mails).toHaveLength(before.length + 1);
    expect(mails[0]?.attachments).toEqual([
      { filename, content_type: 'application/pdf', size: pdf.length, sha256: sha256(pdf) },
    ]);
  }
  await alicePage.context().close();
});
