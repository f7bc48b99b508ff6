import type { Database } from '../db/client.js';

const INDEXES = [
  {
    name: 'users_search_trgm_idx',
    table: 'users',
    expr: `lower(first_name || ' ' || last_name || ' ' || email)`,
  },
  { name: 'teams_search_trgm_idx', table: 'teams', expr: 'lower(name)' },
] as const;

/**
 * Migration 0200 creates trigram (GIN) indexes when pg_trgm can be created, btree ones
 * otherwise (PGlite opened without the extension). At start this upgrades a btree fallback to
 * the trigram index as soon as pg_trgm becomes available, so enabling the extension later
 * needs no new migration. A no-op (one catalogue query) once the indexes are trigram ones.
 */
export async function ensureSearchIndexes(db: Database): Promise<'trigram' | 'btree'> {
  const kinds = await db.query<{ name: string; method: string }>(
    `select c.relname as name, am.amname as method
       from pg_class c join pg_am am on am.oid = c.relam
      where c.relname = any($1::text[]) and c.relnamespace = to_regnamespace(current_schema())`,
    [INDEXES.map((i) => i.name)],
  );
  if (kinds.rows.length === INDEXES.length && kinds.rows.every((r) => r.method === 'gin'))
    return 'trigram';
  const hasTrgm = async () =>
    (
      await db.query<{ ok: boolean }>(
        `select exists(select 1 from pg_extension where extname = 'pg_trgm') as ok`,
      )
    ).rows[0]?.ok === true;
  if (!(await hasTrgm())) {
    try {
      await db.exec('create extension if not exists pg_trgm with schema public');
    } catch {
      return 'btree';
    }
    if (!(await hasTrgm())) return 'btree';
  }
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(7261620)');
    for (const i of INDEXES) {
      await tx.query(`drop index if exists ${i.name}`);
      await tx.query(
        `create index ${i.name} on ${i.table} using gin ((${i.expr}) public.gin_trgm_ops)`,
      );
    }
  });
  return 'trigram';
}
