-- The admin users list's far pages for a network admin (issue 20; apps/server/README.md "Admin
-- users list at network scale"; measured with bench/api/admin.ts).
--
-- A network's page walked a global sort index (0401, 0600) and, for every person skipped,
-- fetched their row, joined their organisation to test its network and computed the sort key
-- (lower(last_name)): page 500 of 10 (offset 5,000) cost ~10 ms of PGlite's one connection.
-- users.network_id is the network of the person's organisation, kept here by triggers, so a
-- network's page walks an index led by it, from the network's first entry, and skips index
-- entries only: with the heap pages marked all-visible (the server VACUUMs users with its
-- planner statistics, db/client.ts) the walk never reads a row (an index-only scan; the name
-- sorts carry the column under lower() so the planner can use one).

alter table users add column network_id integer;

-- The network of a person's organisation, whatever a writer set (the seed, the API, bulk SQL).
create function users_network() returns trigger language plpgsql as $$
begin
  new.network_id := (select h.network_id from hospitals h where h.id = new.hospital_id);
  return new;
end
$$;
create trigger users_network before insert or update of hospital_id, network_id on users
  for each row execute function users_network();

-- An organisation moved to another network takes its people with it: their network_id, and the
-- people per network of users_rollup / users_rollup_totals (0401, 0600), which are its 'o' rows
-- taken from the old network and added to the new one.
create function hospitals_network_moved() returns trigger language plpgsql as $$
begin
  update users set network_id = new.network_id where hospital_id = new.id;
  insert into users_rollup as r (scope, scope_id, role, created_day, users)
  select 'n', m.network_id, o.role, o.created_day, sum(m.sign * o.users)
    from users_rollup o
   cross join (values (-1, old.network_id), (1, new.network_id)) as m(sign, network_id)
   where o.scope = 'o' and o.scope_id = new.id and m.network_id is not null
   group by 2, 3, 4
  on conflict (scope, scope_id, role, created_day) do update set users = r.users + excluded.users;
  insert into users_rollup_totals as t (scope, scope_id, role, users)
  select 'n', m.network_id, o.role, sum(m.sign * o.users)
    from users_rollup o
   cross join (values (-1, old.network_id), (1, new.network_id)) as m(sign, network_id)
   where o.scope = 'o' and o.scope_id = new.id and m.network_id is not null
   group by 2, 3
  on conflict (scope, scope_id, role) do update set users = t.users + excluded.users;
  return null;
end
$$;
create trigger hospitals_network_moved after update of network_id on hospitals
  for each row when (old.network_id is distinct from new.network_id)
  execute function hospitals_network_moved();

-- The people already there (the trigger fills the column from their organisation).
update users set network_id = null where hospital_id is not null;

-- The network admin's sorts (spec 02 §2), each the order of a 0401/0600 index within a network.
create index users_net_last_name_idx on users (network_id, lower(last_name), id)
  include (last_name) where not blocked;
create index users_net_first_name_idx on users (network_id, lower(first_name), id)
  include (first_name) where not blocked;
create index users_net_created_idx on users (network_id, created_at, id) where not blocked;
create index users_net_email_idx on users (network_id, email, id) where not blocked;
create index users_net_role_idx on users (network_id, role_description, id) where not blocked;
create index users_net_role_desc_idx on users (network_id, role_description desc nulls last, id desc)
  where not blocked;
create index users_net_speciality_idx on users (network_id, speciality, id) where not blocked;
create index users_net_speciality_desc_idx on users (network_id, speciality desc nulls last, id desc)
  where not blocked;
