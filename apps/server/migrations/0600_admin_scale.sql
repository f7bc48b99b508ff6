-- The admin users list and the per-role report at 100,000 people, continued (issue 20; design in
-- apps/server/README.md "Analytics at scale"; measured with bench/api/admin.ts).

-- Sorting by role or speciality walks an index in the order shown and stops at the page, as the
-- other sorts do (0401). Both are nullable and shown `nulls last` in either direction: ascending
-- walks the first index forwards; descending needs its own (a backward walk would put nulls first).
create index users_admin_role_idx on users (role_description, id) where not blocked;
create index users_admin_role_desc_idx on users (role_description desc nulls last, id desc) where not blocked;
create index users_admin_speciality_idx on users (speciality, id) where not blocked;
create index users_admin_speciality_desc_idx on users (speciality desc nulls last, id desc) where not blocked;

-- users_rollup keeps a row per role and creation day, so a network's rows grow with every day
-- people join (3,600 after 400 days of 9 roles) and the admin users count summed them all.
-- users_rollup_totals holds the same people per scope and role only: the count sums a row per
-- role; "total users by role" at a window's end is the totals less the people created after it
-- (a few days of rows, found by users_rollup_created_idx).
create table users_rollup_totals (
  scope char(1) not null,
  scope_id integer not null,
  role text not null,
  users integer not null,
  primary key (scope, scope_id, role)
);
insert into users_rollup_totals (scope, scope_id, role, users)
select scope, scope_id, role, sum(users) from users_rollup group by 1, 2, 3;
create index users_rollup_created_idx on users_rollup (scope, scope_id, created_day);

-- 0401's writer, now adding each change to both tables (the same triggers call it).
create or replace function users_rollup_add(changes users_rollup_change[]) returns void language sql as $$
  with delta as (
    select s.scope, s.scope_id, coalesce(c.role, '') as role,
           (c.created_at at time zone 'UTC')::date as created_day, sum(c.sign) as users
      from unnest(changes) c
      left join hospitals h on h.id = c.hospital_id
      cross join lateral (values ('o', c.hospital_id), ('n', h.network_id), ('a', 0)) as s(scope, scope_id)
     where not c.blocked and s.scope_id is not null
     group by 1, 2, 3, 4
  ), days as (
    insert into users_rollup as r (scope, scope_id, role, created_day, users)
    select scope, scope_id, role, created_day, users from delta
    on conflict (scope, scope_id, role, created_day) do update set users = r.users + excluded.users
  )
  insert into users_rollup_totals as t (scope, scope_id, role, users)
  select scope, scope_id, role, sum(users) from delta group by 1, 2, 3
  on conflict (scope, scope_id, role) do update set users = t.users + excluded.users;
$$;
