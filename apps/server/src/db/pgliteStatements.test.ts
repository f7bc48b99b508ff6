import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STATEMENTS, PgliteStatements } from './pgliteStatements.js';

let client: PGlite;
let st: PgliteStatements;

beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`create table t (id serial primary key, name text not null unique,
    at timestamptz, n bigint, tags text[], data jsonb, ok boolean)`);
  st = new PgliteStatements(client);
});
afterAll(async () => {
  await client.close();
});

describe('PGlite prepared statements', () => {
  it('serialises parameters and parses rows exactly as PGlite.query does', async () => {
    const at = new Date('2026-11-22T10:00:00.123Z');
    const params = ['x', at, 42, ['a', 'b,c'], JSON.stringify({ k: [1, 'two'] }), true];
    const insert = `insert into t (name, at, n, tags, data, ok) values ($1, $2, $3, $4, $5, $6)
      returning id, name, at, n, tags, data, ok`;
    const ours = await st.query<Record<string, unknown>>(insert, params);
    const theirs = await client.query<Record<string, unknown>>(insert, ['y', ...params.slice(1)]);
    expect(ours.rows[0]).toEqual({ ...theirs.rows[0], id: 1, name: 'x' });
    expect(ours.rows[0]?.at).toEqual(at);
    expect(ours.rows[0]?.tags).toEqual(['a', 'b,c']);
    expect(ours.rows[0]?.data).toEqual({ k: [1, 'two'] });
  });

  it('reuses one statement per SQL text, with nulls and no rows', async () => {
    const before = st.size;
    const q = 'select id, at from t where name = $1 or $2::int is null order by id';
    expect((await st.query(q, ['x', 1])).rows).toHaveLength(1);
    expect((await st.query(q, ['nobody', null])).rows).toHaveLength(2);
    expect((await st.query(q, ['nobody', 1])).rows).toEqual([]);
    expect(st.size).toBe(before + 1);
  });

  it('reports database errors and keeps working afterwards', async () => {
    const dup = 'insert into t (name) values ($1)';
    await expect(st.query(dup, ['x'])).rejects.toMatchObject({ code: '23505' });
    await expect(st.query('select * from no_such_table')).rejects.toThrow(/no_such_table/);
    await expect(st.query('select $1::int', ['not a number'])).rejects.toThrow(/integer/);
    expect((await st.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('re-prepares a statement whose result columns changed under it', async () => {
    const q = 'select * from t where id = $1';
    expect(Object.keys((await st.query<object>(q, [1])).rows[0] ?? {})).not.toContain('extra');
    await client.exec('alter table t add column extra text');
    expect(Object.keys((await st.query<object>(q, [1])).rows[0] ?? {})).toContain('extra');
  });

  it('never runs inside another caller’s open transaction', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = client.transaction(async (t) => {
      await t.query(`insert into t (name) values ('in-tx')`);
      await held;
      throw new Error('roll back');
    });
    // Issued while the transaction is open: it must wait, then not see the rolled-back row.
    const seen = st.query<{ n: number }>(`select count(*)::int as n from t where name = 'in-tx'`);
    await new Promise((r) => setTimeout(r, 20));
    release();
    await expect(tx).rejects.toThrow('roll back');
    expect((await seen).rows).toEqual([{ n: 0 }]);
  });

  it('runs texts beyond the cache limit unprepared, with the same results', async () => {
    const small = new PgliteStatements(client);
    for (let i = 0; i < MAX_STATEMENTS; i++) await small.query(`select ${String(i)} as v`);
    expect(small.size).toBe(MAX_STATEMENTS);
    expect((await small.query<{ v: number }>('select $1::int + 1 as v', [41])).rows).toEqual([
      { v: 42 },
    ]);
    expect(small.size).toBe(MAX_STATEMENTS);
  });
});
