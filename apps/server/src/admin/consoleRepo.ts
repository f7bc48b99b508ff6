import {
  type AdminListQuery,
  type AdminReach,
  type DataExportRequest,
  displayName,
  type NetworkInput,
  type NetworkPatch,
  parseAdminSort,
} from '@pando/domain';
import type { DatabaseTx } from '../db/client.js';
import type { hospitals, invites, networks, pagers, users } from '../db/schema/index.js';
import { likeContains, reachFilter } from './repo.js';

/**
 * The SQL of the admin console's invitations, networks, organisations, pagers and data export
 * requests (spec 02 §7), called by their route modules (inviteRoutes.ts, networkRoutes.ts,
 * organisationRoutes.ts, dataExportRoutes.ts) and the shared `targetOrganisation`.
 */

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
 * A person a list row names (left-joined `users`), as `{prefix}_id`, `{prefix}_first_name`,
 * `{prefix}_last_name`, `{prefix}_email`: all null when the row names no one.
 */
type PersonColumns<P extends string> = {
  [K in 'id' | 'first_name' | 'last_name' | 'email' as `${P}_${K}`]:
    (typeof users.$inferSelect)[K] | null;
};

/**
 * A left-joined person's name by the domain's one rule (`displayName`: their name, else their
 * email), as every other answer names people; null when the row names no one. Built here, not
 * in SQL, so a person without a name reads the same in a list as in the answer that made it.
 */
function joinedName(
  id: number | null,
  person: { first_name: string | null; last_name: string | null; email: string | null },
): string | null {
  return id === null ? null : displayName(person);
}

// ---- Organisations a create call is for (`targetOrganisation`) ----

/** A network's default organisation (null when it has none or the network is unknown). */
export async function defaultOrganisationOf(
  db: DatabaseTx,
  networkId: number,
): Promise<number | null> {
  const d = await db.query<{ id: number | null }>(
    'select default_organisation_id as id from networks where id = $1',
    [networkId],
  );
  return d.rows[0]?.id ?? null;
}

/**
 * A live organisation with its network's features, as a create call needs it; a deleted one is
 * not found (the console no longer lists it, so nothing may be created for it).
 */
export async function organisationWithFeatures(db: DatabaseTx, hospitalId: number) {
  const r = await db.query<{
    id: number;
    name: string;
    network_id: number | null;
    features: Record<string, boolean> | null;
  }>(
    `select h.id, h.name, h.network_id, n.features from hospitals h
       left join networks n on n.id = h.network_id where h.id = $1 and not h.deleted`,
    [hospitalId],
  );
  return r.rows[0];
}

// ---- Invitations ----

/** The pending invitations of a reach, paged. */
export async function listInvites(db: DatabaseTx, reach: AdminReach, query: AdminListQuery) {
  const args: unknown[] = [];
  const where = [
    'i.accepted_at is null and i.rescinded_at is null',
    reachFilter(reach, args, {
      hospital: 'i.hospital_id',
      network: 'h.network_id',
    }),
  ];
  if (query.q) {
    args.push(likeContains(query.q));
    where.push(`i.email like $${args.length}`);
  }
  const order = orderBy(query.sort, { sent_at: 'i.sent_at', email: 'i.email' }, '-sent_at');
  // The approver's name by the domain's rule (displayName), as POST /admin/invites answers it;
  // null only when the invitation names no approver.
  const result = await page<
    Pick<typeof invites.$inferSelect, 'id' | 'email' | 'sent_at'> & PersonColumns<'approver'>
  >(
    db,
    `select i.id, i.email, i.sent_at,
            a.id as approver_id, a.first_name as approver_first_name,
            a.last_name as approver_last_name, a.email as approver_email
       from invites i join hospitals h on h.id = i.hospital_id
       left join users a on a.id = i.approved_by_id
      where ${where.join(' and ')} order by ${order}, i.id`,
    args,
    query,
  );
  return {
    ...result,
    results: result.results.map((i) => ({
      id: i.id,
      email: i.email,
      approved_by_name: joinedName(i.approver_id, {
        first_name: i.approver_first_name,
        last_name: i.approver_last_name,
        email: i.approver_email,
      }),
      sent_at: i.sent_at.toISOString(),
    })),
  };
}

/** Whether an account has this email. */
export async function accountExists(tx: DatabaseTx, email: string): Promise<boolean> {
  const user = await tx.query('select 1 from users where email = $1', [email]);
  return user.rows.length > 0;
}

