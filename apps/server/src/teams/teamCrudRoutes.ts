import type { FastifyInstance } from 'fastify';
import { createTeamRefusal, teamsEndpoints, validateMembers } from '@pando/domain';
import { callerOf, loaded } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { HttpError } from '../http/errors.js';
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
  insertTeam,
  newMimId,
  teamMemberIds,
  toWireTeam,
  updateTeamFields,
  uuidsOf,
} from './repo.js';
import { rereadTeam } from './routeHelpers.js';
import { sidebarLists } from './sidebar.js';

/** The sidebar's lists, one team, creating a team and changing it (spec 01 §2, §5, §6). */
export function registerTeamCrudRoutes(app: FastifyInstance): void {
  const e = teamsEndpoints;

  /**
   * The sidebar's three lists (spec 01 §2, `sidebarLists`), answered from the response cache
   * when nothing they show changed since the viewer last asked (apps/server/README.md
   * "Response cache").
   */
  route(app, e.teamsWithAdviceConversations, async (req, reply) => {
    const { user } = callerOf(req);
    return cachedJson(app, reply, user.id, 'teams-with-advices-conversations', () =>
      sidebarLists(app.db, user.id),
    );
  });

  route(app, e.team, (req) =>
    Promise.resolve(toWireTeam(loaded(req, 'team'), callerOf(req).user.id)),
  );

  /**
   * Creates a team and its MUC Light room. The creator is always a member (spec 01 §5); who may
   * create an advice channel is the domain's `createTeamRefusal`.
   */
  route(app, e.createTeam, async (req, reply) => {
    const { user } = callerOf(req);
    const input = req.body;
    const refusal = createTeamRefusal(user.access_level, input);
    if (refusal) throw new HttpError(403, refusal);
    const memberIds = [...new Set([user.id, ...input.user_ids])];
    const now = app.config.now();
    const mimId = newMimId();
    const teamId = await app.db.transaction(async (tx) => {
      // Checked where they are added: someone blocked before this commits is not added.
      await checkAddableUsers(tx, user, memberIds);
      const id = await insertTeam(tx, {
        mimId,
        name: input.name,
        hospitalId: user.hospital_id,
        discoverable: input.discoverable,
        publicData: input.public_data,
        createdById: user.id,
        now,
      });
      await changeTeamMembers(tx, id, { add: memberIds }, now);
      return id;
    });
    announceTeamChange(app, teamId, { added: memberIds, removed: [] });
    await app.chat.rooms.setAffiliations(mimId, { added: await uuidsOf(app.db, memberIds) });
    reply.code(201);
    return rereadTeam(app, teamId, user.id);
  });

  /** Rename, make (un)discoverable, or replace the member list: any member (spec 01 §6). */
  route(app, e.updateTeam, async (req) => {
    const { user } = callerOf(req);
    const team = loaded(req, 'team');
    const input = req.body;
    if (input.user_ids) {
      const problem = validateMembers(input.user_ids);
      if (problem) throw new HttpError(400, problem, [{ path: 'user_ids', message: problem }]);
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
      await updateTeamFields(tx, team.id, {
        name: input.name ?? null,
        discoverable: input.discoverable ?? null,
        now,
      });
      if (!input.user_ids) return { added: [], removed: [] };
      const next = new Set(input.user_ids);
      const members = await teamMemberIds(tx, team.id);
      const add = [...next].filter((u) => !members.includes(u));
      // The newcomers are checked where they are added (see checkAddableUsers).
      await checkAddableUsers(tx, user, add);
      return changeTeamMembers(
        tx,
        team.id,
        { add, remove: members.filter((u) => !next.has(u)) },
        now,
      );
    });
    announceTeamChange(app, team.id, change);
    await syncTeamRooms(app, team, change);
    if (input.name !== undefined && input.name !== team.name)
      await announceRename(app, team, input.name);
    return rereadTeam(app, team.id, user.id);
  });
}
