import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.js';
import { DataDirLockedError } from './lock.js';

// The embedded database runs in a worker thread (pgliteThread.ts): what crosses the thread
// must behave as PGlite did in-process.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-thread-'));
let db: Database;

beforeAll(async () => {
  db = await openDatabase({ dataDir, pgliteAnalyzeMs: 0 });
  await db.exec(`create table t (id serial primary key, name text not null unique,
    at timestamptz, n bigint, data jsonb, blob bytea)`);
});
afterAll(async () => {
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded database in its own thread', () => {
  it('carries dates, counts, JSON and bytes both ways', async () => {
    const at = new Date('2026-11-24T10:00:00.123Z');
    const blob = Buffer.from([0, 1, 2, 255]);
    const r = await db.query(
      `insert into t (name, at, n, data, blob) values ($1, $2, $3, $4, $5)
       returning name, at, n, data, blob`,
      ['a', at, 42, { k: [1, 'two'] }, blob],
    );
    expect(r.rows[0]).toEqual({
      name: 'a',
      at,
      n: 42,
      data: { k: [1, 'two'] },
      blob: new Uint8Array([0, 1, 2, 255]),
    });
    const count = await db.query<{ c: number }>('select count(*) as c from t');
    expect(count.rows[0]?.c).toBe(1);
  });

  it('gives the caller the database error with its code and constraint', async () => {
    await db.query(`insert into t (name) values ('dup')`);
    const err = await db.query(`insert into t (name) values ('dup')`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      code: '23505',
      constraint: 't_name_key',
      message: expect.stringContaining('duplicate key') as unknown,
    });
    // The database goes on answering.
    expect((await db.query(`select 1 as one`)).rows).toEqual([{ one: 1 }]);
  });

  it('commits a transaction as one, and a failed one leaves nothing behind', async () => {
    const names = await db.transaction(async (tx) => {
      await tx.query(`insert into t (name) values ('tx1')`);
      await tx.query(`insert into t (name) values ('tx2')`);
      return (await tx.query<{ name: string }>(`select name from t where name like 'tx%'`)).rows;
    });
    expect(names.map((r) => r.name).sort()).toEqual(['tx1', 'tx2']);

    const failed = await db
      .transaction(async (tx) => {
        await tx.query(`insert into t (name) values ('tx3')`);
        await tx.query(`insert into t (name) values ('tx1')`);
      })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: '23505' });
    const left = await db.query<{ name: string }>(`select name from t where name like 'tx%'`);
    expect(left.rows.map((r) => r.name).sort()).toEqual(['tx1', 'tx2']);

    const thrown = await db
      .transaction(async (tx) => {
        await tx.query(`insert into t (name) values ('tx4')`);
        throw new Error('changed my mind');
      })
      .catch((e: unknown) => e);
    expect(thrown).toMatchObject({ message: 'changed my mind' });
    const after = await db.query(`select 1 from t where name = 'tx4'`);
    expect(after.rows).toEqual([]);
  });

  it('runs a query from outside a transaction only after it ends, as PGlite does', async () => {
    let outside: Promise<{ rows: { c: number }[] }> | undefined;
    await db.transaction(async (tx) => {
      await tx.query(`insert into t (name) values ('iso')`);
      outside = db.query<{ c: number }>(`select count(*) as c from t where name = 'iso'`);
      // Give the outside query every chance to run inside the open transaction.
      await new Promise((r) => setTimeout(r, 50));
      await tx.query(`delete from t where name = 'iso'`);
    });
    expect((await outside!).rows[0]?.c).toBe(0);
  });

  it('refuses to open the same DATA_DIR twice in one process', async () => {
    await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirLockedError);
  });

  it('answers many concurrent queries each with its own result', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        db.query<{ v: number }>('select $1::int * 2 as v', [i]).then((r) => r.rows[0]?.v),
      ),
    );
    expect(results).toEqual(Array.from({ length: 200 }, (_, i) => i * 2));
  });

  it('fails every call clearly after close, and frees DATA_DIR for the next opener', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-thread-'));
    try {
      const first = await openDatabase({ dataDir: dir, pgliteAnalyzeMs: 0 });
      await first.exec('create table k (v int)');
      await first.query('insert into k values (7)');
      await first.close();
      await expect(first.query('select 1')).rejects.toThrow(/closed/);
      const second = await openDatabase({ dataDir: dir, pgliteAnalyzeMs: 0 });
      try {
        expect((await second.query('select v from k')).rows).toEqual([{ v: 7 }]);
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
