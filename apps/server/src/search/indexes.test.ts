import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { describe, expect, it } from 'vitest';
import type { Database, DatabaseTx } from '../db/client.js';
import { ensureSearchIndexes } from './indexes.js';

/** The slice of Database that ensureSearchIndexes uses, over a bare PGlite. */
function wrap(pg: PGlite): Database {
  const tx: DatabaseTx = {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the Database interface is generic
    async query<T>(text: string, params?: unknown[]) {
      return { rows: (await pg.query<T>(text, params)).rows };
    },
  };
  return {
    ...tx,
    kind: 'pglite',
    exec: async (text) => {
      await pg.exec(text);
    },
    transaction: (fn) =>
      pg.transaction((t) =>
        fn({
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the Database interface is generic
          query: async <T>(q: string, p?: unknown[]) => ({ rows: (await t.query<T>(q, p)).rows }),
        }),
      ),
    close: () => pg.close(),
  };
}

const SCHEMA = `create table users (first_name text, last_name text, email text);
  create table teams (name text);
  create index users_search_trgm_idx on users ((lower(first_name || ' ' || last_name || ' ' || email)) text_pattern_ops);
  create index teams_search_trgm_idx on teams ((lower(name)) text_pattern_ops);`;

const methods = async (pg: PGlite) =>
  (
    await pg.query<{ amname: string }>(
      `select am.amname from pg_class c join pg_am am on am.oid = c.relam where c.relname like '%search_trgm_idx' order by c.relname`,
    )
  ).rows.map((r) => r.amname);

describe('search indexes (case-insensitive match, indexed so it stays fast at 100k users)', () => {
  it('upgrades the btree fallback to trigram GIN indexes once pg_trgm is loaded', async () => {
    const pg = await PGlite.create({ extensions: { pg_trgm } });
    try {
      await pg.exec(SCHEMA);
      expect(await methods(pg)).toEqual(['btree', 'btree']);
      expect(await ensureSearchIndexes(wrap(pg))).toBe('trigram');
      expect(await methods(pg)).toEqual(['gin', 'gin']);
      await pg.exec(
        `insert into users select 'First' || i, 'Last' || i, 'u' || i || '@x.org' from generate_series(1, 5000) i; analyze users; set enable_seqscan = off`,
      );
      // Seq scans off: the question is whether the search expression can use the index at all.
      const plan = (
        await pg.query<{ 'QUERY PLAN': string }>(
          `explain select * from users where lower(first_name || ' ' || last_name || ' ' || email) like '%last4321%'`,
        )
      ).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).toContain('users_search_trgm_idx');
      // Second start: nothing to do.
      expect(await ensureSearchIndexes(wrap(pg))).toBe('trigram');
    } finally {
      await pg.close();
    }
  });

  it('keeps the btree indexes when pg_trgm cannot be loaded', async () => {
    const pg = await PGlite.create();
    try {
      await pg.exec(SCHEMA);
      expect(await ensureSearchIndexes(wrap(pg))).toBe('btree');
      expect(await methods(pg)).toEqual(['btree', 'btree']);
    } finally {
      await pg.close();
    }
  });
});
