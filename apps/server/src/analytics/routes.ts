import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANALYTICS_METRICS,
  ANALYTICS_RESPONSE_SCHEMAS,
  AnalyticsParamsSchema,
  type AnalyticsMetric,
  NoQuerySchema,
  PATIENT_CARD_CREATED_EVENT,
} from '@pando/domain';
import { loaded, scoped } from '../authz/access.js';
import type { DatabaseTx } from '../db/client.js';
import { HttpError } from '../http/errors.js';
import { ERROR_RESPONSES } from '../http/routeShape.js';
import type { AnalyticsTarget } from './access.js';

/** The longest window one call may ask for (a year and a day, for leap years). */
const MAX_WINDOW_DAYS = 366;
const DAY_MS = 86_400_000;

/** Events that make a user "active" on a day: a login, a session started, a message sent. */
const ACTIVE_EVENTS = ['login', 'session_started', 'message_sent'];

const WindowParamsSchema = AnalyticsParamsSchema.required({ from: true });
const ToParamsSchema = AnalyticsParamsSchema.omit({ from: true });

/** A window of whole UTC days, `from` and `to` included: [start, end). */
interface Window {
  from: string;
  to: string;
  start: Date;
  end: Date;
  days: number;
}

function windowOf(params: { from?: string | undefined; to: string }): Window {
  const end = new Date(Date.parse(`${params.to}T00:00:00Z`) + DAY_MS);
  const from = params.from ?? params.to;
  const start = new Date(`${from}T00:00:00Z`);
  const days = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  if (days < 1)
    throw new HttpError(400, 'Invalid request: from', [
      { path: 'from', message: 'must not be after to' },
    ]);
  if (days > MAX_WINDOW_DAYS)
    throw new HttpError(400, 'Invalid request: from', [
      { path: 'from', message: `the window is at most ${MAX_WINDOW_DAYS} days` },
    ]);
  return { from, to: params.to, start, end, days };
}

/** `column = $1` for the target: an organisation's or a network's rows. */
const scopeSql = (t: AnalyticsTarget, org: string, network: string) =>
  t.kind === 'organisation' ? `${org} = $1` : `${network} = $1`;
const scopeId = (t: AnalyticsTarget) => (t.kind === 'organisation' ? t.hospitalId : t.networkId);
const eventScope = (t: AnalyticsTarget) => scopeSql(t, 'e.hospital_id', 'e.network_id');

async function one(db: DatabaseTx, sql: string, args: unknown[]): Promise<{ count: number }> {
  const r = await db.query<{ count: number }>(sql, args);
  return { count: r.rows[0]?.count ?? 0 };
}

/** Events of some types in the window: `[count]` of the rows, or of distinct users. */
function countEvents(
  db: DatabaseTx,
  t: AnalyticsTarget,
  w: Window,
  types: string[],
  opts: { distinctUsers?: boolean; withImage?: boolean } = {},
) {
  return one(
    db,
    `select ${opts.distinctUsers ? 'count(distinct e.user_id)' : 'count(*)'}::int as count
       from analytics_events e
      where ${eventScope(t)} and e.type = any($2::text[]) and e.occurred_at >= $3 and e.occurred_at < $4
        ${opts.withImage ? 'and e.has_image' : ''}`,
    [scopeId(t), types, w.start, w.end],
  );
}

/** One point per UTC day of the window, zeros included. */
async function dailyEvents(
  db: DatabaseTx,
  t: AnalyticsTarget,
  w: Window,
  types: string[],
  distinctUsers: boolean,
) {
  const r = await db.query<{ date: string; count: number }>(
    `select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(x.n, 0)::int as count
       from generate_series($5::date, $6::date, interval '1 day') as d(day)
       left join (
         select (e.occurred_at at time zone 'UTC')::date as day,
                ${distinctUsers ? 'count(distinct e.user_id)' : 'count(*)'} as n
           from analytics_events e
          where ${eventScope(t)} and e.type = any($2::text[]) and e.occurred_at >= $3 and e.occurred_at < $4
          group by 1
       ) x on x.day = d.day::date
      order by d.day`,
    [scopeId(t), types, w.start, w.end, w.from, w.to],
  );
  return { results: r.rows };
}

/**
 * Average active users per hour of the day (UTC), 24 points: for hour h, the people active in
 * hour h summed over the window's days, divided by the number of days (two decimals).
 */
async function hourlyActiveUsers(db: DatabaseTx, t: AnalyticsTarget, w: Window) {
  const r = await db.query<{ hour: number; count: number }>(
    `select h.hour, round(coalesce(x.n, 0)::numeric / $5, 2)::float8 as count
       from generate_series(0, 23) as h(hour)
       left join (
         select extract(hour from e.occurred_at at time zone 'UTC')::int as hour,
                count(distinct (e.user_id::text || ':' || ((e.occurred_at at time zone 'UTC')::date)::text)) as n
           from analytics_events e
          where ${eventScope(t)} and e.type = any($2::text[]) and e.occurred_at >= $3 and e.occurred_at < $4
            and e.user_id is not null
          group by 1
       ) x on x.hour = h.hour
      order by h.hour`,
    [scopeId(t), ACTIVE_EVENTS, w.start, w.end, w.days],
  );
  return { results: r.rows };
}

const UNKNOWN_ROLE = 'Unknown';

