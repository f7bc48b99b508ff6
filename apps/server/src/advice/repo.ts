import type { AdviceConversation, AdviceHistoryQuery } from '@pando/domain';
import type { DatabaseTx } from '../db/client.js';
import type { adviceConversations, hospitals, teams, users } from '../db/schema/index.js';
import { notFound } from '../http/errors.js';
import type { UserRecord } from '../users/repo.js';
import { one, publicDataOf } from '../teams/repo.js';

/** An advice conversation with its team and people, as one query returns it. */
export type AdviceRecord = Pick<
  typeof adviceConversations.$inferSelect,
  | 'id'
  | 'mim_id'
  | 'team_id'
  | 'requestor_id'
  | 'requestor_resolved'
  | 'public_team_resolved'
  | 'resolver_id'
  | 'created_at'
  | 'modified_at'
> & {
  // The team's, the requestor's and the resolver's columns (the resolver's null without one).
  team_name: Team['name'];
  team_public_data: Team['public_data'];
  team_hospital_id: Team['hospital_id'];
  team_network_id: (typeof hospitals.$inferSelect)['network_id'];
  requestor_first_name: User['first_name'];
  requestor_last_name: User['last_name'];
  requestor_uuid: User['uuid'];
  resolver_first_name: User['first_name'] | null;
  resolver_last_name: User['last_name'] | null;
  /** Computed: whether the viewer passed to the query is a member of the advice team. */
  viewer_in_team: boolean;
};

type Team = typeof teams.$inferSelect;
type User = typeof users.$inferSelect;

export const ADVICE_SELECT = `
  select ac.id, ac.mim_id, ac.team_id, t.name as team_name, t.public_data as team_public_data,
         t.hospital_id as team_hospital_id, h.network_id as team_network_id,
         ac.requestor_id, rq.first_name as requestor_first_name, rq.last_name as requestor_last_name,
         rq.uuid::text as requestor_uuid,
         ac.requestor_resolved, ac.public_team_resolved, ac.resolver_id,
         rs.first_name as resolver_first_name, rs.last_name as resolver_last_name,
         ac.created_at, ac.modified_at,
         exists(select 1 from team_members m where m.team_id = ac.team_id and m.user_id = $1) as viewer_in_team
    from advice_conversations ac
    join teams t on t.id = ac.team_id
    left join hospitals h on h.id = t.hospital_id
    join users rq on rq.id = ac.requestor_id
    left join users rs on rs.id = ac.resolver_id`;

/**
 * The wire shape of spec 01 §3. Ids are always sent; `team`, `requestor`, `resolver` follow the
 * embeds the client asked for (`team.public_data` adds the advice team's tips and issues).
 */
export function toWireAdvice(a: AdviceRecord, embed: Set<string>): AdviceConversation {
  const all = embed.size === 0;
  const withTeam = all || embed.has('team') || embed.has('team.public_data');
  return {
    id: a.id,
    mim_id: a.mim_id,
    team_id: a.team_id,
    team: withTeam
      ? {
          id: a.team_id,
          name: a.team_name,
          ...(all || embed.has('team.public_data')
            ? { public_data: publicDataOf(a.team_public_data) }
            : {}),
        }
      : null,
    requestor_id: a.requestor_id,
    requestor:
      all || embed.has('requestor')
        ? {
            id: a.requestor_id,
            first_name: a.requestor_first_name,
            last_name: a.requestor_last_name,
          }
        : null,
    requestor_resolved: a.requestor_resolved,
    public_team_resolved: a.public_team_resolved,
    resolver:
      (all || embed.has('resolver')) && a.resolver_id !== null
        ? {
            id: a.resolver_id,
            first_name: a.resolver_first_name ?? '',
            last_name: a.resolver_last_name ?? '',
          }
        : null,
    created_at: a.created_at.toISOString(),
    modified_at: a.modified_at.toISOString(),
  };
}

/** The requestor and the advice team's members are the two sides; nobody else may read. */
export const isAdviceParticipant = (a: AdviceRecord, viewer: UserRecord) =>
  a.requestor_id === viewer.id || a.viewer_in_team;

export async function findAdvice(
  db: DatabaseTx,
  viewer: UserRecord,
  id: number,
): Promise<AdviceRecord | undefined> {
  const r = await db.query<AdviceRecord>(`${ADVICE_SELECT} where ac.id = $2`, [viewer.id, id]);
  return r.rows[0];
}

