import type { AuditDeclaration } from '../audit/hooks.js';
import type { FastifyInstance } from 'fastify';
import {
  adminEndpoints,
  adminTeamEndpoints,
  displayName,
  MESSAGE_SUBJECTS,
  TEXTS,
  textsWith,
} from '@pando/domain';
import { callerOf, loaded } from '../authz/access.js';
import type { DatabaseTx } from '../db/client.js';
import { route } from '../http/endpoint.js';
import { badField } from '../http/errors.js';
import { lockAtVersion, versionOf } from '../http/versions.js';
import {
  announceRename,
  announceTeamChange,
  changeTeamMembers,
  syncTeamRooms,
} from '../teams/membership.js';
import { newMimId, type TeamRecord, uuidsOf } from '../teams/repo.js';
import {
  allowedTeamMembers,
  countAdminTeams,
  insertAdminTeam,
  listAdminTeams,
  markTeamDeleted,
  resolvedIssueCount,
  teamById,
  teamMemberNames,
  updateTeamText,
} from './adminTeamRepo.js';
import { targetOrganisation } from './routeShared.js';

const ADVICE_PUBLIC_DATA = { enabled: true };

/**
 * Members an admin may put in a team of an organisation: unblocked people of that
 * organisation's network (of the organisation itself when it has none). A bad id is a 400
 * naming the field, as the clinicians' team calls answer. Called in the transaction that adds
 * them (their rows stay share-locked until it ends, `allowedTeamMembers`): someone blocked
 * meanwhile is refused, not added.
 */
async function checkMembers(
  tx: DatabaseTx,
  team: { hospital_id: number | null; network_id: number | null },
  ids: readonly number[],
  field: string,
): Promise<void> {
  if (ids.length === 0) return;
  const found = await allowedTeamMembers(tx, team, ids);
  const bad = [...new Set(ids)].filter((id) => !found.has(id));
  if (bad.length > 0) throw badField(field, `unknown users: ${bad.slice(0, 20).join(', ')}`);
}

const toAdminTeam = (t: TeamRecord) => ({
  id: t.id,
  name: t.name,
  members: t.user_ids,
  member_count: t.user_ids.length,
  discoverable: t.discoverable,
  auto_accept: t.auto_accept,
  created_at: t.created_at.toISOString(),
  mim_id: t.mim_id,
  modified_at: t.modified_at.toISOString(),
});

/** The advice channel row (spec 02 §3): members with names, and its resolved conversations. */
async function toAdviceChannel(db: DatabaseTx, t: TeamRecord) {
  const members = await teamMemberNames(db, t.id);
  const resolved = await resolvedIssueCount(db, t.id);
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    member_count: t.user_ids.length,
    resolved_issues: resolved,
    created_at: t.created_at.toISOString(),
    members,
    mim_id: t.mim_id,
    modified_at: t.modified_at.toISOString(),
  };
}

/** What the routes of one kind (teams or advice channels) share: declarations, audit, rows. */
function kindOf(app: FastifyInstance, kind: 'team' | 'advice') {
  return {
    /** The family's declarations (@pando/domain adminTeamEndpoints). */
    family: adminTeamEndpoints[kind],
    /** The audit trail's declaration of a write (src/audit/hooks.ts). */
    audited: (what: string, over: Partial<AuditDeclaration> = {}): AuditDeclaration => ({
      action: `admin.${kind === 'team' ? 'team' : 'advice_channel'}.${what}`,
      resource: kind === 'team' ? 'team' : 'advice_channel',
      change: true,
      ...over,
    }),
    present: (t: TeamRecord) =>
      kind === 'team' ? Promise.resolve(toAdminTeam(t)) : toAdviceChannel(app.db, t),
    isAdvice: kind === 'advice',
  };
}

/**
 * Admin teams and advice channels (spec 02 §7), registered by the admin plugin. An advice channel
 * is a team whose `public_data.enabled` is set (the clinicians' app asks it for advice). Every
 * write keeps the chat rooms in step (`syncTeamRooms`) and emits `team:changed`
 * (`announceTeamChange`) after its commit, as the clinicians' team calls do. The admin who
 * creates a team is not made a member.
 */
export function registerTeamRoutes(app: FastifyInstance): void {
  for (const kind of ['team', 'advice'] as const) {
    registerTeamReadRoutes(app, kind);
    registerTeamWriteRoutes(app, kind);
  }
}

