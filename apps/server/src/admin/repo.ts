import { type AdminReach, type AdminUser, type AdminUserRow, parseAdminSort } from '@pando/domain';
import type { DatabaseTx } from '../db/client.js';
import type { hospitals, networks, users } from '../db/schema/index.js';
import { containsPattern } from '../db/like.js';
import type { UserRecord } from '../users/repo.js';

/**
 * The SQL condition for rows within a reach, given the expressions of the row's organisation id
 * and network id (default: `u.hospital_id`, `h.network_id`); pushes its parameter.
 */
export function reachFilter(
  reach: AdminReach,
  args: unknown[],
  columns = { hospital: 'u.hospital_id', network: 'h.network_id' },
) {
  switch (reach.kind) {
    case 'all':
      return 'true';
    case 'network':
      args.push(reach.networkId);
      return `${columns.network} = $${args.length}`;
    case 'organisation':
      args.push(reach.hospitalId);
      return `${columns.hospital} = $${args.length}`;
  }
}

/** `lower(first last email) like …`: the expression of the users search index (migration 0200). */
const SEARCH_EXPR = `lower(u.first_name || ' ' || u.last_name || ' ' || u.email)`;
/** The search term as a LIKE pattern: the one escape of db/like.ts (issue 15: no copies). */
export { containsPattern as likeContains };

/** The sortable columns of the users table (spec 02 §2), each with its SQL. */
const USER_SORTS: Record<string, string> = {
  last_name: 'lower(u.last_name)',
  first_name: 'lower(u.first_name)',
  email: 'u.email',
  joined_at: 'u.created_at',
  role: 'u.role_description',
  speciality: 'u.speciality',
};

/** The sortable columns that may be null (the others are `not null` in the users table). */
const NULLABLE_SORTS = new Set(['role', 'speciality']);

/**
 * The reach on the users table alone (a network: `network_id`, the network of the person's
 * organisation kept by the triggers of migration 0800), so a network's page walks an index led
 * by its network (`users_net_*`) without joining any skipped person to their organisation.
 */
function userReach(reach: AdminReach, args: unknown[]): string {
  switch (reach.kind) {
    case 'all':
      return 'true';
    case 'network':
      args.push(reach.networkId);
      return `u.network_id = $${String(args.length)}`;
    case 'organisation':
      args.push(reach.hospitalId);
      return `u.hospital_id = $${String(args.length)}`;
  }
}

interface UserFilter {
  reach: AdminReach;
  q: string;
}

/**
 * Decision (issue 20): the admin users list and count leave blocked users out — "Delete"
 * blocks a user (spec 02 §2), so a deleted user leaves the table.
 */
function userWhere(f: UserFilter, args: unknown[]): string {
  const parts = ['not u.blocked', userReach(f.reach, args)];
  if (f.q) {
    args.push(containsPattern(f.q));
    parts.push(`${SEARCH_EXPR} like $${args.length}`);
  }
  return parts.join(' and ');
}

/**
 * How many people a list shows. Without a search, from users_rollup_totals (the people who are
 * not blocked per organisation, network and everyone, and role, kept by the triggers of
 * migrations 0401 and 0600): a row per role summed instead of 100,000 people counted.
 */
export async function countUsers(db: DatabaseTx, f: UserFilter): Promise<number> {
  if (!f.q) {
    const r = await db.query<{ count: number }>(
      `select coalesce(sum(users), 0)::int as count from users_rollup_totals where scope = $1 and scope_id = $2`,
      f.reach.kind === 'all'
        ? ['a', 0]
        : f.reach.kind === 'network'
          ? ['n', f.reach.networkId]
          : ['o', f.reach.hospitalId],
    );
    return r.rows[0]?.count ?? 0;
  }
  const args: unknown[] = [];
  const where = userWhere(f, args);
  const r = await db.query<{ count: number }>(
    `select count(*)::int as count from users u where ${where}`,
    args,
  );
  return r.rows[0]?.count ?? 0;
}

type UserRowRecord = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'uuid'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'role'
  | 'role_description'
  | 'speciality'
  | 'created_at'
  | 'phone'
  | 'status'
  | 'blocked'
> & {
  // The organisation's and network's, null without one (left joins).
  h_name: (typeof hospitals.$inferSelect)['name'] | null;
  h_uuid: (typeof hospitals.$inferSelect)['uuid'] | null;
  n_uuid: (typeof networks.$inferSelect)['uuid'] | null;
  /** With a search: every match's count, from the same scan as the page. */
  matches?: number;
};

