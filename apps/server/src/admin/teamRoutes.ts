import type { AuditDeclaration } from '../audit/hooks.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminListQuerySchema,
  adminPageOf,
  AdminScopeQuerySchema,
  AdminTeamInputSchema,
  AdminTeamPatchSchema,
  AdminTeamSchema,
  AdviceChannelSchema,
  CountResponseSchema,
  displayName,
  IdParamSchema,
  MESSAGE_SUBJECTS,
  NoQuerySchema,
  parseAdminSort,
  TEXTS,
  textsWith,
  UserIdsBodySchema,
} from '@pando/domain';
import { callerOf, loaded, scoped } from '../authz/access.js';
import type { DatabaseTx } from '../db/client.js';
import { badField } from '../http/errors.js';
import { ERROR_RESPONSES } from '../http/routeShape.js';
import { lockAtVersion, versionOf } from '../http/versions.js';
import {
  announceRename,
  announceTeamChange,
  changeTeamMembers,
  syncTeamRooms,
} from '../teams/membership.js';
import { newMimId, one, queryTeams, type TeamRecord, uuidsOf } from '../teams/repo.js';
import { targetOrganisation } from './consoleRoutes.js';
import { likeContains, reachFilter } from './repo.js';

const DELETED = { 204: z.null().describe('Deleted'), ...ERROR_RESPONSES };
const ADVICE_PUBLIC_DATA = { enabled: true };

/**
 * Members an admin may put in a team of an organisation: unblocked people of that
 * organisation's network (of the organisation itself when it has none). A bad id is a 400
 * naming the field, as the clinicians' team calls answer.
 */
async function checkMembers(
  db: DatabaseTx,
  team: { hospital_id: number | null; network_id: number | null },
  ids: readonly number[],
  field: string,
): Promise<void> {
  if (ids.length === 0) return;
  const r = await db.query<{ id: number }>(
    `select u.id from users u left join hospitals h on h.id = u.hospital_id
      where u.id = any($1::int[]) and not u.blocked
        and (u.hospital_id = $2 or ($3::int is not null and h.network_id = $3))`,
    [[...new Set(ids)], team.hospital_id, team.network_id],
  );
  const found = new Set(r.rows.map((x) => x.id));
  const bad = [...new Set(ids)].filter((id) => !found.has(id));
  if (bad.length > 0) throw badField(field, `unknown users: ${bad.slice(0, 20).join(', ')}`);
}

