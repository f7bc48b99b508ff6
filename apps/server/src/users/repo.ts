import { canSeeUser, type CurrentUser, type User } from '@pando/domain';
import type { DatabaseTx } from '../db/client.js';
import type { hospitals, networks, teams, users } from '../db/schema/index.js';

/** A user row joined with its hospital and network, as raw SQL returns it (snake_case). */
export type UserRecord = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'uuid'
  | 'email'
  | 'first_name'
  | 'last_name'
  | 'phone'
  | 'role'
  | 'role_description'
  | 'speciality'
  | 'status'
  | 'access_level'
  | 'hospital_id'
  | 'features'
  | 'premium_features'
  | 'gdpr_accepted'
  | 'blocked'
  | 'created_at'
> & {
  // The organisation's and network's columns, null without one (left joins).
  h_uuid: Hospital['uuid'] | null;
  h_name: Hospital['name'] | null;
  h_longitude: Hospital['longitude'];
  h_latitude: Hospital['latitude'];
  h_radius: Hospital['radius'];
  h_deleted: Hospital['deleted'] | null;
  network_id: Hospital['network_id'];
  n_uuid: Network['uuid'] | null;
  n_name: Network['name'] | null;
  n_features: Network['features'] | null;
};

type Hospital = typeof hospitals.$inferSelect;
type Network = typeof networks.$inferSelect;

const USER_SELECT = `
  select u.id, u.uuid, u.email, u.first_name, u.last_name, u.phone, u.role, u.role_description,
         u.speciality, u.status, u.access_level, u.hospital_id, u.features, u.premium_features,
         u.gdpr_accepted, u.blocked, u.created_at,
         h.uuid as h_uuid, h.name as h_name, h.longitude as h_longitude, h.latitude as h_latitude,
         h.radius as h_radius, h.deleted as h_deleted, h.network_id,
         n.uuid as n_uuid, n.name as n_name, n.features as n_features
    from users u
    left join hospitals h on h.id = u.hospital_id
    left join networks n on n.id = h.network_id`;

export async function findUserById(db: DatabaseTx, id: number): Promise<UserRecord | undefined> {
  const r = await db.query<UserRecord>(`${USER_SELECT} where u.id = $1`, [id]);
  return r.rows[0];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The canonical (lower-case) form of a uuid, or undefined when `s` is not one. Queries compare
 * `uuid = $1::uuid` with it, so the lookup uses the unique index: `uuid::text = $1` would turn
 * every user's uuid into text (a scan of all users), and casting a malformed string would fail.
 */
export function asUuid(s: string): string | undefined {
  const lower = s.toLowerCase();
  return UUID.test(lower) ? lower : undefined;
}

export async function findUserByUuid(
  db: DatabaseTx,
  uuid: string,
): Promise<UserRecord | undefined> {
  const id = asUuid(uuid);
  if (id === undefined) return undefined;
  const r = await db.query<UserRecord>(`${USER_SELECT} where u.uuid = $1::uuid`, [id]);
  return r.rows[0];
}

export async function findUserByEmail(
  db: DatabaseTx,
  email: string,
): Promise<UserRecord | undefined> {
  const r = await db.query<UserRecord>(`${USER_SELECT} where u.email = $1`, [email.toLowerCase()]);
  return r.rows[0];
}

/**
 * The statuses of the people named by uuid (malformed ones are left out) whom `viewer` may see:
 * all for a product admin, else those of the viewer's organisation or network.
 */
export async function statusesSeenBy(
  db: DatabaseTx,
  viewer: Pick<UserRecord, 'access_level' | 'hospital_id' | 'network_id'>,
  users: readonly string[],
): Promise<{ uuid: string; status: UserRecord['status'] }[]> {
  const r = await db.query<{
    uuid: string;
    status: 'AVAILABLE' | 'UNAVAILABLE' | 'UNKNOWN';
  }>(
    `select u.uuid, u.status from users u left join hospitals h on h.id = u.hospital_id
        where u.uuid = any($1::uuid[])
          and ($2::boolean or u.hospital_id = $3 or ($4::int is not null and h.network_id = $4))`,
    [
      users.map(asUuid).filter((u) => u !== undefined),
      viewer.access_level === 'PANDO_ADMIN',
      viewer.hospital_id,
      viewer.network_id,
    ],
  );
  return r.rows;
}

/** A person sets their own availability. */
export async function setOwnStatus(
  db: DatabaseTx,
  userId: number,
  status: UserRecord['status'],
  now: Date,
): Promise<void> {
  await db.query('update users set status = $2, modified_at = $3 where id = $1', [
    userId,
    status,
    now,
  ]);
}

/** A team of a person's list (GET /users/:id/teams), with its members' ids. */
export type UserTeamRow = Pick<
  typeof teams.$inferSelect,
  'id' | 'name' | 'mim_id' | 'discoverable' | 'auto_accept' | 'public_data'
> & {
  /** Computed: the team's members (team_members.user_id). */
  user_ids: number[];
};

/**
 * The teams `userId` is a member of that `viewerId` may know of: private teams the viewer is not
 * in stay hidden; forums and advice teams are public. By name.
 */
export async function teamsOfUserSeenBy(
  db: DatabaseTx,
  userId: number,
  viewerId: number,
): Promise<UserTeamRow[]> {
  const r = await db.query<UserTeamRow>(
    `select t.id, t.name, t.mim_id, t.discoverable, t.auto_accept, t.public_data,
              array(select m2.user_id from team_members m2 where m2.team_id = t.id order by m2.user_id) as user_ids
         from teams t join team_members m on m.team_id = t.id and m.user_id = $1
        where t.deleted_at is null
          and (t.discoverable or coalesce((t.public_data->>'enabled')::boolean, false)
               or exists(select 1 from team_members v where v.team_id = t.id and v.user_id = $2))
        order by lower(t.name)`,
    [userId, viewerId],
  );
  return r.rows;
}

/**
 * Who can see whom: people of the same network (or the same organisation when it has no
 * network). A user of another network gets a 404, never a hint the account exists.
 */
export function canSee(viewer: UserRecord, target: UserRecord): boolean {
  // The rule lives once, in the domain: the chat server applies it to messages too.
  return canSeeUser(viewer, target);
}

/** The User wire shape of spec 01 §3; `embedHospital` adds the `hospital` object. */
export function toWireUser(u: UserRecord, embedHospital: boolean): User {
  return {
    id: u.id,
    uuid: u.uuid,
    first_name: u.first_name,
    last_name: u.last_name,
    status: u.status,
    email: u.email,
    access_level: u.access_level,
    hospital_id: u.hospital_id,
    hospital_uuid: u.h_uuid,
    network_uuid: u.n_uuid,
    network_id: u.network_id,
    ...(embedHospital && u.hospital_id !== null
      ? {
          hospital: {
            id: u.hospital_id,
            uuid: u.h_uuid ?? undefined,
            name: u.h_name ?? '',
            longitude: u.h_longitude,
            latitude: u.h_latitude,
            radius: u.h_radius,
            deleted: u.h_deleted ?? false,
            network_id: u.network_id,
          },
        }
      : {}),
    features: u.features,
    premium_features: u.premium_features,
    role: { role: u.role, description: u.role_description },
    speciality: u.speciality,
    gdpr_accepted: u.gdpr_accepted,
    phone: u.phone,
  };
}

/** GET /login/current: the user plus the network's name and flags (spec 02 §3). */
export function toWireCurrentUser(u: UserRecord, embedHospital: boolean): CurrentUser {
  return {
    ...toWireUser(u, embedHospital),
    network_name: u.n_name,
    network_features: u.n_features ?? {},
  };
}
