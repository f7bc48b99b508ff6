import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  searchPageLinks,
  type FiltersQuery,
  type SearchResponseWire,
  type SearchResultWire,
  usersEndpoints,
} from '@pando/domain';
import { callerOf } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { cachedJson, cacheFirst } from '../http/responseCache.js';
import type { UserRecord } from '../users/repo.js';
import { queryTeams, type TeamRecord, toWireTeam } from '../teams/repo.js';
import { blankPage, type HitRow, hitQuery, matchPage, usersByIds } from './repo.js';

/**
 * GET /filters (spec 01 §2 "Search", §3 "Search result"). Each include adds one kind of hit:
 * - user.other: other people, in my organisation, or with outside-organisation=true in the
 *   other organisations of my network (never another network);
 * - team.member-of / team.forum.member-of / team.advice.member-of: my teams, forums, advice
 *   channels (membership is the scope, so the organisation filter does not apply);
 * - team.forum / team.advice: forums and advice channels of the same organisation scope.
 * Hits are users (by last name) then teams (by name), paged together; `meta.total` counts all
 * pages, `meta.searchResultCount` this page. Declared as @pando/domain `usersEndpoints.search`.
 */
export function registerSearchRoutes(app: FastifyInstance): void {
  // A search shows any user or team: every announced change to either forgets it. The key is
  // the URL as sent, since the paging links repeat the caller's other parameters. A repeated
  // search is sent before its query is parsed again (`cacheFirst`, src/http/README.md).
  const key = (req: FastifyRequest) => `filters ${req.url}`;
  route(
    app,
    usersEndpoints.search,
    async (req, reply) => {
      const { user } = callerOf(req);
      return cachedJson(app, reply, user.id, key(req), async () => ({
        value: await search(app, user, req.query, req.url),
        deps: { directory: true },
      }));
    },
    { preValidation: cacheFirst(app, key).preValidation },
  );
}

async function search(
  app: FastifyInstance,
  user: UserRecord,
  q: FiltersQuery,
  url: string,
): Promise<SearchResponseWire> {
  const pageSize = q['page[size]'];
  const page = q['page[number]'];
  const { blank, hits } = hitQuery(user, q);
  const offset = (page - 1) * pageSize;
  const { rows, total } = blank
    ? await blankPage(app.db, hits, offset, pageSize)
    : await matchPage(app.db, hits, offset, pageSize);
  const results = await hydrate(app, rows, user.id);
  return {
    results,
    meta: { total, searchResultCount: results.length, page: { number: page, size: pageSize } },
    links: searchPageLinks(url, page, pageSize, total),
  };
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
    const u = await usersByIds(app.db, userIds);
    for (const x of u) {
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