async function teamById(db: DatabaseTx, id: number): Promise<TeamRecord> {
  return one(await queryTeams(db, 'where t.id = $1', [id]));
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
  const members = await db.query<{ id: number; first_name: string; last_name: string }>(
    `select u.id, u.first_name, u.last_name from team_members m join users u on u.id = m.user_id
      where m.team_id = $1 order by lower(u.last_name), lower(u.first_name), u.id`,
    [t.id],
  );
  const resolved = await db.query<{ n: number }>(
    'select count(*)::int as n from advice_conversations where team_id = $1 and public_team_resolved',
    [t.id],
  );
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    member_count: t.user_ids.length,
    resolved_issues: resolved.rows[0]?.n ?? 0,
    created_at: t.created_at.toISOString(),
    members: members.rows,
    mim_id: t.mim_id,
    modified_at: t.modified_at.toISOString(),
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
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const kind of ['team', 'advice'] as const) {
    const base = kind === 'team' ? '/admin/teams' : '/admin/advice-channels';
    const access = scoped(kind === 'team' ? 'admin:team' : 'admin:advice-channel');
    /** The audit trail's declaration of a write (src/audit/hooks.ts). */
    const audited = (what: string, over: Partial<AuditDeclaration> = {}): AuditDeclaration => ({
      action: `admin.${kind === 'team' ? 'team' : 'advice_channel'}.${what}`,
      resource: kind === 'team' ? 'team' : 'advice_channel',
      change: true,
      ...over,
    });
    const Row = kind === 'team' ? AdminTeamSchema : AdviceChannelSchema;
    const present = (t: TeamRecord) =>
      kind === 'team' ? Promise.resolve(toAdminTeam(t)) : toAdviceChannel(app.db, t);
    const isAdvice = kind === 'advice';
    const kindSql = `(t.public_data->>'enabled')::boolean is ${isAdvice ? 'true' : 'not true'}`;

    const listWhere = (reachSql: string) =>
      `where t.deleted_at is null and ${kindSql} and ${reachSql}`;

    if (isAdvice)
      r.get(
        `${base}/count`,
        {
          schema: {
            querystring: AdminScopeQuerySchema,
            response: { 200: CountResponseSchema, ...ERROR_RESPONSES },
          },
          config: { access: scoped('admin') },
        },
        async (req) => {
          const args: unknown[] = [];
          const where = listWhere(
            reachFilter(loaded(req, 'reach'), args, {
              hospital: 't.hospital_id',
              network: 'h.network_id',
            }),
          );
          const c = await app.db.query<{ count: number }>(
            `select count(*)::int as count from teams t left join hospitals h on h.id = t.hospital_id ${where}`,
            args,
          );
          return { count: c.rows[0]?.count ?? 0 };
        },
      );

    r.get(
      base,
      {
        schema: {
          querystring: AdminListQuerySchema,
          response: { 200: adminPageOf(Row), ...ERROR_RESPONSES },
        },
        config: { access: scoped('admin') },
      },
      async (req) => {
        const args: unknown[] = [];
        let where = listWhere(
          reachFilter(loaded(req, 'reach'), args, {
            hospital: 't.hospital_id',
            network: 'h.network_id',
          }),
        );
        if (req.query.q) {
          args.push(likeContains(req.query.q));
          where += ` and lower(t.name) like $${args.length}`;
        }
        const countArgs = [...args];
        const order = parseAdminSort(req.query.sort, ['name', 'created_at'], 'name')
          .map(
            ([f, desc]) =>
              `${f === 'name' ? 'lower(t.name)' : 't.created_at'} ${desc ? 'desc' : 'asc'}`,
          )
          .join(', ');
        const size = req.query['page-size'];
        args.push(size, req.query.page * size);
        const teams = await queryTeams(
          app.db,
          `${where} order by ${order}, t.id limit $${args.length - 1} offset $${args.length}`,
          args,
        );
        const total = await app.db.query<{ n: number }>(
          `select count(*)::int as n from teams t left join hospitals h on h.id = t.hospital_id ${where}`,
          countArgs,
        );
        return {
          results: await Promise.all(teams.map(present)),
          page: req.query.page,
          pageSize: size,
          totalResults: total.rows[0]?.n ?? 0,
        };
      },
    );

    r.get(
      `${base}/:id`,
      {
        schema: {
          params: IdParamSchema,
          querystring: NoQuerySchema,
          response: { 200: Row, ...ERROR_RESPONSES },
        },
        config: { access },
      },
      async (req) => present(loaded(req, 'adminTeam')),
    );

    /** `?organisation=` / `?network=` choose where (inside the reach); else the admin's own organisation. */
    r.post(
      base,
      {
        schema: {
          querystring: AdminScopeQuerySchema,
          body: AdminTeamInputSchema,
          response: { 201: Row, ...ERROR_RESPONSES },
        },
        config: {
          access: scoped('admin'),
          audit: audited('create', { id: null, body: ['name', 'members'] }),
        },
      },
      async (req, reply) => {
        const { user: caller } = callerOf(req);
        const hospital = await targetOrganisation(app.db, loaded(req, 'reach'), caller, undefined);
        const input = req.body;
        const members = [...new Set(input.members)];
        await checkMembers(
          app.db,
          { hospital_id: hospital.id, network_id: hospital.network_id },
          members,
          'members',
        );
        const now = app.config.now();
        const mimId = newMimId();
        const teamId = await app.db.transaction(async (tx) => {
          const ins = await tx.query<{ id: number }>(
            `insert into teams (mim_id, name, description, hospital_id, discoverable, auto_accept, public_data, created_by_id, created_at, modified_at)
             values ($1, $2, $3, $4, false, false, $5, $6, $7, $7) returning id`,
            [
              mimId,
              input.name,
              input.description ?? null,
              hospital.id,
              JSON.stringify(isAdvice ? ADVICE_PUBLIC_DATA : {}),
              caller.id,
              now,
            ],
          );
          const id = one(ins.rows).id;
          await changeTeamMembers(tx, id, { add: members }, now);
          return id;
        });
        announceTeamChange(app, teamId, { added: members, removed: [] });
        await app.chat.rooms.setAffiliations(mimId, { added: await uuidsOf(app.db, members) });
        return reply.code(201).send(await present(await teamById(app.db, teamId)));
      },
    );

    r.patch(
      `${base}/:id`,
      {
        schema: {
          params: IdParamSchema,
          body: AdminTeamPatchSchema,
          response: { 200: Row, ...ERROR_RESPONSES },
        },
        config: { access, audit: audited('update', { body: ['name'] }) },
      },
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
          await tx.query(
            `update teams set name = coalesce($2, name), description = coalesce($3, description), modified_at = $4
              where id = $1`,
            [team.id, req.body.name ?? null, req.body.description ?? null, now],
          );
        });
        announceTeamChange(app, team.id, { added: [], removed: [] });
        if (req.body.name !== undefined && req.body.name !== team.name)
          await announceRename(app, team, req.body.name);
        return present(await teamById(app.db, team.id));
      },
    );

    for (const op of ['add', 'remove'] as const) {
      r.post(
        `${base}/:id/members/${op}`,
        {
          schema: {
            params: IdParamSchema,
            body: UserIdsBodySchema,
            response: { 200: Row, ...ERROR_RESPONSES },
          },
          config: { access, audit: audited(`members.${op}`, { body: ['user_ids'] }) },
        },
        async (req) => {
          const team = loaded(req, 'adminTeam');
          const ids = req.body.user_ids;
          if (op === 'add') await checkMembers(app.db, team, ids, 'user_ids');
          if (op === 'remove' && team.user_ids.every((id) => ids.includes(id)))
            // Spec 02 §5: a team or advice channel keeps at least one member.
            throw badField('user_ids', TEXTS.atLeastOneMember);
          const now = app.config.now();
          const change = await app.db.transaction((tx) =>
            changeTeamMembers(tx, team.id, op === 'add' ? { add: ids } : { remove: ids }, now),
          );
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
      );
    }

    /** The team is kept with `deleted_at`; its members leave it and its rooms at once. */
    r.delete(
      `${base}/:id`,
      {
        schema: { params: IdParamSchema, querystring: NoQuerySchema, response: DELETED },
        config: { access, audit: audited('delete') },
      },
      async (req, reply) => {
        const team = loaded(req, 'adminTeam');
        const now = app.config.now();
        const change = await app.db.transaction(async (tx) => {
          await tx.query('update teams set deleted_at = $2, modified_at = $2 where id = $1', [
            team.id,
            now,
          ]);
          return changeTeamMembers(tx, team.id, { remove: team.user_ids }, now);
        });
        announceTeamChange(app, team.id, change);
        await syncTeamRooms(app, team, change);
        return reply.code(204).send(null);
      },
    );
  }
}
