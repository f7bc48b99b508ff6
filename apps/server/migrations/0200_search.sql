-- Search (issue 6): case-insensitive substring match on names, emails and team names.
-- Trigram GIN indexes when pg_trgm can be created (PostgreSQL with contrib). PGlite only has it
-- when the server opens PGlite with the pg_trgm extension loaded; otherwise the same expressions
-- get plain btree indexes (prefix matches use them; substring matches scan).
do $$
begin
  begin
    create extension if not exists pg_trgm with schema public;
  exception when others then
    raise notice 'pg_trgm not available: %', sqlerrm;
  end;
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    execute 'create index users_search_trgm_idx on users using gin ((lower(first_name || '' '' || last_name || '' '' || email)) public.gin_trgm_ops)';
    execute 'create index teams_search_trgm_idx on teams using gin ((lower(name)) public.gin_trgm_ops)';
  else
    execute 'create index users_search_trgm_idx on users ((lower(first_name || '' '' || last_name || '' '' || email)) text_pattern_ops)';
    execute 'create index teams_search_trgm_idx on teams ((lower(name)) text_pattern_ops)';
  end if;
end
$$;
