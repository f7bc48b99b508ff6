-- The admin users list and the per-role report at 100,000 users (issue 20; design in
-- apps/server/README.md "Analytics at scale").
--
-- users_rollup: people who are not blocked, per scope, role description ('' when none) and UTC
-- day of creation. Scope 'o' an organisation, 'n' its network (at write time), 'a' everyone
-- (scope_id 0). The admin users count and "total users by role" sum a few hundred rows of it
-- instead of counting every user. Kept by statement-level triggers on users, so every writer
-- (the API, the seed, bulk SQL) keeps it in step. No code moves an organisation to another
-- network; one that did would have to rebuild the 'n' rows.
create table users_rollup (
  scope char(1) not null,
  scope_id integer not null,
  role text not null,
  created_day date not null,
  users integer not null,
  primary key (scope, scope_id, role, created_day)
);

-- One person's contribution: +1 or -1 to their scopes (nothing when blocked).
create type users_rollup_change as (
  sign integer, hospital_id integer, role text, created_at timestamptz, blocked boolean
);

create function users_rollup_add(changes users_rollup_change[]) returns void language sql as $$
  insert into users_rollup as r (scope, scope_id, role, created_day, users)
  select s.scope, s.scope_id, coalesce(c.role, ''), (c.created_at at time zone 'UTC')::date,
         sum(c.sign)
    from unnest(changes) c
    left join hospitals h on h.id = c.hospital_id
    cross join lateral (values ('o', c.hospital_id), ('n', h.network_id), ('a', 0)) as s(scope, scope_id)
   where not c.blocked and s.scope_id is not null
   group by 1, 2, 3, 4
  on conflict (scope, scope_id, role, created_day) do update set users = r.users + excluded.users;
$$;

create function users_rollup() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform users_rollup_add(array(
      select row(1, n.hospital_id, n.role_description, n.created_at, n.blocked)::users_rollup_change
        from new_users n));
  elsif tg_op = 'DELETE' then
    perform users_rollup_add(array(
      select row(-1, o.hospital_id, o.role_description, o.created_at, o.blocked)::users_rollup_change
        from old_users o));
  else
    -- Only people whose organisation, role, creation or blocking changed move.
    perform users_rollup_add(array(
      select c from old_users o join new_users n on n.id = o.id
       cross join lateral (values
         (row(-1, o.hospital_id, o.role_description, o.created_at, o.blocked)::users_rollup_change),
         (row(1, n.hospital_id, n.role_description, n.created_at, n.blocked)::users_rollup_change)
       ) as v(c)
       where (o.hospital_id, o.role_description, o.created_at, o.blocked)
             is distinct from (n.hospital_id, n.role_description, n.created_at, n.blocked)));
  end if;
  return null;
end
$$;

create trigger users_rollup_insert after insert on users
  referencing new table as new_users for each statement execute function users_rollup();
create trigger users_rollup_update after update on users
  referencing old table as old_users new table as new_users
  for each statement execute function users_rollup();
create trigger users_rollup_delete after delete on users
  referencing old table as old_users for each statement execute function users_rollup();

-- The people already there.
select users_rollup_add(array(
  select row(1, u.hospital_id, u.role_description, u.created_at, u.blocked)::users_rollup_change
    from users u));

-- The admin users list's sorts walk an index in the order shown (ties by id) and stop at the
-- page, instead of sorting every person of a network.
create index users_admin_last_name_idx on users (lower(last_name), id) where not blocked;
create index users_admin_first_name_idx on users (lower(first_name), id) where not blocked;
create index users_admin_created_idx on users (created_at, id) where not blocked;
create index users_admin_email_idx on users (email, id) where not blocked;
