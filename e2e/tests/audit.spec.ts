import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../pom/axe';
import { loggedIn } from '../pom/Chat';
import { PatientsPage } from '../pom/Patients';

// Issue 36 against the real server: alice opens a patient card and emails it to herself; the
// organisation admin finds both events in the audit log by that patient, with alice's name, the
// time and the address the card went to — at desktop size and on a phone.

const pad = (n: number) => String(n).padStart(2, '0');
/** `dd/mm/yyyy HH:mm` in this machine's zone (the browser's too), as the log writes times. */
const shown = (d: Date) =>
  `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${String(d.getFullYear())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** Every minute from `from` to now, as the log would show it. */
function minutesSince(from: Date): string[] {
  const out: string[] = [];
  const start = Math.floor(from.getTime() / 60_000) - 1;
  for (let m = start; m <= Math.floor(Date.now() / 60_000) + 1; m++)
    out.push(shown(new Date(m * 60_000)));
  return out;
}

/** alice opens the first card of her list and emails it to herself; its patient's number. */
async function aliceOpensAndEmails(browser: Browser): Promise<number> {
  const alice = await loggedIn(browser, 'alice@example.org', '/patients');
  const patients = new PatientsPage(alice);
  const first = patients.list.getByRole('listitem').first();
  await expect(first).toBeVisible();
  const read = alice.waitForResponse(
    (r) =>
      r.request().method() === 'GET' &&
      /\/api\/v4\/cards-multiple-reassign\/\d+(\?|$)/.test(r.url()) &&
      r.ok(),
  );
  await first.getByRole('button').first().click();
  const card = (await (await read).json()) as { patient_id: number | null };
  expect(card.patient_id).not.toBeNull();
  await expect(patients.section('Patient info')).toBeVisible();
  await patients.action('Email me this card');
  await expect(alice.getByText('The card was emailed to you.')).toBeVisible();
  await alice.context().close();
  return card.patient_id ?? 0;
}

/** The org admin's audit log filtered by the patient, with alice's two events in view. */
async function findsBothEvents(admin: Page, patientId: number, since: Date): Promise<void> {
  await admin.getByRole('textbox', { name: 'Patient number' }).fill(String(patientId));
  await expect(admin).toHaveURL(new RegExp(`[?&]patient=${String(patientId)}(&|$)`));
  const table = admin.getByRole('table', { name: 'Audit log' });
  const rows = table.locator('tbody tr');
  const opened = rows.filter({ hasText: 'Opened a patient card' }).filter({ hasText: 'Alice' });
  const emailed = rows
    .filter({ hasText: 'Emailed a patient card' })
    .filter({ hasText: 'Sent to alice@example.org' });
  // Reads are written in batches (a second or so): the log is asked again until they are in.
  await expect(async () => {
    await admin.reload();
    await expect(table).toBeVisible();
    await expect(opened.first()).toBeVisible({ timeout: 2_000 });
    await expect(emailed.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(admin.getByRole('textbox', { name: 'Patient number' })).toHaveValue(
    String(patientId),
  );
  const minutes = minutesSince(since);
  for (const row of [opened.first(), emailed.first()]) {
    await expect(row).toContainText('Alice Anderson');
    await expect(row).toContainText(String(patientId));
    const when = (await row.locator('time').first().textContent()) ?? '';
    expect(minutes, `"${when}" is a minute of this test`).toContain(when);
  }
  // Every row shown is of that patient.
  for (const cell of await table.locator('tbody td[data-label="Patient"]').all())
    await expect(cell).toHaveText(String(patientId));
}

test('issue 36: the org admin finds alice opening and emailing a card in the audit log, by the patient (desktop)', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const since = new Date();
  const patientId = await aliceOpensAndEmails(browser);

  const admin = await loggedIn(browser, 'org.admin@example.org', '/manage');
  await admin
    .getByRole('navigation', { name: 'Management' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await expect(admin).toHaveURL(/\/manage\/audit$/);
  await expect(admin.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await findsBothEvents(admin, patientId, since);
  await expectNoSeriousAxeViolations(admin, 'audit log');

  // The filtered view downloads as CSV with both events.
  const download = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await file.path(), 'utf8');
  expect(text).toContain('card.read');
  expect(text).toContain('card.email');
  expect(text).toContain('alice@example.org');
});

test('issue 36: the same on a phone (390 × 844): the filter, and each event as a card of "column: value" lines', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const since = new Date();
  const patientId = await aliceOpensAndEmails(browser);

  const admin = await loggedIn(browser, 'org.admin@example.org', '/manage/audit');
  await admin.setViewportSize({ width: 390, height: 844 });
  await expect(admin.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await findsBothEvents(admin, patientId, since);
  // Cards, not a table to scroll sideways: the detail is labelled and in view.
  const detail = admin
    .locator('tbody td[data-label="Detail"]')
    .filter({ hasText: 'Sent to alice@example.org' })
    .first();
  await detail.scrollIntoViewIfNeeded();
  await expect(detail).toBeInViewport();
  const box = await detail.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousAxeViolations(admin, 'audit log on a phone');
});
