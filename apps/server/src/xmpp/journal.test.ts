import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatJournal } from './journal.js';

const SEGMENT = 64 * 1024;
const dirs: string[] = [];

afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-journal-'));
  dirs.push(d);
  return d;
}

const payload = (id: number, bytes = 100) => Buffer.from(`${id}:`.padEnd(bytes, 'x'));
const ids = (records: { id: number }[]) => records.map((r) => r.id);

/** Opens the journal, applying nothing (every record stays "unapplied" unless `applied` says). */
function open(dir: string, applied = { upTo: Number.MAX_SAFE_INTEGER }) {
  const waited: number[] = [];
  const r = ChatJournal.open(dir, {
    segmentBytes: SEGMENT,
    waitApplied: (id) => {
      waited.push(id);
      if (id > applied.upTo) return Promise.reject(new Error(`record ${id} is not applied`));
      return Promise.resolve();
    },
  });
  r.journal.start();
  return { ...r, waited };
}

describe('chat journal', () => {
  it('returns every appended record at the next open, by id, with its bytes', async () => {
    const dir = tempDir();
    const { journal } = open(dir);
    await Promise.all([1, 2, 3].map((id) => journal.append(id, payload(id))));
    await journal.append(4, payload(4, 3000));
    await journal.close();
    const again = ChatJournal.open(dir, {
      segmentBytes: SEGMENT,
      waitApplied: () => Promise.resolve(),
    });
    expect(ids(again.records)).toEqual([1, 2, 3, 4]);
    expect(again.records[3]?.payload.equals(payload(4, 3000))).toBe(true);
    expect(again.journal.lastId).toBe(4);
    await again.journal.close();
  });

  it('drops a record torn by a crash mid-write, keeping the ones before it', async () => {
    const dir = tempDir();
    const { journal } = open(dir);
    for (const id of [1, 2, 3]) await journal.append(id, payload(id));
    await journal.close();
    // The third record's last bytes never reached the disk.
    const file = path.join(dir, 'chat-journal-0');
    const buf = fs.readFileSync(file);
    const end = buf.lastIndexOf('x') + 1;
    buf.fill(0, end - 10, end);
    fs.writeFileSync(file, buf);
    const again = open(dir);
    expect(ids(again.records)).toEqual([1, 2]);
    await again.journal.close();
  });

  it('starting again begins a new epoch: records of the old one are never returned again', async () => {
    const dir = tempDir();
    const first = open(dir);
    for (const id of [1, 2, 3]) await first.journal.append(id, payload(id));
    await first.journal.close();
    const second = open(dir); // returns 1-3, which the caller applies before start
    expect(ids(second.records)).toEqual([1, 2, 3]);
    await second.journal.append(4, payload(4));
    await second.journal.close();
    // Record 4 overwrote record 1's place; 2 and 3 (old epoch) lie after it and are not read.
    expect(ids(open(dir).records)).toEqual([4]);
  });

  it('moves to the other segment when one is full, only once that one is applied', async () => {
    const dir = tempDir();
    const applied = { upTo: 0 };
    const { journal, waited } = open(dir, applied);
    const per = Math.floor(SEGMENT / 1024); // records of ~1 KiB: about one segment's worth
    let id = 0;
    // The second segment has never been used: moving there waits for nothing (id 0).
    for (let i = 0; i < per + 5; i++) await journal.append(++id, payload(id, 1000));
    expect(waited).toEqual([0]);
    const firstLap = id;
    // Filling the second segment means reusing the first: refused while its records are not
    // applied, and nothing is written.
    let refused: unknown;
    for (let i = 0; i < per + 5 && refused === undefined; i++)
      await journal.append(++id, payload(id, 1000)).catch((err: unknown) => (refused = err));
    expect(String(refused)).toMatch(/is not applied/);
    expect(waited.at(-1)).toBeGreaterThan(0);
    expect(waited.at(-1)).toBeLessThan(firstLap);
    await journal.close();
    const again = ChatJournal.open(dir, {
      segmentBytes: SEGMENT,
      waitApplied: () => Promise.resolve(),
    });
    const found = ids(again.records);
    expect(found[0]).toBe(1);
    expect(found).toEqual(Array.from({ length: found.length }, (_, i) => i + 1));
    expect(found.length).toBeGreaterThan(per + 5);
    expect(found.length).toBeLessThan(id);
    await again.journal.close();
  });

  it('reuses the first segment once its records are applied, and keeps only the newer ones', async () => {
    const dir = tempDir();
    const { journal, waited } = open(dir);
    const n = Math.floor((3 * SEGMENT) / 1024);
    for (let id = 1; id <= n; id++) await journal.append(id, payload(id, 1000));
    expect(waited.length).toBe(3);
    await journal.close();
    const found = ids(
      ChatJournal.open(dir, { segmentBytes: SEGMENT, waitApplied: () => Promise.resolve() })
        .records,
    );
    // The last lap of each segment: the records since the second segment was last begun.
    expect(found.at(-1)).toBe(n);
    expect(found[0]).toBeGreaterThan(1);
    expect(found).toEqual(Array.from({ length: found.length }, (_, i) => (found[0] ?? 0) + i));
  });

  it('refuses a record larger than a segment, and appends after it still work', async () => {
    const dir = tempDir();
    const { journal } = open(dir);
    await expect(journal.append(1, Buffer.alloc(SEGMENT))).rejects.toThrow(/larger than a segment/);
    await journal.append(2, payload(2));
    await journal.close();
    expect(ids(open(dir).records)).toEqual([2]);
  });
});
