import { randomUUID } from 'node:crypto';
import {
  canReadTeam,
  isAdviceTeam,
  isForum,
  PublicDataSchema,
  type PublicData,
  sameNetwork,
  type Team,
  type TeamInputParsed,
  TEXTS,
} from '@pando/domain';

// The access rules are the domain's; the server's modules take them from here.
export { canReadTeam, sameNetwork };
import type { DatabaseTx } from '../db/client.js';
import type { hospitals, teams, users } from '../db/schema/index.js';
import { HttpError, notFound, badField } from '../http/errors.js';
import type { UserRecord } from '../users/repo.js';

/** A team row with what every access rule needs: its network and its members. */
export type TeamRecord = Pick<
  typeof teams.$inferSelect,
  | 'id'
  | 'mim_id'
  | 'name'
  | 'description'
  | 'hospital_id'
  | 'discoverable'
  | 'auto_accept'
  | 'public_data'
  | 'created_at'
  | 'modified_at'
> & {
  // The organisation's, null without one (left join).
  network_id: Hospital['network_id'];
  hospital_uuid: Hospital['uuid'] | null;
  /** Computed: the members' ids (team_members.user_id), parsed from one text by queryTeams. */
  user_ids: number[];
};

type Hospital = typeof hospitals.$inferSelect;

/**
 * Member ids come back as one comma-separated text, not an int[]: PGlite parses a 40-element
 * array per row several times slower than a string (measured: 10.7 vs 6.8 ms for 44 teams).
 */
const TEAM_SELECT = `
  select t.id, t.mim_id, t.name, t.description, t.hospital_id, h.network_id, h.uuid::text as hospital_uuid,
         t.discoverable, t.auto_accept, t.public_data, t.created_at, t.modified_at,
         array_to_string(array(select m.user_id from team_members m where m.team_id = t.id order by m.user_id), ',') as user_ids
    from teams t left join hospitals h on h.id = t.hospital_id`;

/** Teams with their members; `rest` is the WHERE/ORDER BY part over `t` (teams) and `h`. */
export async function queryTeams(
  db: DatabaseTx,
  rest: string,
  params: unknown[],
): Promise<TeamRecord[]> {
  const r = await db.query<Omit<TeamRecord, 'user_ids'> & { user_ids: string }>(
    `${TEAM_SELECT} ${rest}`,
    params,
  );
  return r.rows.map((row) => ({
    ...row,
    user_ids: row.user_ids === '' ? [] : row.user_ids.split(',').map(Number),
  }));
}

export async function findTeam(db: DatabaseTx, id: number): Promise<TeamRecord | undefined> {
  return (await queryTeams(db, 'where t.id = $1 and t.deleted_at is null', [id]))[0];
}

export async function findTeamByMimId(
  db: DatabaseTx,
  mimId: string,
): Promise<TeamRecord | undefined> {
  return (
    await queryTeams(db, 'where lower(t.mim_id) = lower($1) and t.deleted_at is null', [mimId])
  )[0];
}

/** public_data normalised to the wire shape (seeded or legacy rows may miss fields). */
export function publicDataOf(raw: unknown): PublicData {
  const parsed = PublicDataSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : { enabled: false, tips: [], resolved_issues: [] };
}

/** Spec 01 §3 (isForum of the domain) for a stored row. */
export const isForumRecord = (t: Pick<TeamRecord, 'discoverable' | 'auto_accept'>) => isForum(t);
/** An advice team (isAdviceTeam of the domain) for a stored row, whatever its public_data holds. */
export const isAdviceRecord = (t: Pick<TeamRecord, 'public_data'>) =>
  isAdviceTeam({ public_data: publicDataOf(t.public_data) });

export function toWireTeam(t: TeamRecord, viewerId: number): Team {
  return {
    id: t.id,
    name: t.name,
    mim_id: t.mim_id,
    user_ids: t.user_ids,
    discoverable: t.discoverable,
    auto_accept: t.auto_accept,
    public_data: publicDataOf(t.public_data),
    member_of: t.user_ids.includes(viewerId),
    hospital_uuid: t.hospital_uuid,
    created_at: t.created_at.toISOString(),
    modified_at: t.modified_at.toISOString(),
  };
}

export const isMember = (t: TeamRecord, userId: number) => t.user_ids.includes(userId);

export async function readableTeam(
  db: DatabaseTx,
  viewer: UserRecord,
  id: number,
): Promise<TeamRecord> {
  const t = await findTeam(db, id);
  if (!t || !canReadTeam(viewer, { ...t, public_data: publicDataOf(t.public_data) }))
    throw notFound('Team');
  return t;
}

/** Members only (spec 01 §6: any member can add or remove members, rename and leave). */
export function requireMember(viewer: UserRecord, t: TeamRecord): void {
  if (!isMember(t, viewer.id)) throw new HttpError(403, TEXTS.teamMembersOnly);
}

export const newMimId = () => randomUUID();

/** The single row an insert … returning or a lookup of a row we just wrote must give. */
export function one<T>(rows: readonly T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error('expected a row');
  return row;
}

/**
 * Checks that every id names an active user of the viewer's network; a bad id is a 400 naming
 * `user_ids` (ids of other networks get the same answer as unknown ids). Call it in the
 * transaction that adds them: the rows are share-locked until it ends, so a block or a move to
 * another organisation committed meanwhile is either seen here (refused) or waits until the
 * members are written (and then removes or blocks them as usual), never lost in between.
 */
