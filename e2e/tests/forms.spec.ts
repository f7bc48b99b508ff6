import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import QRCode from 'qrcode';
// scripts/ is workspace tooling shared by every browser runner, not a project of the graph.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { expectNoSeriousAxeViolations } from '../pom/axe';
import { ChatPane, loggedIn } from '../pom/Chat';

/** A seeded patient alice sees through a card (the demo's John Jones). */
const PATIENT = { identifier: 'NHS-000-0001', first: 'John', last: 'Jones' };

/**
 * The fake camera's video: a Y4M file (4:2:0, grey) showing a QR code that holds the patient's
 * identifier, drawn here from the `qrcode` module matrix. Chromium loops it as the webcam.
 */
function qrVideo(text: string): string {
  const width = 640;
  const height = 480;
  const modules = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const scale = 10;
  const side = (modules.size + 8) * scale; // 4 modules of quiet zone each side
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) {
        const start = (top + (row + 4) * scale + y) * width + left + (col + 4) * scale;
        luma.fill(16, start, start + scale);
      }
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const file = join(mkdtempSync(join(tmpdir(), 'pando-qr-')), 'patient.y4m');
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
  return file;
}

// Every browser of this spec has the fake camera; only alice's filler uses it.
test.use({
  launchOptions: {
    executablePath: chromiumPath(),
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${qrVideo(PATIENT.identifier)}`,
    ],
  },
});

/** Picks an option of a Mantine select by its label (the input opens a listbox). */
async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('smart forms: pando.admin builds, versions, duplicates and deletes; alice (not the owner) cannot delete; alice fills it in a chat with a real barcode scan, the confirm flow and every export; bob sees the card', async ({
  browser,
}) => {
  test.setTimeout(480_000);
  const title = `Ward round ${Date.now().toString(36)}`;

  // --- pando.admin builds the template: one control of every type, csv + json + email exports.
  const admin = await loggedIn(browser, 'pando.admin@example.org', '/manage/form-templates');
  await admin.getByRole('button', { name: 'New template' }).click();
  const editor = admin.getByRole('region', { name: 'Edit template' });
  const control = (n: number) =>
    editor.getByRole('region', { name: new RegExp(`^Control ${String(n)}:`) });
  await editor.getByLabel('Title').first().fill(title);
  await choose(admin, control(1).getByLabel('Patient data'), 'first_name');
  await choose(admin, control(2).getByLabel('Patient data'), 'last_name');
  const added = [
    ['barcode', 'Patient identifier'],
    ['geolocation', 'Location'],
    ['dropdown', 'Priority'],
    ['multiselect', 'Symptoms'],
    ['textarea', 'Notes'],
    ['radio', 'Escalate'],
    ['file', 'Referral letter'],
    ['image', 'Wound photo'],
    ['date', 'Seen on'],
    ['divider', 'Sign-off'],
  ] as const;
  for (const [index, [type, label]] of added.entries()) {
    await choose(admin, editor.getByLabel('Component type'), type);
    await editor.getByRole('button', { name: 'Add Component' }).click();
    const region = control(index + 3);
    await region.getByLabel('Label').fill(label);
    if (type === 'dropdown' || type === 'multiselect' || type === 'radio')
      await region
        .getByLabel('Options (one per line)')
        .fill(type === 'radio' ? 'Yes\nNo' : 'Low\nHigh');
    if (type === 'barcode') {
      await choose(admin, region.getByLabel('Patient data'), 'patient_identificator');
      await region.getByRole('checkbox', { name: 'Required' }).check();
    }
    if (type === 'dropdown' || type === 'radio') {
      // One group: either answers it (spec 02 §5 group rule).
      await region.getByRole('checkbox', { name: 'Required' }).check();
      await region.getByLabel('Group index').fill('1');
    }
  }
  await editor.getByRole('button', { name: 'Edit export options' }).click();
  const exportsDialog = admin.getByRole('dialog', { name: 'Export options' });
  await exportsDialog.getByRole('button', { name: 'Add JSON export' }).click();
  await exportsDialog.getByRole('button', { name: 'Add EMAIL export' }).click();
  await exportsDialog.getByRole('button', { name: 'Done' }).click();
  await expect(
    exportsDialog.getByText('Please enter a unique title for the export option').first(),
  ).toBeVisible();
  await exportsDialog
    .getByRole('region', { name: 'Export option 2' })
    .getByLabel('Title')
    .fill('Ward JSON');
  const email = exportsDialog.getByRole('region', { name: 'Export option 3' });
  await email.getByLabel('Title').fill('Email me');
  await email.getByLabel('Address').fill('{{user.email}}');
  await exportsDialog.getByRole('button', { name: 'Done' }).click();
  await expect(exportsDialog).toBeHidden();
  await expectNoSeriousAxeViolations(admin, 'form template editor');
  await editor.getByRole('button', { name: 'Save Template' }).click();
  const view = admin.getByRole('region', { name: `Template ${title}` });
  await expect(view.getByRole('status')).toHaveText('Template saved successfully');
  await expect(view.getByText(/^Version 1\.0/)).toBeVisible();

  // The next save that changes it bumps the version.
  await view.getByRole('button', { name: 'Edit' }).click();
  await editor.getByLabel('Description').fill('Morning ward round.');
  await editor.getByRole('button', { name: 'Save Template' }).click();
  await expect(view.getByText(/^Version 1\.1/)).toBeVisible();

  // Duplicate (unsaved until saved, no confirmation), save the copy, delete it (confirmed).
  await view.getByRole('button', { name: 'Duplicate' }).click();
  await expect(editor.getByLabel('Title').first()).toHaveValue(`${title} (copy)`);
  await editor.getByRole('button', { name: 'Save Template' }).click();
  const copy = admin.getByRole('region', { name: `Template ${title} (copy)` });
  await expect(copy.getByRole('status')).toHaveText('Template saved successfully');
  await copy.getByRole('button', { name: 'Delete' }).click();
  await admin
    .getByRole('dialog', { name: 'Delete template' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const mine = admin.getByRole('navigation', { name: 'My templates' });
  await expect(mine.getByRole('button', { name: new RegExp(`${title} \\(copy\\)`) })).toHaveCount(
    0,
  );
  await expect(mine.getByRole('button', { name: new RegExp(title) })).toHaveCount(1);

  // --- alice is not the owner: the server refuses her delete with the spec's words.
  const alicePage = await loggedIn(browser, 'alice@example.org');
  const templates = (await (
    await alicePage.request.get('/api/v4/structured/templates')
  ).json()) as {
    results: { id: number; title: string; version: string }[];
  };
  const saved = templates.results.find((t) => t.title === title);
  expect(saved?.version).toBe('1.1');
  const refused = await alicePage.request.delete(
    `/api/v4/structured/template/${String(saved?.id)}`,
    {
      headers: { 'Content-Type': 'application/json' },
    },
  );
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'You cannot delete this template, as you are not the owner.',
  );

  // --- alice fills it in her chat with bob.
  await alicePage.context().grantPermissions(['camera']);
  await alicePage.goto('/search?include=user.other');
  await alicePage.getByLabel('Search people, teams, forums and advice').fill('Bob');
  await alicePage
    .getByRole('region', { name: 'Results' })
    .getByRole('link', { name: /Bob Baker/ })
    .first()
    .click();
  await expect(alicePage).toHaveURL(/\/users\/\d+$/);
  await alicePage.getByRole('button', { name: 'Select a form' }).click();
  await alicePage
    .getByRole('dialog', { name: 'Select a form' })
    .getByRole('button', { name: new RegExp(title) })
    .click();
  const filler = alicePage.getByRole('dialog', { name: `${title} (v1.1)` });

  // Required and group rules block submission with red borders.
  await filler.getByRole('button', { name: 'Submit' }).click();
  await expect(filler.getByRole('alert')).toHaveText('Please fill in all required fields');
  const identifier = filler.getByRole('textbox', { name: /Patient identifier/ });
  await expect(identifier).toHaveAttribute('aria-invalid', 'true');
  await expect(filler.getByRole('textbox', { name: /First name/ })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(filler.getByRole('combobox', { name: /Priority/ })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectNoSeriousAxeViolations(alicePage, 'form filler with errors');

  // A real scan: the fake camera shows the QR code; the lookup fills the mapped controls.
  await filler.getByRole('button', { name: 'Scan barcode for Patient identifier' }).click();
  await expect(alicePage.getByRole('dialog', { name: 'Scan Patient identifier' })).toBeVisible();
  await expect(identifier).toHaveValue(PATIENT.identifier, { timeout: 20_000 });
  await expect(filler.getByRole('textbox', { name: /First name/ })).toHaveValue(PATIENT.first);
  const lastName = filler.getByRole('textbox', { name: /Last name/ });
  await expect(lastName).toHaveValue(PATIENT.last);

  // A file control: uploading holds the file's guid (a link opens it); deleting empties it.
  const letter = filler.locator('input[aria-label="File for Referral letter"]');
  await letter.setInputFiles({
    name: 'letter.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
  });
  await expect(filler.getByRole('link', { name: 'Open file' })).toHaveAttribute(
    'href',
    /\/api\/v4\/structured\/files\/[0-9a-f-]{36}$/,
  );
  await filler.getByRole('button', { name: 'Delete file of Referral letter' }).click();
  await expect(filler.getByRole('button', { name: 'Choose a file' })).toBeVisible();

  // She changes the name: the server asks to confirm; confirming resubmits.
  await lastName.fill('Jonas');
  await filler.getByRole('radio', { name: 'Yes' }).check();
  await filler.getByRole('button', { name: 'Submit' }).click();
  const confirm = alicePage.getByRole('dialog', { name: 'Confirm patient details' });
  await expect(confirm.getByRole('row', { name: /Last name Jonas Jones/ })).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(filler.getByRole('status')).toHaveText('Template submitted successfully');

  // Exports: CSV and JSON downloads, and the email export into the dev mailbox.
  const exportOption = filler.getByRole('combobox', { name: 'Export option' });
  const downloadOf = async (option: string) => {
    await choose(alicePage, exportOption, option);
    const [download] = await Promise.all([
      alicePage.waitForEvent('download'),
      filler.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    return {
      name: download.suggestedFilename(),
      text: readFileSync(await download.path(), 'utf8'),
    };
  };
  const csv = await downloadOf('Export to CSV');
  expect(csv.name).toBe('data_export.csv');
  const [header, row] = csv.text.split('\r\n');
  expect(header).toContain('Patient identifier');
  expect(row).toContain(PATIENT.identifier);
  expect(row).toContain('Jonas');
  const json = await downloadOf('Ward JSON');
  expect(json.name).toBe('data_export.json');
  expect(JSON.parse(json.text)).toMatchObject({
    'Patient identifier': PATIENT.identifier,
    'Last name': 'Jonas',
    Escalate: 'Yes',
  });
  const sentAt = Date.now();
  await choose(alicePage, exportOption, 'Email me');
  await filler.getByRole('button', { name: 'Export', exact: true }).click();
  const mailDialog = alicePage.getByRole('dialog', { name: 'Email export' });
  await expect(mailDialog.getByLabel('Email address')).toHaveValue('{{user.email}}');
  await mailDialog.getByRole('button', { name: 'Send' }).click();
  await expect(filler.getByRole('status')).toHaveText(/^Email sent successfully: /);
  await expect
    .poll(async () => {
      const answer = (await (
        await alicePage.request.get('/api/dev/mailbox?to=alice@example.org')
      ).json()) as { results: { sent_at: string; attachments?: { filename: string }[] }[] };
      return answer.results.some(
        (m) =>
          Date.parse(m.sent_at) >= sentAt - 1000 &&
          (m.attachments ?? []).some((a) => a.filename === 'data_export.pdf'),
      );
    })
    .toBe(true);
  await filler.getByRole('button', { name: 'Close form' }).click();

  // The "Form:" message: alice's chat shows it; bob sees the card live in his chat with alice.
  const alice = new ChatPane(alicePage);
  await expect(alice.messages.getByText(`${title} (v1.1)`)).toBeVisible();
  const bobPage = await loggedIn(browser, 'bob@example.org');
  const bob = new ChatPane(bobPage);
  await bob
    .sidebarRow(/^Alice Anderson/)
    .first()
    .click();
  const card = bob.bubble(`${title} (v1.1)`);
  await expect(card.getByRole('button', { name: 'Open form' })).toBeVisible();
  await card.getByRole('button', { name: 'Open form' }).click();
  await expect(bobPage.getByRole('dialog', { name: `${title} (v1.1)` })).toBeVisible();
});
