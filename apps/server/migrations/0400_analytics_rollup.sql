-- Analytics at scale (issue 20): a network of 50 organisations and 100,000 users answers every
-- report call from small per-day rollups instead of scanning millions of events. The rollups are
-- kept by one statement-level trigger on analytics_events, so every writer (recordEvent, the
-- seed, the benchmark's bulk SQL) keeps them in step; design in apps/server/README.md
-- "Analytics at scale". Scope 'o' is an organisation (hospitals.id), 'n' a network (networks.id),
-- both as copied onto the event when it was recorded. Days are UTC dates.

-- Events per scope, type, day and the sender's role ('' when none), and how many carried an image.
create table analytics_daily_counts (
  scope char(1) not null,
  scope_id integer not null,
  type text not null,
  day date not null,
  role text not null,
  events integer not null,
  with_image integer not null,
  primary key (scope, scope_id, type, day, role)
);

-- The days a person was active (a login, a session started or a message sent) in a scope: the
-- hours of that day (bit h = active in hour h) and the person's previous active day in the scope
-- ('-infinity' for the first; null while the trigger has not linked it yet).
create table analytics_active_days (
  scope char(1) not null,
  scope_id integer not null,
  user_id integer not null,
  day date not null,
  hours integer not null,
  prev_day date,
  primary key (scope, scope_id, user_id, day)
);
create index analytics_active_days_unlinked_idx on analytics_active_days (scope, scope_id, user_id)
  where prev_day is null;

-- Distinct active people per scope and day, and per hour of that day.
create table analytics_daily_active (
  scope char(1) not null,
  scope_id integer not null,
  day date not null,
  users integer not null,
  primary key (scope, scope_id, day)
);
create table analytics_hourly_active (
  scope char(1) not null,
  scope_id integer not null,
  day date not null,
  hour smallint not null,
  users integer not null,
  primary key (scope, scope_id, day, hour)
);

-- How many people were active on `day` with `prev_day` as their previous active day. The people
-- active at least once in [from, to] are exactly the rows with day in [from, to] and
-- prev_day < from (each person's first active day of the window): a distinct count over any
-- window from at most (days × earlier days) rows.
create table analytics_active_chain (
  scope char(1) not null,
  scope_id integer not null,
  day date not null,
  prev_day date not null,
  n integer not null,
  primary key (scope, scope_id, day, prev_day)
);

create function analytics_rollup() returns trigger language plpgsql as $$
begin
  insert into analytics_daily_counts as c (scope, scope_id, type, day, role, events, with_image)
  select s.scope, s.scope_id, e.type, (e.occurred_at at time zone 'UTC')::date, coalesce(e.role, ''),
         count(*), count(*) filter (where e.has_image)
    from new_events e
    cross join lateral (values ('o', e.hospital_id), ('n', e.network_id)) as s(scope, scope_id)
   where s.scope_id is not null
   group by 1, 2, 3, 4, 5
  on conflict (scope, scope_id, type, day, role) do update
    set events = c.events + excluded.events, with_image = c.with_image + excluded.with_image;

  -- Active days: new ones count a person for the day; new hour bits count them for the hour.
  with act as (
    select s.scope, s.scope_id, e.user_id, (e.occurred_at at time zone 'UTC')::date as day,
           bit_or(1 << extract(hour from e.occurred_at at time zone 'UTC')::int) as hours
      from new_events e
      cross join lateral (values ('o', e.hospital_id), ('n', e.network_id)) as s(scope, scope_id)
     where s.scope_id is not null and e.user_id is not null
       and e.type in ('login', 'session_started', 'message_sent')
     group by 1, 2, 3, 4
  ), cur as (
    select a.scope, a.scope_id, a.user_id, a.day, a.hours & ~coalesce(d.hours, 0) as new_hours,
           d.hours is null as new_day
      from act a
      left join analytics_active_days d
        on d.scope = a.scope and d.scope_id = a.scope_id and d.user_id = a.user_id and d.day = a.day
  ), days as (
    insert into analytics_active_days as d (scope, scope_id, user_id, day, hours)
    select scope, scope_id, user_id, day, hours from act
    on conflict (scope, scope_id, user_id, day) do update set hours = d.hours | excluded.hours
  ), daily as (
    insert into analytics_daily_active as x (scope, scope_id, day, users)
    select scope, scope_id, day, count(*) from cur where new_day group by 1, 2, 3
    on conflict (scope, scope_id, day) do update set users = x.users + excluded.users
  )
  insert into analytics_hourly_active as x (scope, scope_id, day, hour, users)
  select c.scope, c.scope_id, c.day, h.hour, count(*)
    from cur c cross join generate_series(0, 23) as h(hour)
   where c.new_hours & (1 << h.hour) <> 0
   group by 1, 2, 3, 4
  on conflict (scope, scope_id, day, hour) do update set users = x.users + excluded.users;

  -- Link the new days into each person's chain of active days: a new day's previous day is the
  -- latest day before it; the first day after a new one (recorded late, before days already
  -- there) relinks too. Index lookups per new day, whatever the history's length. The chain
  -- counts move by the difference.
  with fresh as (
    select scope, scope_id, user_id, day from analytics_active_days where prev_day is null
  ), later as (
    select m.scope, m.scope_id, m.user_id, m.day
      from fresh f
      cross join lateral (
        select d.scope, d.scope_id, d.user_id, d.day, d.prev_day from analytics_active_days d
         where d.scope = f.scope and d.scope_id = f.scope_id and d.user_id = f.user_id and d.day > f.day
         order by d.day limit 1
      ) m
     where m.prev_day is not null
  ), targets as (
    select * from fresh union select * from later
  ), changed as (
    select x.* from (
      select t.scope, t.scope_id, t.user_id, t.day, d.prev_day as old_prev,
             coalesce((select max(p.day) from analytics_active_days p
                        where p.scope = t.scope and p.scope_id = t.scope_id and p.user_id = t.user_id
                          and p.day < t.day), '-infinity'::date) as new_prev
        from targets t
        join analytics_active_days d
          on d.scope = t.scope and d.scope_id = t.scope_id and d.user_id = t.user_id and d.day = t.day
    ) x where x.old_prev is distinct from x.new_prev
  ), relink as (
    update analytics_active_days d set prev_day = c.new_prev
      from changed c
     where d.scope = c.scope and d.scope_id = c.scope_id and d.user_id = c.user_id and d.day = c.day
  ), delta as (
    select scope, scope_id, day, old_prev as prev_day, -1 as n from changed where old_prev is not null
    union all
    select scope, scope_id, day, new_prev, 1 from changed
  )
  insert into analytics_active_chain as x (scope, scope_id, day, prev_day, n)
  select scope, scope_id, day, prev_day, sum(n) from delta group by 1, 2, 3, 4
  on conflict (scope, scope_id, day, prev_day) do update set n = x.n + excluded.n;
  return null;
end
$$;

create trigger analytics_events_rollup after insert on analytics_events
  referencing new table as new_events for each statement execute function analytics_rollup();

-- The events recorded before this migration go through the trigger once, a day at a time
-- (in order, so each day only links to the days before it).
create temporary table analytics_events_before on commit drop as select * from analytics_events;
create index on analytics_events_before (((occurred_at at time zone 'UTC')::date));
delete from analytics_events;
do $$
declare
  d date;
begin
  for d in select distinct (occurred_at at time zone 'UTC')::date from analytics_events_before order by 1
  loop
    insert into analytics_events
    select * from analytics_events_before where (occurred_at at time zone 'UTC')::date = d;
  end loop;
end
$$;
