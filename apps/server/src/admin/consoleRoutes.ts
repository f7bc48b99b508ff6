import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminListQuerySchema,
  adminPageOf,
  type AdminReach,
  AuthCodeResponseSchema,
  DataExportRequestSchema,
  FEATURE_NOT_ENABLED,
  IdParamSchema,
  InviteCreateSchema,
  InviteSchema,
  MessageResponseSchema,
  NetworkInputSchema,
  type NetworkPatch,
  NetworkPatchSchema,
  NetworkSchema,
  NetworkUpdateSchema,
  NoQuerySchema,
  OrganisationSchema,
  OrganisationSettingsPatchSchema,
  PagerSchema,
  parseAdminSort,
  TEXTS,
  UuidSchema,
  defaultOrganisationRefusal,
  displayName,
  invitationEmail,
  networkDeleteRefusal,
  textsWith,
} from '@pando/domain';
import { auditChange } from '../audit/hooks.js';
import { callerOf, loaded, scoped } from '../authz/access.js';
import type { DatabaseTx } from '../db/client.js';
import { HttpError, notFound, badField, fromApiError } from '../http/errors.js';
import { ERROR_RESPONSES } from '../http/routeShape.js';
import { narrowedReach } from './access.js';
import { issueAdminAuthCode } from './authCode.js';
import { likeContains, reachFilter } from './repo.js';

const DELETED = { 204: z.null().describe('Deleted'), ...ERROR_RESPONSES };

/** `order by` of a paged list from its allowed columns (domain `parseAdminSort`). */
function orderBy(sort: string | undefined, columns: Record<string, string>, fallback: string) {
  return parseAdminSort(sort, Object.keys(columns), fallback)
    .map(([field, desc]) => `${columns[field]} ${desc ? 'desc' : 'asc'} nulls last`)
    .join(', ');
}

/** One page and the total of a list query (`count(*) over ()` keeps it one statement). */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the row type of its SQL
async function page<T>(
  db: DatabaseTx,
  sql: string,
  args: unknown[],
  q: { page: number; 'page-size': number },
): Promise<{ results: T[]; page: number; pageSize: number; totalResults: number }> {
  const size = q['page-size'];
  args.push(size, q.page * size);
  const r = await db.query<T & { total_count: number }>(
    `select x.*, count(*) over ()::int as total_count from (${sql}) x
      limit $${args.length - 1} offset $${args.length}`,
    args,
  );
  let total = r.rows[0]?.total_count;
  if (total === undefined) {
    // Past the last page: count without it.
    const c = await db.query<{ n: number }>(
      `select count(*)::int as n from (${sql}) x`,
      args.slice(0, -2),
    );
    total = c.rows[0]?.n ?? 0;
  }
  return {
    results: r.rows.map(({ total_count: _t, ...row }) => row as T),
    page: q.page,
    pageSize: size,
    totalResults: total,
  };
}

/**
 * The organisation a create call is for: `organisation` within the reach (already narrowed by
 * the query's `organisation`/`network` when the route guard read them), else the caller's own;
 * for a reach narrowed to another network, that network's default organisation.
 */
export async function targetOrganisation(
  db: DatabaseTx,
  reach: AdminReach,
  caller: { hospital_id: number | null; network_id: number | null },
  organisation: string | undefined,
) {
  const narrowed = await narrowedReach(db, reach, { organisation });
  let hospitalId = narrowed.kind === 'organisation' ? narrowed.hospitalId : caller.hospital_id;
  if (narrowed.kind === 'network' && caller.network_id !== narrowed.networkId) {
    const d = await db.query<{ id: number | null }>(
      'select default_organisation_id as id from networks where id = $1',
      [narrowed.networkId],
    );
    hospitalId = d.rows[0]?.id ?? null;
  }
  if (hospitalId === null) throw badField('organisation', 'an organisation is required');
  const r = await db.query<{
    id: number;
    name: string;
    network_id: number | null;
    features: Record<string, boolean> | null;
  }>(
    `select h.id, h.name, h.network_id, n.features from hospitals h
       left join networks n on n.id = h.network_id where h.id = $1`,
    [hospitalId],
  );
  const hospital = r.rows[0];
  if (!hospital) throw notFound('Organisation');
  return hospital;
}

interface NetworkRow {
  id: number;
  uuid: string;
  name: string;
  status: 'ACTIVATED' | 'PENDING';
  features: Record<string, boolean>;
  created_at: Date;
  modified_at: Date;
  default_organisation: { id: number; name: string } | null;
}

