import { expect, type Locator, type Page } from '@playwright/test';

/** A valid 2 × 2 PNG of one colour (the server re-encodes it through sharp and makes a thumbnail). */
export function pngOf(r: number, g: number, b: number): Buffer {
  // Built once per colour with zlib (stored block) and CRCs, so no binary fixture is needed.
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = [0, r, g, b, r, g, b];
  const raw = Buffer.from([...row, ...row]);
  let adler1 = 1;
  let adler2 = 0;
  for (const byte of raw) {
    adler1 = (adler1 + byte) % 65521;
    adler2 = (adler2 + adler1) % 65521;
  }
  const zlib = Buffer.concat([
    Buffer.from([
      0x78,
      0x01,
      0x01,
      raw.length & 0xff,
      raw.length >> 8,
      ~raw.length & 0xff,
      (~raw.length >> 8) & 0xff,
    ]),
    raw,
    Buffer.from([adler2 >> 8, adler2 & 0xff, adler1 >> 8, adler1 & 0xff]),
  ]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface NewPatient {
  firstName: string;
  lastName: string;
  /** As a person types it: dd/mm/yyyy. */
  dob: string;
  gender: 'Male' | 'Female';
  identifier: string;
  ward: string;
  bed: string;
  notes: string;
  tasks: string[];
}

/** Page object for /patients… (spec 01 §2 "Patients"): what a person sees and does. */
export class PatientsPage {
  readonly list: Locator;
  readonly sort: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByRole('list', { name: 'Patients' });
    this.sort = page.getByRole('combobox', { name: 'Sort by' });
  }

  section(name: 'Patient info' | 'Notes' | 'Tasks' | 'Images' | 'Assignees'): Locator {
    return this.page.getByRole('region', { name });
  }

  row(name: string | RegExp): Locator {
    return this.list.getByRole('listitem').filter({ hasText: name });
  }

  /** The first line (the patient's name) of every row shown, top to bottom. */
  async rowNames(): Promise<string[]> {
    const rows = this.list.getByRole('listitem');
    await expect(rows.first()).toBeVisible();
    return rows.locator('p:first-child').allTextContents();
  }

  /** Creates a card from /patients/create and returns its id once the detail opens. */
  async create(patient: NewPatient): Promise<number> {
    const page = this.page;
    await page.getByRole('button', { name: 'Create patient' }).click();
    await expect(page).toHaveURL(/\/patients\/create/);
    await page.getByRole('textbox', { name: 'First name' }).fill(patient.firstName);
    await page.getByRole('textbox', { name: 'Last name' }).fill(patient.lastName);
    await page.getByLabel('Date of birth').fill(patient.dob);
    await page.getByRole('combobox', { name: 'Gender' }).click();
    await page.getByRole('option', { name: patient.gender, exact: true }).click();
    await page.getByRole('textbox', { name: 'Identifier' }).fill(patient.identifier);
    await page.getByRole('combobox', { name: 'Ward' }).click();
    await page.getByRole('option', { name: patient.ward, exact: true }).click();
    await page.getByRole('textbox', { name: 'Bed' }).fill(patient.bed);
    await page.getByRole('textbox', { name: 'Notes' }).fill(patient.notes);
    for (const task of patient.tasks) {
      await page.getByRole('textbox', { name: 'New task' }).fill(task);
      await page.getByRole('button', { name: 'Add task' }).click();
    }
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/patients\/\d+/);
    const id = /\/patients\/(\d+)/.exec(page.url())?.[1];
    return Number(id);
  }

  async action(name: 'Email me this card' | 'Help' | 'Delete patient'): Promise<void> {
    await this.page.getByRole('button', { name: 'Actions' }).click();
    await this.page.getByRole('menuitem', { name }).click();
  }
}
