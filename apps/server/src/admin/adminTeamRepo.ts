import { type AdminListQuery, type AdminReach, parseAdminSort } from '@pando/domain';
import type { DatabaseTx } from '../db/client.js';
import { one, queryTeams, type TeamRecord } from '../teams/repo.js';
import { likeContains, reachFilter } from './repo.js';

/**
 * The SQL of the admin console's teams and advice channels (teamRoutes.ts). An advice channel is
 * a team whose `public_data.enabled` is set; `advice` chooses which of the two a call is about.
 */

/** `where` of the live teams (or advice channels) of a reach; pushes its parameters. */
function teamsWhere(advice: boolean, reach: AdminReach, args: unknown[]): string {
  const kindSql = `(t.public_data->>'enabled')::boolean is ${advice ? 'true' : 'not true'}`;
  const reachSql = reachFilter(reach, args, { hospital: 't.hospital_id', network: 'h.network_id' });
  return `where t.deleted_at is null and ${kindSql} and ${reachSql}`;
}

async function countTeamsWhere(db: DatabaseTx, where: string, args: unknown[]): Promise<number> {
  const c = await db.query<{ count: number }>(
    `select count(*)::int as count from teams t left join hospitals h on h.id = t.hospital_id ${where}`,
    args,
  );
  return c.rows[0]?.count ?? 0;
}

/** A team by id (deleted or not); throws without one (`one`). */
export async function teamById(db: DatabaseTx, id: number): Promise<TeamRecord> {
  return one(await queryTeams(db, 'where t.id = $1', [id]));
}

/** How many live teams (or advice channels) a reach has. */
export async function countAdminTeams(
  db: DatabaseTx,
  advice: boolean,
  reach: AdminReach,
): Promise<number> {
  const args: unknown[] = [];
  return countTeamsWhere(db, teamsWhere(advice, reach, args), args);
}

/** One page of the live teams (or advice channels) of a reach, and their total. */
export async function listAdminTeams(
  db: DatabaseTx,
  advice: boolean,
  reach: AdminReach,
  query: AdminListQuery,
): Promise<{ teams: TeamRecord[]; total: number }> {
  const args: unknown[] = [];
  let where = teamsWhere(advice, reach, args);
  if (query.q) {
    args.push(likeContains(query.q));
    where += ` and lower(t.name) like $${args.length}`;
  }
  const countArgs = [...args];
  const order = parseAdminSort(query.sort, ['name', 'created_at'], 'name')
    .map(
      ([f, desc]) => `${f === 'name' ? 'lower(t.name)' : 't.created_at'} ${desc ? 'desc' : 'asc'}`,
    )
    .join(', ');
  const size = query['page-size'];
  args.push(size, query.page * size);
  const teams = await queryTeams(
    db,
    `${where} order by ${order}, t.id limit $${args.length - 1} offset $${args.length}`,
    args,
  );
  const total = await countTeamsWhere(db, where, countArgs);
  return { teams, total };
}

/**
 * Of the given ids, those an admin may put in a team of an organisation: unblocked people of
 * that organisation's network (of the organisation itself when it has none). In the transaction
 * that adds them, their rows are share-locked until it ends: a block or move committed meanwhile
 * is seen here, or waits until the members are written (as teams/repo.ts checkAddableUsers).
 */
export async function allowedTeamMembers(
  tx: DatabaseTx,
  team: { hospital_id: number | null; network_id: number | null },
  ids: readonly number[],
): Promise<Set<number>> {
  const r = await tx.query<{ id: number }>(
    `select u.id from users u left join hospitals h on h.id = u.hospital_id
      where u.id = any($1::int[]) and not u.blocked
        and (u.hospital_id = $2 or ($3::int is not null and h.network_id = $3))
        for share of u`,
    [[...new Set(ids)], team.hospital_id, team.network_id],
  );
  return new Set(r.rows.map((x) => x.id));
}

/** A team's members with their names, by last name, first name and id. */
export async function teamMemberNames(
  db: DatabaseTx,
  teamId: number,
): Promise<{ id: number; first_name: string; last_name: string }[]> {
  const members = await db.query<{ id: number; first_name: string; last_name: string }>(
    `select u.id, u.first_name, u.last_name from team_members m join users u on u.id = m.user_id
      where m.team_id = $1 order by lower(u.last_name), lower(u.first_name), u.id`,
    [teamId],
  );
  return members.rows;
}

/** How many of an advice channel's conversations are resolved. */
export async function resolvedIssueCount(db: DatabaseTx, teamId: number): Promise<number> {
  const resolved = await db.query<{ n: number }>(
    'select count(*)::int as n from advice_conversations where team_id = $1 and public_team_resolved',
    [teamId],
  );
  return resolved.rows[0]?.n ?? 0;
}

/** A new team (not discoverable, not auto-accepting); its id (`one`: throws without a row). */
export async function insertAdminTeam(
  tx: DatabaseTx,
  team: {
    mimId: string;
    name: string;
    description: string | null;
    hospitalId: number;
    publicData: Record<string, unknown>;
    createdById: number;
  },
  now: Date,
): Promise<number> {
  const ins = await tx.query<{ id: number }>(
    `insert into teams (mim_id, name, description, hospital_id, discoverable, auto_accept, public_data, created_by_id, created_at, modified_at)
     values ($1, $2, $3, $4, false, false, $5, $6, $7, $7) returning id`,
    [
      team.mimId,
      team.name,
      team.description,
      team.hospitalId,
      JSON.stringify(team.publicData),
      team.createdById,
      now,
    ],
  );
  return one(ins.rows).id;
}

/** Sets a team's name and description where given. */
export async function updateTeamText(
  tx: DatabaseTx,
  id: number,
  change: { name: string | null; description: string | null },
  now: Date,
): Promise<void> {
  await tx.query(
    `update teams set name = coalesce($2, name), description = coalesce($3, description), modified_at = $4
      where id = $1`,
    [id, change.name, change.description, now],
  );
}

/** Marks a team deleted (`deleted_at`); its members are removed by the caller. */
export async function markTeamDeleted(tx: DatabaseTx, id: number, now: Date): Promise<void> {
  await tx.query('update teams set deleted_at = $2, modified_at = $2 where id = $1', [id, now]);
}