/** A new pending invitation; undefined when the email has one already. */
export async function insertInvite(
  tx: DatabaseTx,
  invite: { email: string; hospitalId: number; approvedById: number; sentAt: Date },
): Promise<{ id: number } | undefined> {
  const inserted = await tx.query<{ id: number }>(
    `insert into invites (email, hospital_id, approved_by_id, sent_at) values ($1, $2, $3, $4)
     on conflict (email) where accepted_at is null and rescinded_at is null do nothing
     returning id`,
    [invite.email, invite.hospitalId, invite.approvedById, invite.sentAt],
  );
  return inserted.rows[0];
}

/**
 * Removes an invitation whose email could not be sent (createInvite): no one was told of it, so
 * it is as if it was never made, and the admin may simply send it again. One already accepted
 * (its invitee logged in meanwhile) stays.
 */
export async function deleteUnsentInvite(db: DatabaseTx, id: number): Promise<void> {
  await db.query('delete from invites where id = $1 and accepted_at is null', [id]);
}

export async function rescindInvite(db: DatabaseTx, id: number, now: Date): Promise<void> {
  await db.query('update invites set rescinded_at = $2 where id = $1', [id, now]);
}

// ---- Networks ----

type NetworkRow = Pick<
  typeof networks.$inferSelect,
  'id' | 'uuid' | 'name' | 'status' | 'features' | 'created_at' | 'modified_at'
> & {
  /** Computed: the default organisation's id and name (json_build_object), null without one. */
  default_organisation: Pick<typeof hospitals.$inferSelect, 'id' | 'name'> | null;
};

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

/** A network as the console shows it; undefined when there is none. */
export async function findNetwork(db: DatabaseTx, id: number) {
  const r = await db.query<NetworkRow>(`${NETWORK_SELECT} where n.id = $1`, [id]);
  const row = r.rows[0];
  return row ? toNetwork(row) : undefined;
}

/** Every network (product admins), paged. */
export async function listNetworks(db: DatabaseTx, query: AdminListQuery) {
  const args: unknown[] = [];
  let where = 'true';
  if (query.q) {
    args.push(likeContains(query.q));
    where = `lower(n.name) like $${args.length}`;
  }
  const order = orderBy(
    query.sort,
    { name: 'lower(n.name)', created_at: 'n.created_at', status: 'n.status' },
    'name',
  );
  const result = await page<NetworkRow>(
    db,
    `${NETWORK_SELECT} where ${where} order by ${order}, n.id`,
    args,
    query,
  );
  return { ...result, results: result.results.map(toNetwork) };
}

/** A new network's id; undefined if the insert returned no row. */
export async function insertNetwork(
  db: DatabaseTx,
  input: Pick<NetworkInput, 'name' | 'status' | 'features'>,
  now: Date,
): Promise<{ id: number } | undefined> {
  const r2 = await db.query<{ id: number }>(
    `insert into networks (uuid, name, status, features, created_at, modified_at)
     values (gen_random_uuid(), $1, $2, $3, $4, $4) returning id`,
    [input.name, input.status, JSON.stringify(input.features ?? {}), now],
  );
  return r2.rows[0];
}

/** Whether an organisation belongs to a network. */
export async function isNetworkOrganisation(
  db: DatabaseTx,
  networkId: number | null,
  id: number,
): Promise<boolean> {
  const r = await db.query('select 1 from hospitals where id = $1 and network_id = $2', [
    id,
    networkId,
  ]);
  return r.rows.length > 0;
}

/** Sets the fields a change names (`default_organisation_id: null` clears the default). */
export async function updateNetworkRow(
  db: DatabaseTx,
  id: number,
  change: NetworkPatch,
  now: Date,
): Promise<void> {
  await db.query(
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
      now,
    ],
  );
}

/**
 * Deletes a network without organisations, in one statement (an organisation added meanwhile
 * keeps the network); whether it was deleted.
 */
export async function deleteEmptyNetwork(db: DatabaseTx, id: number): Promise<boolean> {
  const deleted = await db.query(
    `delete from networks where id = $1
       and not exists (select 1 from hospitals where network_id = $1) returning id`,
    [id],
  );
  return deleted.rows.length > 0;
}

// ---- Organisations and pagers ----

type OrganisationRow = Pick<
  typeof hospitals.$inferSelect,
  | 'id'
  | 'uuid'
  | 'name'
  | 'status'
  | 'created_at'
  | 'modified_at'
  | 'network_id'
  | 'offline_patient_data'
>;

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

