import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type FiltersQuery,
  FiltersQuerySchema,
  SearchResponseWireSchema,
  type SearchResponseWire,
  type SearchResultWire,
} from '@pando/domain';
import { callerOf } from '../authz/access.js';
import { containsPattern } from '../db/like.js';
import { ERROR_RESPONSES } from '../http/routeShape.js';
import { cachedJson, cacheFirst } from '../http/responseCache.js';
import type { UserRecord } from '../users/repo.js';
import { queryTeams, type TeamRecord, toWireTeam } from '../teams/repo.js';

/** The expressions the 0200 migration indexes; they must stay character-for-character equal. */
const USER_TEXT = `lower(u.first_name || ' ' || u.last_name || ' ' || u.email)`;
const TEAM_TEXT = 'lower(t.name)';

interface HitRow {
  kind: 'USER' | 'TEAM';
  id: number;
}

/**
 * GET /filters (spec 01 §2 "Search", §3 "Search result"). Each include adds one kind of hit:
 * - user.other: other people, in my organisation, or with outside-organisation=true in the
 *   other organisations of my network (never another network);
 * - team.member-of / team.forum.member-of / team.advice.member-of: my teams, forums, advice
 *   channels (membership is the scope, so the organisation filter does not apply);
 * - team.forum / team.advice: forums and advice channels of the same organisation scope.
 * Hits are users (by last name) then teams (by name), paged together; `meta.total` counts all
 * pages, `meta.searchResultCount` this page.
 */
export function registerSearchRoutes(app: FastifyInstance): void {
  // A search shows any user or team: every announced change to either forgets it. The key is
  // the URL as sent, since the paging links repeat the caller's other parameters. A repeated
  // search is sent before its query is parsed again (`cacheFirst`, src/http/README.md).
  const key = (req: FastifyRequest) => `filters ${req.url}`;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/filters',
    {
      schema: {
        querystring: FiltersQuerySchema,
        response: { 200: SearchResponseWireSchema, ...ERROR_RESPONSES },
      },
      ...cacheFirst(app, key),
    },
    async (req, reply) => {
      const { user } = callerOf(req);
      return cachedJson(app, reply, user.id, key(req), async () => ({
        value: await search(app, user, req.query, req.url),
        deps: { directory: true },
      }));
    },
  );
}

async function search(
  app: FastifyInstance,
  user: UserRecord,
  q: FiltersQuery,
  url: string,
): Promise<SearchResponseWire> {
  const include = new Set(q.include);
  const outside = q['outside-organisation'] === 'true';
  const pageSize = q['page[size]'];
  const page = q['page[number]'];
  // $1 viewer id, $2 hospital, $3 network, $4 pattern, $5 outside flag
  const orgScope = (alias: string) =>
    `(case when $5::boolean
          then ${alias}.hospital_id is distinct from $2 and $3::int is not null and ${alias}.hospital_id in (select id from hospitals where network_id = $3)
          else ${alias}.hospital_id = $2 end)`;
  const member = `exists(select 1 from team_members m where m.team_id = t.id and m.user_id = $1)`;
  const forum = 't.discoverable and t.auto_accept';
  const advice = `coalesce((t.public_data->>'enabled')::boolean, false)`;
  const teamConds: string[] = [];
  if (include.has('team.member-of'))
    teamConds.push(`(${member} and not (${forum}) and not ${advice})`);
  if (include.has('team.forum')) teamConds.push(`(${forum} and ${orgScope('t')})`);
  if (include.has('team.forum.member-of')) teamConds.push(`(${forum} and ${member})`);
  if (include.has('team.advice')) teamConds.push(`(${advice} and ${orgScope('t')})`);
  if (include.has('team.advice.member-of')) teamConds.push(`(${advice} and ${member})`);
  const wantUsers = include.has('user.other');
  const wantTeams = teamConds.length > 0;
  const blank = q.q.trim() === '';
  // A blank query matches everyone: no text condition at all (a LIKE '%%' on every row cost
  // ~20 ms on 10,000 users), and the pages are read in index order.
  const userWhere = `u.id <> $1 and not u.blocked and ${blank ? '' : `${USER_TEXT} like $4 and `}${orgScope('u')}`;
  const teamWhere = `t.deleted_at is null and ${blank ? '' : `${TEAM_TEXT} like $4 and `}(${teamConds.join(' or ')})`;
  // Every parameter is typed once here, whichever includes left it unused.
  const typed = `($1::int, $2::int, $3::int, $4::text, $5::boolean) is not null or true`;
  const params = [user.id, user.hospital_id, user.network_id, containsPattern(q.q.trim()), outside];
  const offset = (page - 1) * pageSize;
  const { rows, total } = blank
    ? await blankPage(
        app,
        { userWhere, teamWhere, wantUsers, wantTeams, typed, params },
        offset,
        pageSize,
      )
    : await matchPage(
        app,
        { userWhere, teamWhere, wantUsers, wantTeams, typed, params },
        offset,
        pageSize,
      );
  const results = await hydrate(app, rows, user.id);
  return {
    results,
    meta: { total, searchResultCount: results.length, page: { number: page, size: pageSize } },
    links: links(url, page, pageSize, total),
  };
}

interface HitQuery {
  userWhere: string;
  teamWhere: string;
  wantUsers: boolean;
  wantTeams: boolean;
  typed: string;
  params: unknown[];
}

/**
 * Hits are users (by last name, first name) then teams (by name), paged together, in one query
 * that also counts every hit (`count(*) over ()`): the text match picks few enough rows.
 */
