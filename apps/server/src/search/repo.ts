import type { FiltersQuery } from '@pando/domain';
import type { DatabaseTx } from '../db/client.js';
import type { hospitals, users } from '../db/schema/index.js';
import { containsPattern } from '../db/like.js';
import type { UserRecord } from '../users/repo.js';

// The SQL of GET /filters (routes.ts): which users and teams a search hits, a page of them, and
// the hit users' rows. The hit teams are read with teams/repo.ts `queryTeams`.

/** The expressions the 0200 migration indexes; they must stay character-for-character equal. */
const USER_TEXT = `lower(u.first_name || ' ' || u.last_name || ' ' || u.email)`;
const TEAM_TEXT = 'lower(t.name)';

export interface HitRow {
  /** Computed: which table the hit is from (a union of users and teams). */
  kind: 'USER' | 'TEAM';
  /** users.id or teams.id (both serial: the same type). */
  id: (typeof users.$inferSelect)['id'];
}

export interface HitQuery {
  userWhere: string;
  teamWhere: string;
  wantUsers: boolean;
  wantTeams: boolean;
  typed: string;
  params: unknown[];
}

/**
 * The WHERE parts and parameters of a search by `user` (GET /filters, see routes.ts): users of
 * `user.other`, teams of the team includes, matching the text unless it is blank.
 */
export function hitQuery(
  user: Pick<UserRecord, 'id' | 'hospital_id' | 'network_id'>,
  q: FiltersQuery,
): { blank: boolean; hits: HitQuery } {
  const include = new Set(q.include);
  const outside = q['outside-organisation'] === 'true';
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
  return {
    blank,
    hits: { userWhere, teamWhere, wantUsers, wantTeams, typed, params },
  };
}

/**
 * Hits are users (by last name, first name) then teams (by name), paged together, in one query
 * that also counts every hit (`count(*) over ()`): the text match picks few enough rows.
 */
export async function matchPage(
  db: DatabaseTx,
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
  const r = await db.query<HitRow & { total: number }>(
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
        await db.query<{ n: number }>(
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
export async function blankPage(
  db: DatabaseTx,
  h: HitQuery,
  offset: number,
  limit: number,
): Promise<{ rows: HitRow[]; total: number }> {
  const c = await db.query<{ users: number; teams: number }>(
    `select ${h.wantUsers ? `(select count(*)::int from users u where ${h.userWhere})` : '0'} as users,
            ${h.wantTeams ? `(select count(*)::int from teams t where ${h.teamWhere})` : '0'} as teams
      where ${h.typed}`,
    h.params,
  );
  const counts = c.rows[0] ?? { users: 0, teams: 0 };
  const rows: HitRow[] = [];
  if (offset < counts.users) {
    const u = await db.query<{ id: number }>(
      `select u.id from users u where ${h.userWhere} and (${h.typed})
        order by lower(u.last_name), lower(u.first_name), u.id limit $6 offset $7`,
      [...h.params, limit, offset],
    );
    rows.push(...u.rows.map((x) => ({ kind: 'USER' as const, id: x.id })));
  }
  const teamOffset = Math.max(0, offset - counts.users);
  if (rows.length < limit && teamOffset < counts.teams) {
    const t = await db.query<{ id: number }>(
      `select t.id from teams t where ${h.teamWhere} and (${h.typed})
        order by lower(t.name), t.id limit $6 offset $7`,
      [...h.params, limit - rows.length, teamOffset],
    );
    rows.push(...t.rows.map((x) => ({ kind: 'TEAM' as const, id: x.id })));
  }
  return { rows, total: counts.users + counts.teams };
}

/** A hit user's row: what a search result shows of a person. */
export type SearchUserRow = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'uuid'
  | 'first_name'
  | 'last_name'
  | 'status'
  | 'gdpr_accepted'
  | 'role_description'
  | 'speciality'
> & {
  // The organisation's, null without one (left join).
  h_uuid: (typeof hospitals.$inferSelect)['uuid'] | null;
  h_name: (typeof hospitals.$inferSelect)['name'] | null;
};

/** The hit users by id, with their organisation's uuid and name. */
export async function usersByIds(db: DatabaseTx, userIds: number[]): Promise<SearchUserRow[]> {
  const u = await db.query<SearchUserRow>(
    `select u.id, u.uuid::text as uuid, u.first_name, u.last_name, u.status, u.gdpr_accepted,
              h.uuid::text as h_uuid, h.name as h_name,
              u.role_description, u.speciality
         from users u left join hospitals h on h.id = u.hospital_id where u.id = any($1::int[])`,
    [userIds],
  );
  return u.rows;
}
