-- Cross-organisation teams at network scale (issue 20; apps/server/README.md "Open at this scale").
-- The analytics count looked up every member's organisation (3,000 lookups for 200 teams of 15).
-- team_organisations keeps, per team, how many of its members each organisation has; a team is
-- cross-organisational when it has rows for two organisations or more: a row or two per team.
--
-- A membership keeps its member's organisation (team_members.hospital_id, filled by a trigger from
-- the user and moved with them): a user's delete cascades to team_members after the user row is
-- gone, and the decrement must still know the organisation. Members without an organisation are
-- counted nowhere (as count(distinct hospital_id) did). Every writer keeps the counts in step:
-- members added or removed (the API, the seed, bulk SQL), a user transferred or deleted, a team
-- deleted (its rows go with it).
alter table team_members add column hospital_id integer;
update team_members m set hospital_id = u.hospital_id from users u where u.id = m.user_id;

create table team_organisations (
  team_id integer not null references teams(id) on delete cascade,
  hospital_id integer not null,
  members integer not null check (members > 0),
  primary key (team_id, hospital_id)
);
insert into team_organisations (team_id, hospital_id, members)
select team_id, hospital_id, count(*) from team_members where hospital_id is not null group by 1, 2;

-- A membership's organisation is its member's, whatever the writer put there.
create function team_members_hospital() returns trigger language plpgsql as $$
begin
  new.hospital_id := (select u.hospital_id from users u where u.id = new.user_id);
  return new;
end
$$;
create trigger team_members_hospital before insert or update of user_id, hospital_id on team_members
  for each row execute function team_members_hospital();

-- Memberships in: +1 per (team, organisation); out: -1; a row at zero goes. Rows of a team being
-- deleted are left alone (its cascade removes them; re-adding would break the foreign key).
create function team_organisations_add(changes team_members[], sign integer) returns void
language sql as $$
  with delta as (
    select c.team_id, c.hospital_id, count(*)::int * sign as members
      from unnest(changes) c
     where c.hospital_id is not null and exists (select 1 from teams t where t.id = c.team_id)
     group by 1, 2
  ), moved as (
    insert into team_organisations as o (team_id, hospital_id, members)
    select team_id, hospital_id, members from delta where members > 0
    on conflict (team_id, hospital_id) do update set members = o.members + excluded.members
  ), lessened as (
    update team_organisations o set members = o.members + d.members
      from delta d
     where d.members < 0 and o.team_id = d.team_id and o.hospital_id = d.hospital_id
       and o.members + d.members > 0
  )
  delete from team_organisations o using delta d
   where d.members < 0 and o.team_id = d.team_id and o.hospital_id = d.hospital_id
     and o.members + d.members <= 0;
$$;

create function team_organisations() returns trigger language plpgsql as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    perform team_organisations_add(array(select o::team_members from old_members o), -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform team_organisations_add(array(select n::team_members from new_members n), 1);
  end if;
  return null;
end
$$;
create trigger team_organisations_insert after insert on team_members
  referencing new table as new_members for each statement execute function team_organisations();
create trigger team_organisations_update after update on team_members
  referencing old table as old_members new table as new_members
  for each statement execute function team_organisations();
create trigger team_organisations_delete after delete on team_members
  referencing old table as old_members for each statement execute function team_organisations();

-- A user moved to another organisation moves their memberships with them (a row trigger that
-- fires only on a change of organisation: users are updated often, moved seldom).
create function team_members_follow_user() returns trigger language plpgsql as $$
begin
  update team_members set hospital_id = new.hospital_id where user_id = new.id;
  return null;
end
$$;
create trigger team_members_follow_user after update of hospital_id on users
  for each row when (old.hospital_id is distinct from new.hospital_id)
  execute function team_members_follow_user();