const NETWORK_SELECT = `
  select n.id, n.uuid::text as uuid, n.name, n.status, n.features, n.created_at, n.modified_at,
         case when d.id is null then null else json_build_object('id', d.id, 'name', d.name) end
           as default_organisation
    from networks n left join hospitals d on d.id = n.default_organisation_id`;

const toNetwork = (n: NetworkRow) => ({
  ...n,
  created_at: n.created_at.toISOString(),
  modified_at: n.modified_at.toISOString(),
});

async function loadNetwork(db: DatabaseTx, id: number) {
  const r = await db.query<NetworkRow>(`${NETWORK_SELECT} where n.id = $1`, [id]);
  const row = r.rows[0];
  if (!row) throw notFound('Network');
  return toNetwork(row);
}

/** A network's default organisation must be one of its own organisations. */
async function checkDefaultOrganisation(
  db: DatabaseTx,
  networkId: number | null,
  id: number | null | undefined,
) {
  if (id === null || id === undefined) return;
  const r = await db.query('select 1 from hospitals where id = $1 and network_id = $2', [
    id,
    networkId,
  ]);
  const refusal = defaultOrganisationRefusal({
    creating: false,
    defaultOrganisationId: id,
    isOwnOrganisation: r.rows.length > 0,
  });
  if (refusal) throw fromApiError(refusal);
}

/** `/admin/organisations/{uuid}`: organisations are named by uuid in the console's calls. */
const OrganisationParamSchema = z.object({ uuid: UuidSchema });

interface OrganisationRow {
  id: number;
  uuid: string;
  name: string;
  status: 'ACTIVATED' | 'PENDING';
  created_at: Date;
  modified_at: Date;
  network_id: number | null;
  offline_patient_data: boolean;
}

/** An organisation row as the console lists it (`OrganisationSchema`). */
const ORGANISATION_SELECT = `
  select h.id, h.uuid::text as uuid, h.name, h.status, h.created_at, h.modified_at, h.network_id,
         h.offline_patient_data
    from hospitals h`;

const toOrganisation = (h: OrganisationRow) => ({
  ...h,
  created_at: h.created_at.toISOString(),
  modified_at: h.modified_at.toISOString(),
});

/**
 * Invitations, networks, organisations, pagers and the data export request of the admin console
 * (spec 02 §7), registered by the admin plugin (routes.ts).
 */
