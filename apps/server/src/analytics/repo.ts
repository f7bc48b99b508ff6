import type { DatabaseTx } from '../db/client.js';
import type { AnalyticsTarget } from './access.js';

// The SQL of the analytics metrics (spec 02 §7), one named function per computation; the routes
// (routes.ts) pick one per metric. Each reads the recorded events' rollups or the tables.

// Events that make a person "active" on a day (a login, a session started, a message sent):
// the trigger of migration 0400, which keeps the active-user rollups, lists them.

/** A window of whole UTC days, `from` and `to` included: [start, end). */
export interface Window {
  from: string;
  to: string;
  start: Date;
  end: Date;
  days: number;
}

/** `column = $1` for the target: an organisation's or a network's rows. */
const scopeSql = (t: AnalyticsTarget, org: string, network: string) =>
  t.kind === 'organisation' ? `${org} = $1` : `${network} = $1`;
const scopeId = (t: AnalyticsTarget) => (t.kind === 'organisation' ? t.hospitalId : t.networkId);
/** The target's rows of a rollup table (migrations 0400, 0401): `scope = 'o'|'n' and scope_id = $1`. */
const rollupScope = (t: AnalyticsTarget, alias: string) =>
  `${alias}.scope = '${t.kind === 'organisation' ? 'o' : 'n'}' and ${alias}.scope_id = $1`;

async function one(db: DatabaseTx, sql: string, args: unknown[]): Promise<{ count: number }> {
  const r = await db.query<{ count: number }>(sql, args);
  return { count: r.rows[0]?.count ?? 0 };
}

/**
 * Events of some types in the window, from the per-day counts (analytics_daily_counts, kept by
 * the trigger of migration 0400): all of them, or those that carried an image.
 */
export function countEvents(
  db: DatabaseTx,
  t: AnalyticsTarget,
  w: Window,
  types: string[],
  opts: { withImage?: boolean } = {},
) {
  return one(
    db,
    `select coalesce(sum(${opts.withImage ? 'c.with_image' : 'c.events'}), 0)::int as count
       from analytics_daily_counts c
      where ${rollupScope(t, 'c')} and c.type = any($2::text[]) and c.day between $3::date and $4::date`,
    [scopeId(t), types, w.from, w.to],
  );
}

/** One point per UTC day of the window, zeros included, of the events of some types. */
export async function dailyEvents(db: DatabaseTx, t: AnalyticsTarget, w: Window, types: string[]) {
  const r = await db.query<{ date: string; count: number }>(
    `select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(x.n, 0)::int as count
       from generate_series($3::date, $4::date, interval '1 day') as d(day)
       left join (
         select c.day, sum(c.events) as n from analytics_daily_counts c
          where ${rollupScope(t, 'c')} and c.type = any($2::text[]) and c.day between $3::date and $4::date
          group by 1
       ) x on x.day = d.day::date
      order by d.day`,
    [scopeId(t), types, w.from, w.to],
  );
  return { results: r.rows };
}

/**
 * People active at least once in the window (a login, a session started or a message sent):
 * each counted once, on their first active day of the window, the one whose previous active
 * day lies before it (analytics_active_chain).
 */
export function activeUsersCount(db: DatabaseTx, t: AnalyticsTarget, w: Window) {
  return one(
    db,
    `select coalesce(sum(c.n), 0)::int as count from analytics_active_chain c
      where ${rollupScope(t, 'c')} and c.day between $2::date and $3::date and c.prev_day < $2::date`,
    [scopeId(t), w.from, w.to],
  );
}

/** People active on each UTC day of the window, zeros included. */
export async function activeUsersDaily(db: DatabaseTx, t: AnalyticsTarget, w: Window) {
  const r = await db.query<{ date: string; count: number }>(
    `select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(x.users, 0)::int as count
       from generate_series($2::date, $3::date, interval '1 day') as d(day)
       left join analytics_daily_active x on ${rollupScope(t, 'x')} and x.day = d.day::date
      order by d.day`,
    [scopeId(t), w.from, w.to],
  );
  return { results: r.rows };
}

/**
 * Average active users per hour of the day (UTC), 24 points: for hour h, the people active in
 * hour h summed over the window's days, divided by the number of days (two decimals).
 */
