import type { FastifyInstance } from 'fastify';
import { parseEmbed, teamsEndpoints, textsWith } from '@pando/domain';
import { callerOf, loaded } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { announceTeamChange, changeTeamMembers, syncTeamRooms } from './membership.js';
import { checkAddableUsers, listTeamMembers } from './repo.js';
import { rereadTeam } from './routeHelpers.js';

/** A team's members: the list, adding (and joining), removing, and leaving (spec 01 §6). */
export function registerTeamMemberRoutes(app: FastifyInstance): void {
  const e = teamsEndpoints;

  route(app, e.members, async (req) => {
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
  });

  /**
   * Members add anyone of their network. A non-member may add only themselves, and only to a
   * discoverable team of their network: that is "join" (spec 01 §6), forums included.
   */
  route(app, e.addMembers, async (req) => {
    const { user } = callerOf(req);
    const team = loaded(req, 'team');
    const { user_ids } = req.body;
    const now = app.config.now();
    const change = await app.db.transaction(async (tx) => {
      // Checked where they are added: someone blocked before this commits is not added.
      await checkAddableUsers(tx, user, user_ids);
      return changeTeamMembers(tx, team.id, { add: user_ids }, now);
    });
    announceTeamChange(app, team.id, change);
    await syncTeamRooms(app, team, change);
    return rereadTeam(app, team.id, user.id);
  });

  route(app, e.removeMembers, async (req) => {
    const { user } = callerOf(req);
    const team = loaded(req, 'team');
    const now = app.config.now();
    const change = await app.db.transaction((tx) =>
      changeTeamMembers(tx, team.id, { remove: req.body.user_ids }, now),
    );
    announceTeamChange(app, team.id, change);
    await syncTeamRooms(app, team, change);
    return rereadTeam(app, team.id, user.id);
  });

  route(app, e.leave, async (req) => {
    const { user } = callerOf(req);
    const team = loaded(req, 'team');
    const now = app.config.now();
    const change = await app.db.transaction((tx) =>
      changeTeamMembers(tx, team.id, { remove: [user.id] }, now),
    );
    announceTeamChange(app, team.id, change);
    await syncTeamRooms(app, team, change);
    return { message: textsWith.youLeft(team.name) };
  });
}
