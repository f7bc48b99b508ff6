import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdParamSchema,
  MembersQuerySchema,
  MessageResponseSchema,
  NoBodySchema,
  parseEmbed,
  TeamMembersResponseSchema,
  TeamSchema,
  UserIdsBodySchema,
} from '@pando/domain';
import { callerOf, loaded, scoped } from '../authz/access.js';
import { ERROR_RESPONSES } from '../http/routeShape.js';
import { announceTeamChange, changeTeamMembers, syncTeamRooms } from './membership.js';
import { checkAddableUsers, listTeamMembers } from './repo.js';
import { rereadTeam } from './routeHelpers.js';

/** A team's members: the list, adding (and joining), removing, and leaving (spec 01 §6). */
export function registerTeamMemberRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      const rows = await listTeamMembers(app.db, loaded(req, 'team').id, limit, offset);
      return {
        results: rows.map((u) => ({
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
      return rereadTeam(app, team.id, user.id);
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
      return rereadTeam(app, team.id, user.id);
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
}