export function registerConsoleRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---- Invitations ----

  r.get(
    '/admin/invites',
    {
      schema: {
        querystring: AdminListQuerySchema,
        response: { 200: adminPageOf(InviteSchema), ...ERROR_RESPONSES },
      },
      config: { access: scoped('admin') },
    },
    async (req) => {
      const args: unknown[] = [];
      const where = [
        'i.accepted_at is null and i.rescinded_at is null',
        reachFilter(loaded(req, 'reach'), args, {
          hospital: 'i.hospital_id',
          network: 'h.network_id',
        }),
      ];
      if (req.query.q) {
        args.push(likeContains(req.query.q));
        where.push(`i.email like $${args.length}`);
      }
      const order = orderBy(req.query.sort, { sent_at: 'i.sent_at', email: 'i.email' }, '-sent_at');
      const result = await page<{
        id: number;
        email: string;
        approved_by_name: string | null;
        sent_at: Date;
      }>(
        app.db,
        `select i.id, i.email, i.sent_at,
                nullif(trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')), '') as approved_by_name
           from invites i join hospitals h on h.id = i.hospital_id
           left join users a on a.id = i.approved_by_id
          where ${where.join(' and ')} order by ${order}, i.id`,
        args,
        req.query,
      );
      return {
        ...result,
        results: result.results.map((i) => ({ ...i, sent_at: i.sent_at.toISOString() })),
      };
    },
  );

  /**
   * Invites an email to an organisation of the caller's reach (the body's `organisation`, else
   * the caller's own). The network needs `user_invite_by_email` (403 FEATURE_NOT_ENABLED); an
   * email with an account or a pending invitation is a 409. The invitee gets an email and
   * becomes a user at their first login (src/auth/routes.ts).
   */
  r.post(
    '/admin/invites',
    {
      schema: {
        body: InviteCreateSchema,
        response: { 201: InviteSchema, ...ERROR_RESPONSES },
      },
      config: {
        access: scoped('admin'),
        audit: {
          action: 'admin.invite.send',
          resource: 'invite',
          change: true,
          id: null,
          body: ['email', 'organisation'],
        },
      },
    },
    async (req, reply) => {
      const { user: caller } = callerOf(req);
      const hospital = await targetOrganisation(
        app.db,
        loaded(req, 'reach'),
        caller,
        req.body.organisation,
      );
      if (hospital.features?.user_invite_by_email !== true)
        throw new HttpError(403, TEXTS.inviteByEmailNotEnabled, undefined, FEATURE_NOT_ENABLED);
      const { email } = req.body;
      const now = app.config.now();
      const invite = await app.db.transaction(async (tx) => {
        const user = await tx.query('select 1 from users where email = $1', [email]);
        if (user.rows.length > 0) throw new HttpError(409, textsWith.inviteHasAccount(email));
        const inserted = await tx.query<{ id: number }>(
          `insert into invites (email, hospital_id, approved_by_id, sent_at) values ($1, $2, $3, $4)
           on conflict (email) where accepted_at is null and rescinded_at is null do nothing
           returning id`,
          [email, hospital.id, caller.id, now],
        );
        const row = inserted.rows[0];
        if (!row) throw new HttpError(409, textsWith.inviteAlreadySent(email));
        return row;
      });
      await app.mailer.send({
        to: email,
        ...invitationEmail({
          inviter: caller,
          productName: app.config.productName,
          organisation: hospital.name,
          email,
          publicUrl: app.config.publicUrl,
        }),
      });
      return reply.code(201).send({
        id: invite.id,
        email,
        approved_by_name: displayName(caller),
        sent_at: now.toISOString(),
      });
    },
  );

  /** Rescinds a pending invitation: its email can no longer log in (unless invited again). */
  r.delete(
    '/admin/invites/:id',
    {
      schema: { params: IdParamSchema, querystring: NoQuerySchema, response: DELETED },
      config: {
        access: scoped('admin:invite'),
        audit: { action: 'admin.invite.rescind', resource: 'invite', change: true },
      },
    },
    async (req, reply) => {
      await app.db.query('update invites set rescinded_at = $2 where id = $1', [
        loaded(req, 'invite').id,
        app.config.now(),
      ]);
      return reply.code(204).send(null);
    },
  );

  /** As the users' auth-code: a fresh code for the login the invitee started; 409 otherwise. */
  r.get(
    '/admin/invites/:id/auth-code',
    {
      schema: {
        params: IdParamSchema,
        querystring: NoQuerySchema,
        response: { 200: AuthCodeResponseSchema, ...ERROR_RESPONSES },
      },
      config: {
        access: scoped('admin:invite-code'),
        audit: { action: 'admin.invite.login_code', resource: 'invite', change: true },
      },
    },
    async (req) => ({
      authorization_code: await issueAdminAuthCode(req, loaded(req, 'invite').email),
    }),
  );

  // ---- Networks (spec 02 §6: product admins with pando_control_v2; GET one for every admin) ----

  r.get(
    '/admin/networks/:id',
    {
      schema: {
        params: IdParamSchema,
        querystring: NoQuerySchema,
        response: { 200: NetworkSchema, ...ERROR_RESPONSES },
      },
      config: { access: scoped('admin:network') },
    },
    async (req) => loadNetwork(app.db, loaded(req, 'network').id),
  );

  r.get(
    '/admin/networks',
    {
      schema: {
        querystring: AdminListQuerySchema,
        response: { 200: adminPageOf(NetworkSchema), ...ERROR_RESPONSES },
      },
      config: { access: scoped('admin:networks') },
    },
    async (req) => {
      const args: unknown[] = [];
      let where = 'true';
      if (req.query.q) {
        args.push(likeContains(req.query.q));
        where = `lower(n.name) like $${args.length}`;
      }
      const order = orderBy(
        req.query.sort,
        { name: 'lower(n.name)', created_at: 'n.created_at', status: 'n.status' },
        'name',
      );
      const result = await page<NetworkRow>(
        app.db,
        `${NETWORK_SELECT} where ${where} order by ${order}, n.id`,
        args,
        req.query,
      );
      return { ...result, results: result.results.map(toNetwork) };
    },
  );

  r.post(
    '/admin/networks',
    {
      schema: { body: NetworkInputSchema, response: { 201: NetworkSchema, ...ERROR_RESPONSES } },
      config: {
        access: scoped('admin:networks'),
        audit: {
          action: 'admin.network.create',
          resource: 'network',
          change: true,
          id: null,
          body: ['name'],
        },
      },
    },
    async (req, reply) => {
      const refusal = defaultOrganisationRefusal({
        creating: true,
        defaultOrganisationId: req.body.default_organisation_id,
        isOwnOrganisation: false,
      });
      if (refusal) throw fromApiError(refusal);
      const now = app.config.now();
      const r2 = await app.db.query<{ id: number }>(
        `insert into networks (uuid, name, status, features, created_at, modified_at)
         values (gen_random_uuid(), $1, $2, $3, $4, $4) returning id`,
        [req.body.name, req.body.status, JSON.stringify(req.body.features ?? {}), now],
      );
      const created = r2.rows[0];
      if (!created) throw new Error('insert into networks returned no row');
      return reply.code(201).send(await loadNetwork(app.db, created.id));
    },
  );

  const updateNetwork = async (id: number, change: NetworkPatch) => {
    await checkDefaultOrganisation(app.db, id, change.default_organisation_id);
    await app.db.query(
      `update networks set
         name = coalesce($2, name),
         status = coalesce($3, status),
         features = coalesce($4::jsonb, features),
         default_organisation_id = case when $5 then $6::int else default_organisation_id end,
         modified_at = $7
       where id = $1`,
      [
        id,
        change.name ?? null,
        change.status ?? null,
        change.features === undefined ? null : JSON.stringify(change.features),
        change.default_organisation_id !== undefined,
        change.default_organisation_id ?? null,
        app.config.now(),
      ],
    );
    return loadNetwork(app.db, id);
  };

  r.put(
    '/admin/networks/:id',
    {
      schema: {
        params: IdParamSchema,
        body: NetworkUpdateSchema,
        response: { 200: NetworkSchema, ...ERROR_RESPONSES },
      },
      config: {
        access: scoped('admin:network-manager'),
        audit: { action: 'admin.network.update', resource: 'network', change: true },
      },
    },
    async (req) => updateNetwork(loaded(req, 'network').id, req.body),
  );

  r.patch(
    '/admin/networks/:id',
    {
      schema: {
        params: IdParamSchema,
        body: NetworkPatchSchema,
        response: { 200: NetworkSchema, ...ERROR_RESPONSES },
      },
      config: {
        access: scoped('admin:network-manager'),
        audit: { action: 'admin.network.update', resource: 'network', change: true },
      },
    },
    async (req) => updateNetwork(loaded(req, 'network').id, req.body),
  );

  /** Only an empty network can go (409 while it has organisations). */
  r.delete(
    '/admin/networks/:id',
    {
      schema: { params: IdParamSchema, querystring: NoQuerySchema, response: DELETED },
      config: {
        access: scoped('admin:network-manager'),
        audit: { action: 'admin.network.delete', resource: 'network', change: true },
      },
    },
    async (req, reply) => {
      const id = loaded(req, 'network').id;
      // One statement: an organisation added meanwhile keeps the network (the refusal's count).
      const deleted = await app.db.query(
        `delete from networks where id = $1
           and not exists (select 1 from hospitals where network_id = $1) returning id`,
        [id],
      );
      const refusal = networkDeleteRefusal(deleted.rows.length === 0 ? 1 : 0);
      if (refusal) throw fromApiError(refusal);
      return reply.code(204).send(null);
    },
  );

  // ---- Organisations and pagers (lists of the caller's reach) ----

  r.get(
    '/admin/organisations',
    {
      schema: {
        querystring: AdminListQuerySchema,
        response: { 200: adminPageOf(OrganisationSchema), ...ERROR_RESPONSES },
      },
      config: { access: scoped('admin') },
    },
    async (req) => {
      const args: unknown[] = [];
      const where = [
        'not h.deleted',
        reachFilter(loaded(req, 'reach'), args, { hospital: 'h.id', network: 'h.network_id' }),
      ];
      if (req.query.q) {
        args.push(likeContains(req.query.q));
        where.push(`lower(h.name) like $${args.length}`);
      }
      const order = orderBy(
        req.query.sort,
        { name: 'lower(h.name)', created_at: 'h.created_at' },
        'name',
      );
      const result = await page<OrganisationRow>(
        app.db,
        `${ORGANISATION_SELECT} where ${where.join(' and ')} order by ${order}, h.id`,
        args,
        req.query,
      );
      return { ...result, results: result.results.map(toOrganisation) };
    },
  );

  /**
   * An organisation's settings (issue 37): `offline_patient_data: false` keeps patient data out
   * of the web app's offline copy for its people (their `GET /login/offline-key` says so). For
   * the organisation's own admins, its network's and product admins; answered with the row as
   * the list shows it. The setting is one value set outright, so a change needs no version: two
   * admins setting it at once leave the last one's value, which is what that admin saw saved.
   */
  r.patch(
    '/admin/organisations/:uuid',
    {
      schema: {
        params: OrganisationParamSchema,
        body: OrganisationSettingsPatchSchema,
        response: { 200: OrganisationSchema, ...ERROR_RESPONSES },
      },
      config: {
        access: scoped('admin:organisation'),
        audit: {
          action: 'admin.organisation.update',
          resource: 'organisation',
          change: true,
          // The uuid the URL names: a refused call is recorded with it too.
          id: { param: 'uuid' },
          body: ['offline_patient_data'],
        },
      },
    },
    async (req) => {
      const { id } = loaded(req, 'organisation');
      return app.db.transaction(async (tx) => {
        await tx.query(
          'update hospitals set offline_patient_data = $2, modified_at = $3 where id = $1',
          [id, req.body.offline_patient_data, app.config.now()],
        );
        const r2 = await tx.query<OrganisationRow>(`${ORGANISATION_SELECT} where h.id = $1`, [id]);
        const row = r2.rows[0];
        if (!row) throw notFound('Organisation');
        await auditChange(req, tx);
        return toOrganisation(row);
      });
    },
  );

  r.get(
    '/admin/pagers',
    {
      schema: {
        querystring: AdminListQuerySchema,
        response: { 200: adminPageOf(PagerSchema), ...ERROR_RESPONSES },
      },
      config: { access: scoped('admin') },
    },
    async (req) => {
      const args: unknown[] = [];
      const where = [
        reachFilter(loaded(req, 'reach'), args, {
          hospital: 'p.hospital_id',
          network: 'h.network_id',
        }),
      ];
      if (req.query.q) {
        args.push(likeContains(req.query.q));
        where.push(
          `lower(p.name || ' ' || p.mim_id || ' ' || coalesce(p.description, '')) like $${args.length}`,
        );
      }
      const order = orderBy(
        req.query.sort,
        { name: 'lower(p.name)', created_at: 'p.created_at', mim_id: 'p.mim_id' },
        'name',
      );
      const result = await page<{
        id: number;
        created_at: Date;
        mim_id: string;
        name: string;
        description: string | null;
        assigned_to: string | null;
        assigned_at: Date | null;
      }>(
        app.db,
        `select p.id, p.created_at, p.mim_id, p.name, p.description, p.assigned_at,
                case when a.id is null then null else a.first_name || ' ' || a.last_name end as assigned_to
           from pagers p left join hospitals h on h.id = p.hospital_id
           left join users a on a.id = p.assigned_to_id
          where ${where.join(' and ')} order by ${order}, p.id`,
        args,
        req.query,
      );
      return {
        ...result,
        results: result.results.map((p) => ({
          ...p,
          created_at: p.created_at.toISOString(),
          assigned_at: p.assigned_at?.toISOString() ?? null,
        })),
      };
    },
  );

  // ---- Data export request ----

  /** Stores the request and mails it to SUPPORT_EMAIL, who verify the requester and act. */
  r.post(
    '/admin/send-export-data-request',
    {
      schema: {
        body: DataExportRequestSchema,
        response: { 201: MessageResponseSchema, ...ERROR_RESPONSES },
      },
      config: {
        access: scoped('admin'),
        audit: {
          action: 'admin.data_export.request',
          resource: 'export_request',
          change: true,
          id: null,
        },
      },
    },
    async (req, reply) => {
      const { user: caller } = callerOf(req);
      const b = req.body;
      const hospital = await targetOrganisation(
        app.db,
        loaded(req, 'reach'),
        caller,
        b.organisation,
      );
      const flags = [
        'users',
        'teams',
        'forums',
        'pagers',
        'images',
        'files',
        'patients',
        'messaging_data',
      ] as const;
      await app.db.query(
        `insert into export_requests (requested_by_id, hospital_id, first_name, last_name, email,
           users, teams, forums, pagers, images, files, patients, messaging_data, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          caller.id,
          hospital.id,
          b.first_name,
          b.last_name,
          b.email,
          ...flags.map((f) => b[f]),
          app.config.now(),
        ],
      );
      await app.mailer.send({
        to: app.config.supportEmail,
        subject: `Data export request: ${hospital.name}`,
        text: [
          `${displayName(b)} <${b.email}> asks for a data export of ${hospital.name}.`,
          `Requested from the admin console by ${displayName(caller)} <${caller.email}> (user ${caller.id}).`,
          '',
          `Data: ${flags.filter((f) => b[f]).join(', ') || 'none selected'}`,
        ].join('\n'),
      });
      return reply.code(201).send({ message: TEXTS.exportThankYou });
    },
  );
}
