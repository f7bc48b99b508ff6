import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { createTestDataDir } from '../testing/testDb.js';
import { JournaledArchive } from './journaledArchive.js';
import { insertBatch } from './store.js';
import { directMessage } from './testing/messages.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SEGMENT = 1024 * 1024;
const alice = randomUUID();
const bob = randomUUID();

const open: { db: Database; dir: string }[] = [];

afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.db.close().catch(() => undefined);
    fs.rmSync(o.dir, { recursive: true, force: true });
  }
});

/** A migrated embedded database of its own (closed and removed after the test). */
async function database(dir?: string): Promise<{ db: Database; dir: string }> {
  const d = dir ?? (await createTestDataDir());
  const o = { db: await openDatabase({ dataDir: d }), dir: d };
  if (!dir) open.push(o);
  return o;
}

const message = (clientId: string) => directMessage(alice, bob, clientId);

async function rows(db: Database, like: string) {
  return (
    await db.query<{ client_id: string; id: string }>(
      `select m.client_id, m.id::text as id from chat_messages m where m.client_id like $1 order by m.id`,
      [like],
    )
  ).rows;
}

async function unread(db: Database, owner: string): Promise<number | undefined> {
  const r = await db.query<{ unread: number }>(`select unread from chat_inbox where owner = $1`, [
    owner,
  ]);
  return r.rows[0]?.unread;
}

describe('journaled archive (the embedded database)', () => {
  it('acknowledges with the archive id the row later gets; a read that settles sees every acknowledged message', async () => {
    const { db, dir } = await database();
    const archive = await JournaledArchive.open(db, { dir, segmentBytes: SEGMENT });
    const acked = await Promise.all(['a-1', 'a-2', 'a-3'].map((id) => archive.write(message(id))));
    expect(acked.map((a) => a.duplicate)).toEqual([false, false, false]);
    await archive.settled();
    expect(await rows(db, 'a-%')).toEqual(
      ['a-1', 'a-2', 'a-3'].map((client_id, i) => ({ client_id, id: acked[i]?.id })),
    );
    expect(await unread(db, bob)).toBe(3);
    expect(await unread(db, alice)).toBe(0);
    await archive.close();
  });

  it('stores a resent client id once and answers it with the first copy’s id, also after a restart', async () => {
    const { db, dir } = await database();
    const archive = await JournaledArchive.open(db, { dir, segmentBytes: SEGMENT });
    // Both copies in flight at once, then one more after the first is on the disk.
    const [first, second] = await Promise.all([
      archive.write(message('r-1')),
      archive.write(message('r-1')),
    ]);
    const third = await archive.write(message('r-1'));
    expect(first).toEqual({ id: first.id, duplicate: false });
    expect([second, third]).toEqual([
      { id: first.id, duplicate: true },
      { id: first.id, duplicate: true },
    ]);
    await archive.close();
    const again = await JournaledArchive.open(db, { dir, segmentBytes: SEGMENT });
    expect(await again.write(message('r-1'))).toEqual({ id: first.id, duplicate: true });
    await again.settled();
    expect(await rows(db, 'r-%')).toHaveLength(1);
    expect(await unread(db, bob)).toBe(1);
    await again.close();
  });

  it('assigns ids past every stored one after a restart, and an insert without an id comes after them', async () => {
    const { db, dir } = await database();
    const archive = await JournaledArchive.open(db, { dir, segmentBytes: SEGMENT });
    const a = await archive.write(message('i-1'));
    await archive.close();
    const again = await JournaledArchive.open(db, { dir, segmentBytes: SEGMENT });
    const b = await again.write(message('i-2'));
    await again.close();
    expect(Number(b.id)).toBeGreaterThan(Number(a.id));
    // The demo seed's path (its own ids from the sequence) never reuses a journal's id.
    const [seeded] = await insertBatch(db, [message('i-3')]);
    expect(Number(seeded?.id)).toBeGreaterThan(Number(b.id));
  });

  it('killed between the journal’s sync and the apply: the next start stores every acknowledged message exactly once', async () => {
    const dir = await createTestDataDir();
    const n = 300;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'testing/journalChild.ts'), dir, String(n), alice, bob],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.endsWith('done\n')) resolve();
        });
        child.once('exit', (code) => {
          reject(new Error(`the child exited (${String(code)}) before acknowledging`));
        });
      });
    } finally {
      child.kill('SIGKILL');
    }
    if (child.exitCode === null && child.signalCode === null)
      await new Promise((r) => child.once('exit', r));
    const acked = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { clientId: string; id: string });
    expect(acked).toHaveLength(n);

    const { db } = await database(dir);
    open.push({ db, dir });
    // The killed process never applied anything: the acknowledged messages are only in the journal.
    expect(await rows(db, 'killed-%')).toEqual([]);
    const archive = await JournaledArchive.open(db, { dir, segmentBytes: SEGMENT });
    const stored = acked.map((a) => ({ client_id: a.clientId, id: a.id }));
    expect(await rows(db, 'killed-%')).toEqual(stored);
    expect(await unread(db, bob)).toBe(n);
    // A resend of an acknowledged message after the restart is known without the database.
    expect(await archive.write(message('killed-7'))).toEqual({ id: acked[6]?.id, duplicate: true });
    await archive.close();
    // Opening once more replays nothing twice.
    await (await JournaledArchive.open(db, { dir, segmentBytes: SEGMENT })).close();
    expect(await rows(db, 'killed-%')).toEqual(stored);
    expect(await unread(db, bob)).toBe(n);
  });
});
