import { expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import { expectNoSeriousAxeViolations } from '../pom/axe';
import { loggedIn } from '../pom/Chat';
import { PatientsPage } from '../pom/Patients';

/** A seeded patient alice sees through a card (the demo's John Jones). */
const PATIENT = { identifier: 'NHS-000-0001', last: 'Jones' };

test('spec 01 §6: the scanner on the patient list finds a patient by the barcode of their identifier (here from an image file)', async ({
  browser,
}) => {
  const alice = await loggedIn(browser, 'alice@example.org', '/patients');
  const patients = new PatientsPage(alice);
  await expect(patients.list).toBeVisible();

  // An unknown identifier: nothing opens, and alice is told.
  await alice.getByRole('button', { name: 'Scan', exact: true }).click();
  const scanner = alice.getByRole('dialog', { name: 'Scan a patient identifier' });
  await expect(scanner).toBeVisible();
  await expectNoSeriousAxeViolations(alice, 'patient scanner');
  await scanner.getByLabel('Image file to scan').setInputFiles({
    name: 'unknown.png',
    mimeType: 'image/png',
    buffer: await QRCode.toBuffer('NOBODY-404', { margin: 4, scale: 8 }),
  });
  await expect(alice.getByText('No patient with identifier NOBODY-404.')).toBeVisible();
  await expect(alice).toHaveURL(/\/patients$/);
  // The overlay closes (its own "Scan from an image file" button goes with it).
  await expect(scanner).toBeHidden();

  // John Jones's identifier opens his card.
  await alice.getByRole('button', { name: 'Scan', exact: true }).click();
  await scanner.getByLabel('Image file to scan').setInputFiles({
    name: 'wristband.png',
    mimeType: 'image/png',
    buffer: await QRCode.toBuffer(PATIENT.identifier, { margin: 4, scale: 8 }),
  });
  await expect(alice).toHaveURL(/\/patients\/\d+$/);
  await expect(patients.section('Patient info')).toContainText(PATIENT.last);
  await expect(patients.section('Patient info')).toContainText(PATIENT.identifier);
});
