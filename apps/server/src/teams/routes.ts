import type { FastifyInstance } from 'fastify';
import {
  type Team,
  TeamInputSchema,
  TeamUpdateSchema,
  UserIdsBodySchema,
  hasAccess,
  IdParamSchema,
  MembersQuerySchema,
  validateMembers,
} from '@pando/domain';
import { requireUser } from '../auth/sessions.js';
import { asUuid } from '../users/repo.js';
import { HttpError, parseInput } from '../http/errors.js';
import { cachedJson } from '../http/responseCache.js';
import { announceTeamChange, changeTeamMembers, syncTeamRooms } from './membership.js';
import {
  checkAddableUsers,
  findTeam,
  isForumRecord,
  isMember,
  newMimId,
  one,
  readableTeam,
  requireMember,
  sameNetwork,
  toWireTeam,
  uuidsOf,
} from './repo.js';
import { sidebarLists } from './sidebar.js';

interface MemberRow {
  id: number;
  uuid: string;
  first_name: string;
  last_name: string;
  status: 'AVAILABLE' | 'UNAVAILABLE' | 'UNKNOWN';
  gdpr_accepted: boolean;
  role_description: string | null;
  speciality: string | null;
  hospital_id: number | null;
  h_name: string | null;
}

export function registerTeamRoutes(app: FastifyInstance): void {
  /**
   * The sidebar's three lists (spec 01 §2, `sidebarLists`), answered from the response cache
   * when nothing they show changed since the viewer last asked (apps/server/README.md
   * "Response cache").
   */
  app.get('/api/v4/teams-with-advices-conversations', async (req, reply): Promise<Buffer> => {
    const { user } = await requireUser(app, req);
    return cachedJson(app, reply, user.id, 'teams-with-advices-conversations', () =>
      sidebarLists(app.db, user.id),
    );
  });

  app.get('/api/v4/teams/:id', async (req): Promise<Team> => {
    const { user } = await requireUser(app, req);
    const { id } = parseInput(IdParamSchema, req.params);
    return toWireTeam(await readableTeam(app.db, user, id), user.id);
  });

  /**
   * Creates a team and its MUC Light room. The creator is always a member (spec 01 §5). Decision:
   * only organisation admins and above may create an advice channel (public_data.enabled); the
   * admin console is where those are made (spec 02).
   */
  app.post('/api/v4/teams', async (req, reply): Promise<Team> => {
    const { user } = await requireUser(app, req);
    const input = parseInput(TeamInputSchema, req.body);
    if (input.public_data.enabled === true && !hasAccess(user.access_level, 'ORGANISATION_ADMIN')) {
      throw new HttpError(403, 'Only administrators can create advice channels.');
    }
    const memberIds = [...new Set([user.id, ...input.user_ids])];
    await checkAddableUsers(app.db, user, memberIds);
    const now = app.config.now();
    const mimId = newMimId();
    const teamId = await app.db.transaction(async (tx) => {
      const r = await tx.query<{ id: number }>(
        `insert into teams (mim_id, name, hospital_id, discoverable, auto_accept, public_data, created_by_id, created_at, modified_at)
         values ($1, $2, $3, $4, false, $5, $6, $7, $7) returning id`,
        [
          mimId,
          input.name,
          user.hospital_id,
          input.discoverable,
          JSON.stringify(input.public_data),
          user.id,
          now,
        ],
      );
      const id = one(r.rows).id;
      await changeTeamMembers(tx, id, { add: memberIds }, now);
      return id;
    });
    announceTeamChange(app, teamId, { added: memberIds, removed: [] });
    await app.chat.rooms.setAffiliations(mimId, { added: await uuidsOf(app.db, memberIds) });
    const team = one([await findTeam(app.db, teamId)].filter((t) => t !== undefined));
    reply.code(201);
    return toWireTeam(team, user.id);
  });

  /** Rename, make (un)discoverable, or replace the member list: any member (spec 01 §6). */
  app.put('/api/v4/teams/:id', async (req): Promise<Team> => {
    const { user } = await requireUser(app, req);
    const { id } = parseInput(IdParamSchema, req.params);
    const input = parseInput(TeamUpdateSchema, req.body);
    const team = await readableTeam(app.db, user, id);
    requireMember(user, team);
    if (input.user_ids) {
      const problem = validateMembers(input.user_ids);
      if (problem) throw new HttpError(400, problem, [{ path: 'user_ids', message: problem }]);
      const current = new Set(team.user_ids);
      await checkAddableUsers(
        app.db,
        user,
        input.user_ids.filter((u) => !current.has(u)),
      );
    }
    const now = app.config.now();
    const change = await app.db.transaction(async (tx) => {
      await tx.query(
        `update teams set name = coalesce($2, name), discoverable = coalesce($3, discoverable), modified_at = $4 where id = $1`,
        [id, input.name ?? null, input.discoverable ?? null, now],
      );
      if (!input.user_ids) return { added: [], removed: [] };
      const next = new Set(input.user_ids);
      return changeTeamMembers(
        tx,
        id,
        {
          add: [...next].filter((u) => !team.user_ids.includes(u)),
          remove: team.user_ids.filter((u) => !next.has(u)),
        },
        now,
      );
    });
    announceTeamChange(app, team.id, change);
    await syncTeamRooms(app, team, change);
    return toWireTeam(one([await findTeam(app.db, id)].filter((t) => t !== undefined)), user.id);
  });

  app.get('/api/v4/teams/:id/members', async (req) => {
    const { user } = await requireUser(app, req);
    const { id } = parseInput(IdParamSchema, req.params);
    const { limit, offset, embed } = parseInput(MembersQuerySchema, req.query);
    await readableTeam(app.db, user, id);
    const withHospital = (embed ?? '').split(',').includes('hospital');
    const r = await app.db.query<MemberRow>(
      `select u.id, u.uuid::text as uuid, u.first_name, u.last_name, u.status, u.gdpr_accepted,
              u.role_description, u.speciality, u.hospital_id, h.name as h_name
         from team_members m join users u on u.id = m.user_id left join hospitals h on h.id = u.hospital_id
        where m.team_id = $1
        order by lower(u.last_name), lower(u.first_name), u.id
        limit $2 offset $3`,
      [id, limit, offset],
    );
    return {
      results: r.rows.map((u) => ({
        id: u.id,
        uuid: u.uuid,
        first_name: u.first_name,
        last_name: u.last_name,
        status: u.status,
        gdpr_accepted: u.gdpr_accepted,
        role: { description: u.role_description },
        speciality: u.speciality,
        hospital_id: u.hospital_id,
        ...(withHospital && u.h_name !== null ? { hospital: { name: u.h_name } } : {}),
      })),
    };
  });

  /**
   * Members add anyone of their network. A non-member may add only themselves, and only to a
   * discoverable team of their network: that is "join" (spec 01 §6), forums included.
   */
  app.post('/api/v4/teams/:id/members/add', async (req): Promise<Team> => {
    const { user } = await requireUser(app, req);
    const { id } = parseInput(IdParamSchema, req.params);
    const { user_ids } = parseInput(UserIdsBodySchema, req.body);
    const team = await readableTeam(app.db, user, id);
    if (!isMember(team, user.id)) {
      const joiningSelf = user_ids.length > 0 && user_ids.every((u) => u === user.id);
      if (!joiningSelf || !team.discoverable || !sameNetwork(user, team)) {
        throw new HttpError(
          403,
          team.discoverable
            ? 'You can only add yourself to a team you are not in.'
            : 'Only members of this team can do that.',
        );
      }
    }
    await checkAddableUsers(app.db, user, user_ids);
    const now = app.config.now();
    const change = await app.db.transaction((tx) =>
      changeTeamMembers(tx, id, { add: user_ids }, now),
    );
    announceTeamChange(app, team.id, change);
    await syncTeamRooms(app, team, change);
    return toWireTeam(one([await findTeam(app.db, id)].filter((t) => t !== undefined)), user.id);
  });

  app.post('/api/v4/teams/:id/members/remove', async (req): Promise<Team> => {
    const { user } = await requireUser(app, req);
    const { id } = parseInput(IdParamSchema, req.params);
    const { user_ids } = parseInput(UserIdsBodySchema, req.body);
    const team = await readableTeam(app.db, user, id);
    requireMember(user, team);
    const now = app.config.now();
    const change = await app.db.transaction((tx) =>
      changeTeamMembers(tx, id, { remove: user_ids }, now),
    );
    announceTeamChange(app, team.id, change);
    await syncTeamRooms(app, team, change);
    return toWireTeam(one([await findTeam(app.db, id)].filter((t) => t !== undefined)), user.id);
  });

  app.post('/api/v4/teams/:id/leave', async (req) => {
    const { user } = await requireUser(app, req);
    const { id } = parseInput(IdParamSchema, req.params);
    const team = await readableTeam(app.db, user, id);
    requireMember(user, team);
    const now = app.config.now();
    const change = await app.db.transaction((tx) =>
      changeTeamMembers(tx, id, { remove: [user.id] }, now),
    );
    announceTeamChange(app, team.id, change);
    await syncTeamRooms(app, team, change);
    return { message: `You left ${team.name}` };
  });
}

