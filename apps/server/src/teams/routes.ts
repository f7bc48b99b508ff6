import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createTeamRefusal,
  IdParamSchema,
  MembersQuerySchema,
  MessageResponseSchema,
  NoBodySchema,
  NoQuerySchema,
  parseEmbed,
  type Team,
  TeamInputSchema,
  TeamMembersResponseSchema,
  TeamSchema,
  TeamsWithAdviceConversationsSchema,
  TeamUpdateSchema,
  UserIdsBodySchema,
  validateMembers,
} from '@pando/domain';
import { callerOf, loaded, scoped, SELF } from '../authz/access.js';
import { asUuid } from '../users/repo.js';
import { HttpError } from '../http/errors.js';
import { ERROR_RESPONSES } from '../http/routeShape.js';
import { cachedJson } from '../http/responseCache.js';
import { lockAtVersion, versionOf } from '../http/versions.js';
import {
  announceRename,
  announceTeamChange,
  changeTeamMembers,
  syncTeamRooms,
} from './membership.js';
import {
  checkAddableUsers,
  findTeam,
  isForumRecord,
  newMimId,
  one,
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

/**
 * Teams and forums (spec 01 §5, §6), under /api/v4. Access rules are route config
 * (src/authz/access.ts): a handler receives the team its guard loaded and checked.
 */
export default function teamRoutes(
  app: FastifyInstance,
  _opts: unknown,
  done: (err?: Error) => void,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The sidebar's three lists (spec 01 §2, `sidebarLists`), answered from the response cache
   * when nothing they show changed since the viewer last asked (apps/server/README.md
   * "Response cache").
   */
  r.get(
    '/teams-with-advices-conversations',
    {
      schema: {
        querystring: NoQuerySchema,
        response: { 200: TeamsWithAdviceConversationsSchema, ...ERROR_RESPONSES },
      },
      config: { access: SELF },
    },
    async (req, reply) => {
      const { user } = callerOf(req);
      return cachedJson(app, reply, user.id, 'teams-with-advices-conversations', () =>
        sidebarLists(app.db, user.id),
      );
    },
  );

  r.get(
    '/teams/:id',
    {
      schema: {
        params: IdParamSchema,
        querystring: NoQuerySchema,
        response: { 200: TeamSchema, ...ERROR_RESPONSES },
      },
      config: { access: scoped('team:reader') },
    },
    (req) => Promise.resolve(toWireTeam(loaded(req, 'team'), callerOf(req).user.id)),
  );

  /**
   * Creates a team and its MUC Light room. The creator is always a member (spec 01 §5); who may
   * create an advice channel is the domain's `createTeamRefusal`.
   */
  r.post(
    '/teams',
    {
      schema: { body: TeamInputSchema, response: { 201: TeamSchema, ...ERROR_RESPONSES } },
      config: { access: SELF },
    },
    async (req, reply) => {
      const { user } = callerOf(req);
      const input = req.body;
      const refusal = createTeamRefusal(user.access_level, input);
      if (refusal) throw new HttpError(403, refusal);
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
      reply.code(201);
      return reread(teamId, user.id);
    },
  );

  /** Rename, make (un)discoverable, or replace the member list: any member (spec 01 §6). */
  r.put(
    '/teams/:id',
    {
      schema: {
        params: IdParamSchema,
        body: TeamUpdateSchema,
        response: { 200: TeamSchema, ...ERROR_RESPONSES },
      },
      config: { access: scoped('team:member') },
    },
    async (req) => {
      const { user } = callerOf(req);
      const team = loaded(req, 'team');
      const input = req.body;
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
      const change = await app.db.transaction(async (tx) => {
        // A change made on a stale copy is refused (issue 35); without `user_ids` the members
        // are not touched (a rename sends the name).
        const now = await lockAtVersion(
          tx,
          'teams',
          team.id,
          versionOf(req, input.modified_at),
          app.config.now(),
        );
        await tx.query(
          `update teams set name = coalesce($2, name), discoverable = coalesce($3, discoverable), modified_at = $4 where id = $1`,
          [team.id, input.name ?? null, input.discoverable ?? null, now],
        );
        if (!input.user_ids) return { added: [], removed: [] };
        const next = new Set(input.user_ids);
        const members = (
          await tx.query<{ user_id: number }>(
            'select user_id from team_members where team_id = $1',
            [team.id],
          )
        ).rows.map((m) => m.user_id);
        return changeTeamMembers(
          tx,
          team.id,
          {
            add: [...next].filter((u) => !members.includes(u)),
            remove: members.filter((u) => !next.has(u)),
          },
          now,
        );
      });
      announceTeamChange(app, team.id, change);
      await syncTeamRooms(app, team, change);
      if (input.name !== undefined && input.name !== team.name)
        await announceRename(app, team, input.name);
      return reread(team.id, user.id);
    },
  );

  r.get(
    '/teams/:id/members',
    {
      schema: {
        params: IdParamSchema,
        querystring: MembersQuerySchema,
        response: { 200: TeamMembersResponseSchema, ...ERROR_RESPONSES },
      },
      config: { access: scoped('team:reader') },
    },
    async (req) => {
      const { limit, offset, embed } = req.query;
      const withHospital = parseEmbed(embed).has('hospital');
      const r = await app.db.query<MemberRow>(
        `select u.id, u.uuid::text as uuid, u.first_name, u.last_name, u.status, u.gdpr_accepted,
              u.role_description, u.speciality, u.hospital_id, h.name as h_name
         from team_members m join users u on u.id = m.user_id left join hospitals h on h.id = u.hospital_id
        where m.team_id = $1
        order by lower(u.last_name), lower(u.first_name), u.id
        limit $2 offset $3`,
        [loaded(req, 'team').id, limit, offset],
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
    },
  );

  /**
   * Members add anyone of their network. A non-member may add only themselves, and only to a
   * discoverable team of their network: that is "join" (spec 01 §6), forums included.
   */
  r.post(
    '/teams/:id/members/add',
    {
      schema: {
        params: IdParamSchema,
        body: UserIdsBodySchema,
        response: { 200: TeamSchema, ...ERROR_RESPONSES },
      },
      config: { access: scoped('team:joiner') },
    },
    async (req) => {
      const { user } = callerOf(req);
      const team = loaded(req, 'team');
      const { user_ids } = req.body;
      await checkAddableUsers(app.db, user, user_ids);
      const now = app.config.now();
      const change = await app.db.transaction((tx) =>
        changeTeamMembers(tx, team.id, { add: user_ids }, now),
      );
      announceTeamChange(app, team.id, change);
      await syncTeamRooms(app, team, change);
      return reread(team.id, user.id);
    },
  );

  r.post(
    '/teams/:id/members/remove',
    {
      schema: {
        params: IdParamSchema,
        body: UserIdsBodySchema,
        response: { 200: TeamSchema, ...ERROR_RESPONSES },
      },
      config: { access: scoped('team:member') },
    },
    async (req) => {
      const { user } = callerOf(req);
      const team = loaded(req, 'team');
      const now = app.config.now();
      const change = await app.db.transaction((tx) =>
        changeTeamMembers(tx, team.id, { remove: req.body.user_ids }, now),
      );
      announceTeamChange(app, team.id, change);
      await syncTeamRooms(app, team, change);
      return reread(team.id, user.id);
    },
  );

  r.post(
    '/teams/:id/leave',
    {
      schema: {
        params: IdParamSchema,
        body: NoBodySchema,
        response: { 200: MessageResponseSchema, ...ERROR_RESPONSES },
      },
      config: { access: scoped('team:member') },
    },
    async (req) => {
      const { user } = callerOf(req);
      const team = loaded(req, 'team');
      const now = app.config.now();
      const change = await app.db.transaction((tx) =>
        changeTeamMembers(tx, team.id, { remove: [user.id] }, now),
      );
      announceTeamChange(app, team.id, change);
      await syncTeamRooms(app, team, change);
      return { message: `You left ${team.name}` };
    },
  );

  /** The team as it is after a change, for the caller. */
  async function reread(id: number, viewerId: number): Promise<Team> {
    return toWireTeam(one([await findTeam(app.db, id)].filter((t) => t !== undefined)), viewerId);
  }

  done();
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