/** The organisations of a reach that are not deleted, paged. */
export async function listOrganisations(db: DatabaseTx, reach: AdminReach, query: AdminListQuery) {
  const args: unknown[] = [];
  const where = [
    'not h.deleted',
    reachFilter(reach, args, { hospital: 'h.id', network: 'h.network_id' }),
  ];
  if (query.q) {
    args.push(likeContains(query.q));
    where.push(`lower(h.name) like $${args.length}`);
  }
  const order = orderBy(query.sort, { name: 'lower(h.name)', created_at: 'h.created_at' }, 'name');
  const result = await page<OrganisationRow>(
    db,
    `${ORGANISATION_SELECT} where ${where.join(' and ')} order by ${order}, h.id`,
    args,
    query,
  );
  return { ...result, results: result.results.map(toOrganisation) };
}

/** An organisation as the list shows it; undefined when there is none. */
export async function findOrganisation(db: DatabaseTx, id: number) {
  const r2 = await db.query<OrganisationRow>(`${ORGANISATION_SELECT} where h.id = $1`, [id]);
  const row = r2.rows[0];
  return row ? toOrganisation(row) : undefined;
}

export async function setOfflinePatientData(
  db: DatabaseTx,
  id: number,
  offlinePatientData: boolean,
  now: Date,
): Promise<void> {
  await db.query('update hospitals set offline_patient_data = $2, modified_at = $3 where id = $1', [
    id,
    offlinePatientData,
    now,
  ]);
}

/** The pagers of a reach, paged. */
export async function listPagers(db: DatabaseTx, reach: AdminReach, query: AdminListQuery) {
  const args: unknown[] = [];
  const where = [
    reachFilter(reach, args, {
      hospital: 'p.hospital_id',
      network: 'h.network_id',
    }),
  ];
  if (query.q) {
    args.push(likeContains(query.q));
    where.push(
      `lower(p.name || ' ' || p.mim_id || ' ' || coalesce(p.description, '')) like $${args.length}`,
    );
  }
  const order = orderBy(
    query.sort,
    { name: 'lower(p.name)', created_at: 'p.created_at', mim_id: 'p.mim_id' },
    'name',
  );
  // The assignee's name by the domain's rule (joinedName), not `first || ' ' || last` in SQL,
  // which showed a blank for a person without a name.
  const result = await page<
    Pick<
      typeof pagers.$inferSelect,
      'id' | 'created_at' | 'mim_id' | 'name' | 'description' | 'assigned_at'
    > &
      PersonColumns<'assignee'>
  >(
    db,
    `select p.id, p.created_at, p.mim_id, p.name, p.description, p.assigned_at,
            a.id as assignee_id, a.first_name as assignee_first_name,
            a.last_name as assignee_last_name, a.email as assignee_email
       from pagers p left join hospitals h on h.id = p.hospital_id
       left join users a on a.id = p.assigned_to_id
      where ${where.join(' and ')} order by ${order}, p.id`,
    args,
    query,
  );
  return {
    ...result,
    results: result.results.map((p) => ({
      id: p.id,
      created_at: p.created_at.toISOString(),
      mim_id: p.mim_id,
      name: p.name,
      description: p.description,
      assigned_to: joinedName(p.assignee_id, {
        first_name: p.assignee_first_name,
        last_name: p.assignee_last_name,
        email: p.assignee_email,
      }),
      assigned_at: p.assigned_at?.toISOString() ?? null,
    })),
  };
}

// ---- Data export request ----

/** The eight flags of a data export request, in the order stored and mailed. */
export const EXPORT_FLAGS = [
  'users',
  'teams',
  'forums',
  'pagers',
  'images',
  'files',
  'patients',
  'messaging_data',
] as const;

export async function insertExportRequest(
  db: DatabaseTx,
  request: DataExportRequest,
  by: { requestedById: number; hospitalId: number },
  now: Date,
): Promise<{ id: number }> {
  const r = await db.query<{ id: number }>(
    `insert into export_requests (requested_by_id, hospital_id, first_name, last_name, email,
       users, teams, forums, pagers, images, files, patients, messaging_data, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning id`,
    [
      by.requestedById,
      by.hospitalId,
      request.first_name,
      request.last_name,
      request.email,
      ...EXPORT_FLAGS.map((f) => request[f]),
      now,
    ],
  );
  const row = r.rows[0];
  if (!row) throw new Error('export request insert returned no row');
  return row;
}

/** Removes an export request whose email to support could not be sent: no one would act on it. */
export async function deleteExportRequest(db: DatabaseTx, id: number): Promise<void> {
  await db.query('delete from export_requests where id = $1', [id]);
}