/** The people of the scope on the window's last day (not blocked), by role description. */
async function usersByRole(db: DatabaseTx, t: AnalyticsTarget, w: Window) {
  const r = await db.query<{ role: string; count: number }>(
    `select coalesce(nullif(u.role_description, ''), '${UNKNOWN_ROLE}') as role, count(*)::int as count
       from users u left join hospitals h on h.id = u.hospital_id
      where ${scopeSql(t, 'u.hospital_id', 'h.network_id')} and not u.blocked and u.created_at < $2
      group by 1 order by count desc, role`,
    [scopeId(t), w.end],
  );
  return { results: r.rows };
}

/** Messages sent in the window by the sender's role at the time (recorded with the event). */
async function messagesByRole(db: DatabaseTx, t: AnalyticsTarget, w: Window) {
  const r = await db.query<{ role: string; count: number }>(
    `select coalesce(nullif(e.role, ''), '${UNKNOWN_ROLE}') as role, count(*)::int as count
       from analytics_events e
      where ${eventScope(t)} and e.type = 'message_sent' and e.occurred_at >= $2 and e.occurred_at < $3
      group by 1 order by count desc, role`,
    [scopeId(t), w.start, w.end],
  );
  return { results: r.rows };
}

/** Teams (forums and advice teams included) of the scope that existed at the window's end. */
const TEAMS_AT_END = (t: AnalyticsTarget) => `
  from teams t left join hospitals h on h.id = t.hospital_id
 where ${scopeSql(t, 't.hospital_id', 'h.network_id')}
   and t.created_at < $2 and (t.deleted_at is null or t.deleted_at >= $2)`;

function teamsCount(db: DatabaseTx, t: AnalyticsTarget, w: Window) {
  return one(db, `select count(*)::int as count ${TEAMS_AT_END(t)}`, [scopeId(t), w.end]);
}

/** Of those, the teams whose members come from more than one organisation. */
function crossOrganisationTeams(db: DatabaseTx, t: AnalyticsTarget, w: Window) {
  return one(
    db,
    `select count(*)::int as count ${TEAMS_AT_END(t)}
       and (select count(distinct u.hospital_id) from team_members m join users u on u.id = m.user_id
             where m.team_id = t.id) > 1`,
    [scopeId(t), w.end],
  );
}

/** Pagers of the scope that existed at the window's end. */
function pagersCount(db: DatabaseTx, t: AnalyticsTarget, w: Window) {
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
function resolvedAdvice(db: DatabaseTx, t: AnalyticsTarget, w: Window) {
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

type Answer = z.infer<(typeof ANALYTICS_RESPONSE_SCHEMAS)[AnalyticsMetric]>;
type Compute = (db: DatabaseTx, t: AnalyticsTarget, w: Window) => Promise<Answer>;

/** Each metric of spec 02 §7 and how it is computed from the recorded events and tables. */
const METRICS: Record<AnalyticsMetric, Compute> = {
  activeUsersCount: (db, t, w) => countEvents(db, t, w, ACTIVE_EVENTS, { distinctUsers: true }),
  activeUsersDaily: (db, t, w) => dailyEvents(db, t, w, ACTIVE_EVENTS, true),
  activeUsersHourly: hourlyActiveUsers,
  messagesCount: (db, t, w) => countEvents(db, t, w, ['message_sent']),
  messagesDaily: (db, t, w) => dailyEvents(db, t, w, ['message_sent'], false),
  sessionsCount: (db, t, w) => countEvents(db, t, w, ['session_started']),
  sessionsDaily: (db, t, w) => dailyEvents(db, t, w, ['session_started'], false),
  usersByRole,
  messagesByRole,
  teamsCount,
  crossOrganisationTeamsCount: crossOrganisationTeams,
  imagesCount: (db, t, w) => countEvents(db, t, w, ['message_sent'], { withImage: true }),
  patientCardsCount: (db, t, w) => countEvents(db, t, w, [PATIENT_CARD_CREATED_EVENT]),
  pagersCount,
  resolvedAdviceCount: resolvedAdvice,
};

/**
 * The analytics API (spec 02 §7 "Analytics (API v1)", issue 20), under /api/v1: the 15 report
 * metrics for `/{organisation|network}/{id}`, from the recorded events (analytics_events) and the
 * tables. Bearer token or session cookie; admins of the scope only (analytics/access.ts).
 * Response shapes: apps/server/README.md "Analytics".
 */
export default function analyticsRoutes(
  app: FastifyInstance,
  _opts: unknown,
  done: (err?: Error) => void,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const [metric, path] of Object.entries(ANALYTICS_METRICS) as [AnalyticsMetric, string][]) {
    const onlyTo = metric === 'crossOrganisationTeamsCount';
    const url =
      metric === 'resolvedAdviceCount'
        ? `/v1/:scope/:id/${path}/:from/:to` // the spec's doubled /v1/
        : onlyTo
          ? `/:scope/:id/${path}/:to`
          : `/:scope/:id/${path}/:from/:to`;
    const compute = METRICS[metric];
    r.get(
      url,
      {
        schema: {
          params: onlyTo ? ToParamsSchema : WindowParamsSchema,
          querystring: NoQuerySchema,
          response: { 200: ANALYTICS_RESPONSE_SCHEMAS[metric], ...ERROR_RESPONSES },
        },
        config: { access: scoped('analytics:scope') },
      },
      async (req) => compute(app.db, loaded(req, 'analytics'), windowOf(req.params)),
    );
  }
  done();
}