export async function findAdviceByMimId(
  db: DatabaseTx,
  viewer: UserRecord,
  mimId: string,
): Promise<AdviceRecord | undefined> {
  const r = await db.query<AdviceRecord>(`${ADVICE_SELECT} where lower(ac.mim_id) = lower($2)`, [
    viewer.id,
    mimId,
  ]);
  return r.rows[0];
}

/** A conversation of `teamId` the viewer takes part in; anything else is the same 404. */
export async function participantAdvice(
  db: DatabaseTx,
  viewer: UserRecord,
  teamId: number,
  id: number,
): Promise<AdviceRecord> {
  const a = await findAdvice(db, viewer, id);
  if (!a || a.team_id !== teamId || !isAdviceParticipant(a, viewer))
    throw notFound('Advice conversation');
  return a;
}

/** Opens an advice conversation row (its room is made by the caller); the new id. */
export async function insertAdvice(
  tx: DatabaseTx,
  row: { mimId: string; teamId: number; requestorId: number; now: Date },
): Promise<number> {
  const r = await tx.query<{ id: number }>(
    `insert into advice_conversations (mim_id, team_id, requestor_id, created_at, modified_at)
         values ($1, $2, $3, $4, $4) returning id`,
    [row.mimId, row.teamId, row.requestorId, row.now],
  );
  return one(r.rows).id;
}

/**
 * One page of the viewer's advice history (spec 01 §4): the conversations they asked for,
 * received as a member of the advice team, or both, with the count of all that match.
 */
export async function adviceHistoryPage(
  db: DatabaseTx,
  viewerId: number,
  q: Pick<AdviceHistoryQuery, 'conversation_context' | 'accepted' | 'sort' | 'limit' | 'offset'>,
): Promise<{ rows: (AdviceRecord & { total: number })[]; total: number }> {
  const where: string[] = [];
  if (q.conversation_context !== 'RECEIVED') where.push('ac.requestor_id = $1');
  if (q.conversation_context !== 'REQUESTED') {
    where.push(
      'exists(select 1 from team_members m where m.team_id = ac.team_id and m.user_id = $1)',
    );
  }
  const accepted =
    q.accepted === undefined
      ? ''
      : q.accepted === 'true'
        ? 'and ac.requestor_resolved and ac.public_team_resolved'
        : 'and not (ac.requestor_resolved and ac.public_team_resolved)';
  const [col, dir] = q.sort.startsWith('-') ? [q.sort.slice(1), 'desc'] : [q.sort, 'asc'];
  const r = await db.query<AdviceRecord & { total: number }>(
    `${ADVICE_SELECT.replace('select ac.id,', 'select count(*) over () as total, ac.id,')}
        where (${where.join(' or ')}) ${accepted}
        order by ac.${col === 'created_at' ? 'created_at' : 'modified_at'} ${dir}, ac.id ${dir}
        limit $2 offset $3`,
    [viewerId, q.limit, q.offset],
  );
  let total = r.rows[0]?.total;
  if (total === undefined) {
    // An offset past the end returns no rows, so count separately.
    const c = await db.query<{ n: number }>(
      `select count(*)::int as n from advice_conversations ac where (${where.join(' or ')}) ${accepted}`,
      [viewerId],
    );
    total = c.rows[0]?.n ?? 0;
  }
  return { rows: r.rows, total };
}

/** Locks the conversation's row until the transaction ends (resolution transitions). */
export async function lockAdvice(tx: DatabaseTx, id: number): Promise<void> {
  await tx.query('select 1 from advice_conversations where id = $1 for update', [id]);
}

/** Writes both sides' resolution flags and the resolver (null: none). */
export async function setAdviceResolution(
  tx: DatabaseTx,
  id: number,
  s: {
    requestorResolved: boolean;
    publicTeamResolved: boolean;
    resolverId: number | null;
    now: Date;
  },
): Promise<void> {
  await tx.query(
    `update advice_conversations set requestor_resolved = $2, public_team_resolved = $3, resolver_id = $4, modified_at = $5 where id = $1`,
    [id, s.requestorResolved, s.publicTeamResolved, s.resolverId, s.now],
  );
}