/** Count (advice channels), list and one of a kind; and its create. */
function registerTeamReadRoutes(app: FastifyInstance, kind: 'team' | 'advice'): void {
  const { family, audited, present, isAdvice } = kindOf(app, kind);

  if (isAdvice)
    route(app, adminEndpoints.adviceChannelsCount, async (req) => ({
      count: await countAdminTeams(app.db, isAdvice, loaded(req, 'reach')),
    }));

  route(app, family.list, async (req) => {
    const { teams, total } = await listAdminTeams(
      app.db,
      isAdvice,
      loaded(req, 'reach'),
      req.query,
    );
    return {
      results: await Promise.all(teams.map(present)),
      page: req.query.page,
      pageSize: req.query['page-size'],
      totalResults: total,
    };
  });

  route(app, family.one, async (req) => present(loaded(req, 'adminTeam')));

  /** `?organisation=` / `?network=` choose where (inside the reach); else the admin's own organisation. */
  route(
    app,
    family.create,
    async (req, reply) => {
      const { user: caller } = callerOf(req);
      const hospital = await targetOrganisation(app.db, loaded(req, 'reach'), caller, undefined);
      const input = req.body;
      const members = [...new Set(input.members)];
      const now = app.config.now();
      const mimId = newMimId();
      const teamId = await app.db.transaction(async (tx) => {
        await checkMembers(
          tx,
          { hospital_id: hospital.id, network_id: hospital.network_id },
          members,
          'members',
        );
        const id = await insertAdminTeam(
          tx,
          {
            mimId,
            name: input.name,
            description: input.description ?? null,
            hospitalId: hospital.id,
            publicData: isAdvice ? ADVICE_PUBLIC_DATA : {},
            createdById: caller.id,
          },
          now,
        );
        await changeTeamMembers(tx, id, { add: members }, now);
        return id;
      });
      announceTeamChange(app, teamId, { added: members, removed: [] });
      await app.chat.rooms.setAffiliations(mimId, { added: await uuidsOf(app.db, members) });
      return reply.code(201).send(await present(await teamById(app.db, teamId)));
    },
    { audit: audited('create', { id: null, body: ['name', 'members'] }) },
  );
}

/** Edit, members add and remove, and delete of a kind. */
function registerTeamWriteRoutes(app: FastifyInstance, kind: 'team' | 'advice'): void {
  const { family, audited, present } = kindOf(app, kind);

  route(
    app,
    family.update,
    async (req) => {
      const team = loaded(req, 'adminTeam');
      await app.db.transaction(async (tx) => {
        // An edit made on a stale copy is refused (issue 35, src/http/versions.ts).
        const now = await lockAtVersion(
          tx,
          'teams',
          team.id,
          versionOf(req, req.body.modified_at),
          app.config.now(),
        );
        await updateTeamText(
          tx,
          team.id,
          { name: req.body.name ?? null, description: req.body.description ?? null },
          now,
        );
      });
      announceTeamChange(app, team.id, { added: [], removed: [] });
      if (req.body.name !== undefined && req.body.name !== team.name)
        await announceRename(app, team, req.body.name);
      return present(await teamById(app.db, team.id));
    },
    { audit: audited('update', { body: ['name'] }) },
  );

  for (const op of ['add', 'remove'] as const) {
    route(
      app,
      op === 'add' ? family.membersAdd : family.membersRemove,
      async (req) => {
        const team = loaded(req, 'adminTeam');
        const ids = req.body.user_ids;
        if (op === 'remove' && team.user_ids.every((id) => ids.includes(id)))
          // Spec 02 §5: a team or advice channel keeps at least one member.
          throw badField('user_ids', TEXTS.atLeastOneMember);
        const now = app.config.now();
        const change = await app.db.transaction(async (tx) => {
          if (op === 'add') await checkMembers(tx, team, ids, 'user_ids');
          return changeTeamMembers(tx, team.id, op === 'add' ? { add: ids } : { remove: ids }, now);
        });
        announceTeamChange(app, team.id, change);
        await syncTeamRooms(app, team, change);
        // An admin who adds themselves gains the team's patient cards: its members are told
        // in its chat (issue 36), beside the audit trail's event.
        const { user: caller } = callerOf(req);
        if (change.added.includes(caller.id))
          await app.chat.postSystemMessage(
            team.mim_id,
            textsWith.adminJoinedTeam(displayName(caller)),
            MESSAGE_SUBJECTS.TEXT,
          );
        return present(await teamById(app.db, team.id));
      },
      { audit: audited(`members.${op}`, { body: ['user_ids'] }) },
    );
  }

  /** The team is kept with `deleted_at`; its members leave it and its rooms at once. */
  route(
    app,
    family.remove,
    async (req, reply) => {
      const team = loaded(req, 'adminTeam');
      const now = app.config.now();
      const change = await app.db.transaction(async (tx) => {
        await markTeamDeleted(tx, team.id, now);
        return changeTeamMembers(tx, team.id, { remove: team.user_ids }, now);
      });
      announceTeamChange(app, team.id, change);
      await syncTeamRooms(app, team, change);
      return reply.code(204).send(null);
    },
    { audit: audited('delete') },
  );
}