/**
 * Spec 01 §4: "Sending into a forum adds the sender as a member if absent." The chat server calls
 * this when a non-occupant posts to a room: for a forum of the sender's network it adds them
 * (database and room affiliations) and answers true, so the message can be delivered.
 */
export async function joinForumOnPost(
  app: FastifyInstance,
  mimId: string,
  senderUuid: string,
): Promise<boolean> {
  const r = await app.db.query<{
    id: number;
    hospital_id: number | null;
    network_id: number | null;
    discoverable: boolean;
    auto_accept: boolean;
    mim_id: string;
  }>(
    `select t.id, t.hospital_id, h.network_id, t.discoverable, t.auto_accept, t.mim_id
       from teams t left join hospitals h on h.id = t.hospital_id
      where lower(t.mim_id) = lower($1) and t.deleted_at is null`,
    [mimId],
  );
  const team = r.rows[0];
  if (!team || !isForumRecord(team)) return false;
  const senderId = asUuid(senderUuid);
  if (senderId === undefined) return false;
  const u = await app.db.query<{
    id: number;
    hospital_id: number | null;
    network_id: number | null;
  }>(
    `select u.id, u.hospital_id, h.network_id from users u left join hospitals h on h.id = u.hospital_id
      where u.uuid = $1::uuid and not u.blocked`,
    [senderId],
  );
  const sender = u.rows[0];
  if (!sender || !sameNetwork(sender, team)) return false;
  const now = app.config.now();
  const change = await app.db.transaction((tx) =>
    changeTeamMembers(tx, team.id, { add: [sender.id] }, now),
  );
  announceTeamChange(app, team.id, change);
  await syncTeamRooms(app, team, change);
  return true;
}
