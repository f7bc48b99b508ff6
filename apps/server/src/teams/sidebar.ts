import { compareTeamsByName, type TeamsWithAdviceConversations } from '@pando/domain';
import type { DatabaseTx } from '../db/client.js';
import type { Dependencies } from '../http/responseCache.js';
import { ADVICE_SELECT, type AdviceRecord, toWireAdvice } from '../advice/repo.js';
import { type TeamRecord, toWireTeam } from './repo.js';

/**
 * The sidebar's three lists in ONE query: each list comes back as a single JSON text built by
 * Postgres, so the driver parses two values instead of ~1,600 (PGlite decodes every field in
 * JavaScript: ~1.5 µs a value, ~10 µs a timestamp). Teams are found from the viewer's
 * memberships (team_members_user_idx) rather than by testing every team; member ids come as a
 * JSON array per team. Teams come unordered: sidebarLists sorts them with the domain's
 * compareTeamsByName, whatever the database's collation (no limit or paging here needs the
 * database to order them).
 */
const SIDEBAR_SQL = `
  select
    (select coalesce(json_agg(x), '[]')::text from (
       select t.id, t.mim_id, t.name, t.description, t.hospital_id, h.network_id,
              h.uuid::text as hospital_uuid, t.discoverable, t.auto_accept, t.public_data,
              t.created_at, t.modified_at,
              coalesce((select json_agg(m.user_id order by m.user_id) from team_members m
                         where m.team_id = t.id), '[]') as user_ids
         from team_members v join teams t on t.id = v.team_id
         left join hospitals h on h.id = t.hospital_id
        where v.user_id = $1 and t.deleted_at is null) x) as teams,
    (select coalesce(json_agg(a order by a.modified_at desc, a.id desc), '[]')::text from (
       ${ADVICE_SELECT}
        where not (ac.requestor_resolved and ac.public_team_resolved)
          and (ac.requestor_id = $1 or exists(select 1 from team_members m where m.team_id = ac.team_id and m.user_id = $1))
        order by ac.modified_at desc, ac.id desc
        limit 1000) a) as advice`;

type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

/**
 * GET /teams-with-advices-conversations for one viewer (spec 01 §2): teams and forums they
 * belong to, and the advice conversations they take part in (as requestor or as a member of the
 * advice team). Decision: conversations both sides have closed are left out; they live in the
 * advice history. Also names what the answer shows, for the response cache.
 */
export async function sidebarLists(
  db: DatabaseTx,
  viewerId: number,
): Promise<{ value: TeamsWithAdviceConversations; deps: Dependencies }> {
  const r = await db.query<{ teams: string; advice: string }>(SIDEBAR_SQL, [viewerId]);
  const row = r.rows[0] ?? { teams: '[]', advice: '[]' };
  const teams = (JSON.parse(row.teams) as Json<TeamRecord>[])
    .map((t): TeamRecord => ({
      ...t,
      created_at: new Date(t.created_at),
      modified_at: new Date(t.modified_at),
    }))
    .sort(compareTeamsByName);
  const advice = (JSON.parse(row.advice) as Json<AdviceRecord>[]).map((a): AdviceRecord => ({
    ...a,
    created_at: new Date(a.created_at),
    modified_at: new Date(a.modified_at),
  }));
  const wire = teams.map((t) => toWireTeam(t, viewerId));
  const users = new Set<number>();
  const teamIds = new Set(teams.map((t) => t.id));
  for (const a of advice) {
    users.add(a.requestor_id);
    if (a.resolver_id !== null) users.add(a.resolver_id);
    teamIds.add(a.team_id);
  }
  return {
    value: {
      teams: wire.filter((t) => !(t.discoverable && t.auto_accept)),
      forums: wire.filter((t) => t.discoverable && t.auto_accept),
      advice_conversations: advice.map((a) => toWireAdvice(a, new Set())),
    },
    deps: { users, teams: teamIds },
  };
}