export async function checkAddableUsers(
  tx: DatabaseTx,
  viewer: UserRecord,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const r = await tx.query<{ id: number }>(
    `select u.id from users u left join hospitals h on h.id = u.hospital_id
      where u.id = any($1::int[]) and not u.blocked
        and (u.hospital_id = $2 or ($3::int is not null and h.network_id = $3))
        for share of u`,
    [[...new Set(ids)], viewer.hospital_id, viewer.network_id],
  );
  const found = new Set(r.rows.map((x) => x.id));
  const bad = ids.filter((id) => !found.has(id));
  if (bad.length > 0) {
    throw badField('user_ids', `unknown users: ${[...new Set(bad)].slice(0, 20).join(', ')}`);
  }
}

export async function uuidsOf(db: DatabaseTx, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const r = await db.query<{ uuid: string }>(
    'select uuid::text as uuid from users where id = any($1::int[])',
    [[...new Set(ids)]],
  );
  return r.rows.map((x) => x.uuid);
}

/** Inserts a team row (no members: `changeTeamMembers` adds them); the new id. */
export async function insertTeam(
  tx: DatabaseTx,
  t: {
    mimId: string;
    name: string;
    hospitalId: number | null;
    discoverable: boolean;
    publicData: TeamInputParsed['public_data'];
    createdById: number;
    now: Date;
  },
): Promise<number> {
  const r = await tx.query<{ id: number }>(
    `insert into teams (mim_id, name, hospital_id, discoverable, auto_accept, public_data, created_by_id, created_at, modified_at)
         values ($1, $2, $3, $4, false, $5, $6, $7, $7) returning id`,
    [
      t.mimId,
      t.name,
      t.hospitalId,
      t.discoverable,
      JSON.stringify(t.publicData),
      t.createdById,
      t.now,
    ],
  );
  return one(r.rows).id;
}

/** Sets the name and discoverability a PUT sent (null: unchanged) and the modification time. */
export async function updateTeamFields(
  tx: DatabaseTx,
  id: number,
  f: { name: string | null; discoverable: boolean | null; now: Date },
): Promise<void> {
  await tx.query(
    `update teams set name = coalesce($2, name), discoverable = coalesce($3, discoverable), modified_at = $4 where id = $1`,
    [id, f.name, f.discoverable, f.now],
  );
}

/** The ids of the team's members, as stored (no order). */
export async function teamMemberIds(db: DatabaseTx, teamId: number): Promise<number[]> {
  const r = await db.query<{ user_id: number }>(
    'select user_id from team_members where team_id = $1',
    [teamId],
  );
  return r.rows.map((m) => m.user_id);
}

/** A member as GET /teams/{id}/members lists them, with their organisation's name. */
export type TeamMemberRow = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'uuid'
  | 'first_name'
  | 'last_name'
  | 'status'
  | 'gdpr_accepted'
  | 'role_description'
  | 'speciality'
  | 'hospital_id'
> & {
  /** The organisation's name, null without one (left join). */
  h_name: (typeof hospitals.$inferSelect)['name'] | null;
};

/** One page of the team's members, by last name, first name, id. */
export async function listTeamMembers(
  db: DatabaseTx,
  teamId: number,
  limit: number,
  offset: number,
): Promise<TeamMemberRow[]> {
  const r = await db.query<TeamMemberRow>(
    `select u.id, u.uuid::text as uuid, u.first_name, u.last_name, u.status, u.gdpr_accepted,
              u.role_description, u.speciality, u.hospital_id, h.name as h_name
         from team_members m join users u on u.id = m.user_id left join hospitals h on h.id = u.hospital_id
        where m.team_id = $1
        order by lower(u.last_name), lower(u.first_name), u.id
        limit $2 offset $3`,
    [teamId, limit, offset],
  );
  return r.rows;
}

/** A live team by room, with what `joinForumOnPost` decides on (forum? same network?). */
export type ForumCandidateRow = Pick<
  typeof teams.$inferSelect,
  'id' | 'hospital_id' | 'discoverable' | 'auto_accept' | 'mim_id'
> &
  // The organisation's network (left join: null without an organisation).
  Pick<typeof hospitals.$inferSelect, 'network_id'>;

export async function findForumCandidateByMimId(
  db: DatabaseTx,
  mimId: string,
): Promise<ForumCandidateRow | undefined> {
  const r = await db.query<ForumCandidateRow>(
    `select t.id, t.hospital_id, h.network_id, t.discoverable, t.auto_accept, t.mim_id
       from teams t left join hospitals h on h.id = t.hospital_id
      where lower(t.mim_id) = lower($1) and t.deleted_at is null`,
    [mimId],
  );
  return r.rows[0];
}

/** An unblocked user by uuid (lower case), with their organisation and network. */
export async function findActiveSenderByUuid(
  db: DatabaseTx,
  uuid: string,
): Promise<{ id: number; hospital_id: number | null; network_id: number | null } | undefined> {
  const r = await db.query<{
    id: number;
    hospital_id: number | null;
    network_id: number | null;
  }>(
    `select u.id, u.hospital_id, h.network_id from users u left join hospitals h on h.id = u.hospital_id
      where u.uuid = $1::uuid and not u.blocked`,
    [uuid],
  );
  return r.rows[0];
}
