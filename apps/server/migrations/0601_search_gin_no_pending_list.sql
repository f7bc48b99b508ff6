-- The trigram indexes of 0200 without GIN's pending list (issue 20). With `fastupdate` on (the
-- default) new entries wait in an unsorted list that every search reads in full until a vacuum
-- merges it, or until it outgrows gin_pending_list_limit (4 MB). PGlite runs no autovacuum, so
-- there the list is never merged: on the 100,000-person network of bench/api/admin.ts a search
-- read 175 index pages ('patel') and 283 ('staff4242') where the merged index reads 18 and 121
-- (EXPLAIN ANALYZE on PGlite). Entries now go straight into the index: people and teams are
-- added seldom, searched often. The list already there is merged once here.
do $$
declare
  idx text;
begin
  foreach idx in array array['users_search_trgm_idx', 'teams_search_trgm_idx'] loop
    if exists (select 1 from pg_class c join pg_am a on a.oid = c.relam
                where c.relname = idx and c.relkind = 'i' and a.amname = 'gin') then
      execute format('alter index %I set (fastupdate = off)', idx);
      perform gin_clean_pending_list(idx::regclass);
    end if;
  end loop;
end
$$;