export async function hourlyActiveUsers(db: DatabaseTx, t: AnalyticsTarget, w: Window) {
  const r = await db.query<{ hour: number; count: number }>(
    `select h.hour, round(coalesce(x.n, 0)::numeric / $4, 2)::float8 as count
       from generate_series(0, 23) as h(hour)
       left join (
         select a.hour, sum(a.users) as n from analytics_hourly_active a
          where ${rollupScope(t, 'a')} and a.day between $2::date and $3::date
          group by 1
       ) x on x.hour = h.hour
      order by h.hour`,
    [scopeId(t), w.from, w.to, w.days],
  );
  return { results: r.rows };
}

const UNKNOWN_ROLE = 'Unknown';

/**
 * The people of the scope created before the window's end and not blocked now, by role
 * description: the scope's totals per role (users_rollup_totals) less the people created after
 * the window (users_rollup's days after it), both kept by the triggers of migrations 0401 and
 * 0600. A row per role and a few days' rows, however many days people have joined on.
 */
export async function usersByRole(db: DatabaseTx, t: AnalyticsTarget, w: Window) {
  const r = await db.query<{ role: string; count: number }>(
    `select coalesce(nullif(x.role, ''), '${UNKNOWN_ROLE}') as role, sum(x.users)::int as count
       from (
         select u.role, u.users from users_rollup_totals u where ${rollupScope(t, 'u')}
         union all
         select u.role, -u.users from users_rollup u
          where ${rollupScope(t, 'u')} and u.created_day > $2::date
       ) x
      group by 1 having sum(x.users) > 0 order by count desc, role`,
    [scopeId(t), w.to],
  );
  return { results: r.rows };
}

/** Messages sent in the window by the sender's role at the time (recorded with the event). */
export async function messagesByRole(db: DatabaseTx, t: AnalyticsTarget, w: Window) {
  const r = await db.query<{ role: string; count: number }>(
    `select coalesce(nullif(c.role, ''), '${UNKNOWN_ROLE}') as role, sum(c.events)::int as count
       from analytics_daily_counts c
      where ${rollupScope(t, 'c')} and c.type = 'message_sent' and c.day between $2::date and $3::date
      group by 1 order by count desc, role`,
    [scopeId(t), w.from, w.to],
  );
  return { results: r.rows };
}

/** Teams (forums and advice teams included) of the scope that existed at the window's end. */
const TEAMS_AT_END = (t: AnalyticsTarget) => `
  from teams t left join hospitals h on h.id = t.hospital_id
 where ${scopeSql(t, 't.hospital_id', 'h.network_id')}
   and t.created_at < $2 and (t.deleted_at is null or t.deleted_at >= $2)`;

export function teamsCount(db: DatabaseTx, t: AnalyticsTarget, w: Window) {
  return one(db, `select count(*)::int as count ${TEAMS_AT_END(t)}`, [scopeId(t), w.end]);
}

/**
 * Of those, the teams whose members come from more than one organisation: teams with rows for
 * two organisations in team_organisations (members per team and organisation, kept by the
 * triggers of migration 0602), a row or two per team instead of every member's organisation.
 */
export function crossOrganisationTeams(db: DatabaseTx, t: AnalyticsTarget, w: Window) {
  return one(
    db,
    `select count(*)::int as count ${TEAMS_AT_END(t)}
       and exists (select 1 from team_organisations o where o.team_id = t.id offset 1)`,
    [scopeId(t), w.end],
  );
}

/** Pagers of the scope that existed at the window's end. */
export function pagersCount(db: DatabaseTx, t: AnalyticsTarget, w: Window) {
  return one(
    db,
    `select count(*)::int as count from pagers p left join hospitals h on h.id = p.hospital_id
      where ${scopeSql(t, 'p.hospital_id', 'h.network_id')} and p.created_at < $2`,
    [scopeId(t), w.end],
  );
}

/**
 * Advice conversations of the scope's advice teams resolved in the window. The table keeps no
 * resolution time: a resolved conversation's last change (`modified_at`) stands for it.
 */
export function resolvedAdvice(db: DatabaseTx, t: AnalyticsTarget, w: Window) {
  return one(
    db,
    `select count(*)::int as count
       from advice_conversations a join teams t on t.id = a.team_id
       left join hospitals h on h.id = t.hospital_id
      where ${scopeSql(t, 't.hospital_id', 'h.network_id')} and a.public_team_resolved
        and a.modified_at >= $2 and a.modified_at < $3`,
    [scopeId(t), w.start, w.end],
  );
}