export async function listUsers(
  db: DatabaseTx,
  f: UserFilter & { sort: string | undefined; page: number; pageSize: number },
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const args: unknown[] = [];
  const where = userWhere(f, args);
  const sorts = parseAdminSort(f.sort, Object.keys(USER_SORTS), 'last_name');
  // Ties by id in the direction of the first key, and `nulls last` only on nullable columns:
  // the order is then exactly an index's (migration 0401), walked forwards or backwards.
  const order = sorts
    .map(
      ([field, desc]) =>
        `${USER_SORTS[field]} ${desc ? 'desc' : 'asc'}${NULLABLE_SORTS.has(field) ? ' nulls last' : ''}`,
    )
    .join(', ');
  const idOrder = sorts[0]?.[1] ? 'desc' : 'asc';
  args.push(f.pageSize, f.page * f.pageSize);
  // The page is found on the users table alone (an index walk in the order shown, or the
  // search's matches), then only its rows are joined to their organisation and network.
  const r = await db.query<UserRowRecord>(
    `select u.id, u.uuid::text as uuid, u.first_name, u.last_name, u.email, u.role,
            u.role_description, u.speciality, u.created_at, u.phone, u.status, u.blocked,
            h.name as h_name, h.uuid::text as h_uuid, n.uuid::text as n_uuid
            ${f.q ? ', p.matches' : ''}
       from (
         select u.id ${f.q ? ', count(*) over ()::int as matches' : ''}
           from users u
          where ${where}
          order by ${order}, u.id ${idOrder}
          limit $${args.length - 1} offset $${args.length}
       ) p
       join users u on u.id = p.id
       left join hospitals h on h.id = u.hospital_id
       left join networks n on n.id = h.network_id
      order by ${order}, u.id ${idOrder}`,
    args,
  );
  // The total only when the page does not tell it: a short first page is the whole list; a
  // search counted its matches in the page's own scan (one pass over the matches, not two).
  const total =
    r.rows[0]?.matches ??
    (f.page === 0 && r.rows.length < f.pageSize ? r.rows.length : await countUsers(db, f));
  return {
    total,
    rows: r.rows.map((u) => ({
      id: u.id,
      uuid: u.uuid,
      first_name: u.first_name,
      last_name: u.last_name,
      email: u.email,
      role: { role: u.role, description: u.role_description },
      speciality: u.speciality,
      joined_at: u.created_at.toISOString(),
      phone: u.phone,
      status: u.status,
      hospital: u.h_name === null ? null : { name: u.h_name },
      hospital_uuid: u.h_uuid,
      network_uuid: u.n_uuid,
      blocked: u.blocked,
    })),
  };
}

/** The admin's full view of a user (spec 02 §3 "User (full)"). */
export async function adminUserOf(db: DatabaseTx, u: UserRecord): Promise<AdminUser> {
  const flags = await db.query<{ starred: boolean; keep_me_updated: boolean }>(
    'select starred, keep_me_updated from users where id = $1',
    [u.id],
  );
  return {
    starred: flags.rows[0]?.starred ?? false,
    keep_me_updated: flags.rows[0]?.keep_me_updated ?? false,
    id: u.id,
    uuid: u.uuid,
    created_at: u.created_at.toISOString(),
    email: u.email,
    first_name: u.first_name,
    last_name: u.last_name,
    role: { role: u.role, description: u.role_description },
    speciality: u.speciality,
    phone: u.phone,
    gdpr_accepted: u.gdpr_accepted,
    blocked: u.blocked,
    status: u.status,
    network_id: u.network_id,
    network_uuid: u.n_uuid,
    network_name: u.n_name,
    hospital_id: u.hospital_id,
    hospital_uuid: u.h_uuid,
    access_level: u.access_level,
    hospital:
      u.hospital_id === null
        ? null
        : {
            id: u.hospital_id,
            uuid: u.h_uuid ?? '',
            name: u.h_name ?? '',
            longitude: u.h_longitude,
            latitude: u.h_latitude,
            radius: u.h_radius,
            deleted: u.h_deleted ?? false,
            network_id: u.network_id,
          },
    premium_features: u.premium_features,
  };
}

/** An organisation that is not deleted, by uuid, with its network; undefined when none. */
export async function liveOrganisationByUuid(
  db: DatabaseTx,
  uuid: string,
): Promise<{ id: number; network_id: number | null } | undefined> {
  const h = await db.query<{ id: number; network_id: number | null }>(
    'select id, network_id from hospitals where uuid = $1::uuid and not deleted',
    [uuid],
  );
  return h.rows[0];
}

/** Moves a user to another organisation (an admin's transfer). */
export async function setUserOrganisation(
  db: DatabaseTx,
  userId: number,
  hospitalId: number,
  now: Date,
): Promise<void> {
  await db.query('update users set hospital_id = $2, modified_at = $3 where id = $1', [
    userId,
    hospitalId,
    now,
  ]);
}

/** Lets a blocked user log in again (blocking is `blockUser`, src/users/block.ts). */
export async function unblockUser(db: DatabaseTx, userId: number, now: Date): Promise<void> {
  await db.query('update users set blocked = false, modified_at = $2 where id = $1', [userId, now]);
}