async function matchPage(
  app: FastifyInstance,
  h: HitQuery,
  offset: number,
  limit: number,
): Promise<{ rows: HitRow[]; total: number }> {
  const parts: string[] = [];
  if (h.wantUsers) {
    parts.push(`select 'USER' as kind, u.id, 0 as rank, lower(u.last_name) as sort1, lower(u.first_name) as sort2
                  from users u where ${h.userWhere}`);
  }
  if (h.wantTeams) {
    parts.push(`select 'TEAM' as kind, t.id, 1 as rank, lower(t.name) as sort1, '' as sort2
                  from teams t where ${h.teamWhere}`);
  }
  const r = await app.db.query<HitRow & { total: number }>(
    `select kind, id, count(*) over ()::int as total from (${parts.join(' union all ')}) hits
      where ${h.typed}
      order by rank, sort1, sort2, id limit $6 offset $7`,
    [...h.params, limit, offset],
  );
  let total = r.rows[0]?.total;
  if (total === undefined) {
    // An offset past the end returns no rows, so count separately.
    total =
      (
        await app.db.query<{ n: number }>(
          `select count(*)::int as n from (${parts.join(' union all ')}) hits where ${h.typed}`,
          h.params,
        )
      ).rows[0]?.n ?? 0;
  }
  return { rows: r.rows, total };
}

/**
 * A blank query lists everyone in scope: the hits are counted without being sorted or kept
 * (one count per kind), and only the page is read, in the order of users_last_name_idx.
 */
async function blankPage(
  app: FastifyInstance,
  h: HitQuery,
  offset: number,
  limit: number,
): Promise<{ rows: HitRow[]; total: number }> {
  const c = await app.db.query<{ users: number; teams: number }>(
    `select ${h.wantUsers ? `(select count(*)::int from users u where ${h.userWhere})` : '0'} as users,
            ${h.wantTeams ? `(select count(*)::int from teams t where ${h.teamWhere})` : '0'} as teams
      where ${h.typed}`,
    h.params,
  );
  const counts = c.rows[0] ?? { users: 0, teams: 0 };
  const rows: HitRow[] = [];
  if (offset < counts.users) {
    const u = await app.db.query<{ id: number }>(
      `select u.id from users u where ${h.userWhere} and (${h.typed})
        order by lower(u.last_name), lower(u.first_name), u.id limit $6 offset $7`,
      [...h.params, limit, offset],
    );
    rows.push(...u.rows.map((x) => ({ kind: 'USER' as const, id: x.id })));
  }
  const teamOffset = Math.max(0, offset - counts.users);
  if (rows.length < limit && teamOffset < counts.teams) {
    const t = await app.db.query<{ id: number }>(
      `select t.id from teams t where ${h.teamWhere} and (${h.typed})
        order by lower(t.name), t.id limit $6 offset $7`,
      [...h.params, limit - rows.length, teamOffset],
    );
    rows.push(...t.rows.map((x) => ({ kind: 'TEAM' as const, id: x.id })));
  }
  return { rows, total: counts.users + counts.teams };
}

async function hydrate(
  app: FastifyInstance,
  rows: HitRow[],
  viewerId: number,
): Promise<SearchResultWire[]> {
  const userIds = rows.filter((r) => r.kind === 'USER').map((r) => r.id);
  const teamIds = rows.filter((r) => r.kind === 'TEAM').map((r) => r.id);
  const users = new Map<number, Extract<SearchResultWire, { USER: unknown }>['USER']['data']>();
  if (userIds.length > 0) {
    const u = await app.db.query<{
      id: number;
      uuid: string;
      first_name: string;
      last_name: string;
      status: 'AVAILABLE' | 'UNAVAILABLE' | 'UNKNOWN';
      gdpr_accepted: boolean;
      h_uuid: string | null;
      h_name: string | null;
      role_description: string | null;
      speciality: string | null;
    }>(
      `select u.id, u.uuid::text as uuid, u.first_name, u.last_name, u.status, u.gdpr_accepted,
              h.uuid::text as h_uuid, h.name as h_name,
              u.role_description, u.speciality
         from users u left join hospitals h on h.id = u.hospital_id where u.id = any($1::int[])`,
      [userIds],
    );
    for (const x of u.rows) {
      users.set(x.id, {
        id: x.id,
        uuid: x.uuid,
        first_name: x.first_name,
        last_name: x.last_name,
        status: x.status,
        gdpr_accepted: x.gdpr_accepted,
        hospital: x.h_name === null ? null : { name: x.h_name },
        hospital_uuid: x.h_uuid,
        role: { description: x.role_description },
        speciality: x.speciality,
      });
    }
  }
  const teams = new Map<number, TeamRecord>();
  if (teamIds.length > 0) {
    const t = await queryTeams(app.db, 'where t.id = any($1::int[])', [teamIds]);
    for (const x of t) teams.set(x.id, x);
  }
  const out: SearchResultWire[] = [];
  for (const r of rows) {
    if (r.kind === 'USER') {
      const data = users.get(r.id);
      if (data) out.push({ USER: { data } });
    } else {
      const team = teams.get(r.id);
      if (team) out.push({ TEAM: { data: toWireTeam(team, viewerId) } });
    }
  }
  return out;
}

/** JSON:API-style paging links that keep the caller's other parameters. */
function links(
  url: string,
  page: number,
  size: number,
  total: number,
): SearchResponseWire['links'] {
  const last = Math.max(1, Math.ceil(total / size));
  const at = (n: number) => {
    const u = new URL(url, 'http://x');
    u.searchParams.set('page[number]', String(n));
    return `${u.pathname}${u.search}`;
  };
  return {
    self: at(page),
    first: at(1),
    last: at(last),
    prev: page > 1 ? at(Math.min(page - 1, last)) : null,
    next: page < last ? at(page + 1) : null,
  };
}
