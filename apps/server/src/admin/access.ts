import type { FastifyRequest } from 'fastify';
import {
  adminReach,
  type AdminReach,
  canGenerateCode,
  canManageNetworks,
  withinAdminReach,
  TEXTS,
} from '@pando/domain';
import type { DatabaseTx } from '../db/client.js';
import type { hospitals, invites } from '../db/schema/index.js';
import { HttpError, notFound } from '../http/errors.js';
import { asUuid, findUserById, type UserRecord } from '../users/repo.js';
import { isAdviceRecord, queryTeams, type TeamRecord } from '../teams/repo.js';

/**
 * The admin console's access rules (spec 02 §6, issue 20), named by the admin routes'
 * `config.access` and run by the authentication scope's guard hook (src/authz/access.ts SCOPES).
 * - An admin manages their reach (`adminReach` of the domain: organisation, network or all);
 *   USER and USER_VERIFIED get 403 on every admin call.
 * - `?organisation=` / `?network=` narrow a call to a part of the reach; naming one outside it
 *   is 403 (an unknown one 404), never a silent widening.
 * - A resource named by the URL outside the reach is 403: the console lists only the reach, so
 *   an id from elsewhere is a forged call, and admins may know other organisations exist.
 */
interface AdminScopedResources {
  /** The caller's reach, narrowed by `?organisation=` / `?network=`. */
  reach: AdminReach;
  /** The user named by `:id`, within the reach. */
  adminUser: UserRecord;
  /** The pending invitation named by `:id`, within the reach. */
  invite: InviteRecord;
  /** The network named by `:id`. */
  network: { id: number; uuid: string };
  /** The team or advice channel named by `:id`, within the reach. */
  adminTeam: TeamRecord;
  /** The organisation named by `:uuid`, within the reach. */
  organisation: OrganisationRecord;
}

type OrganisationRecord = Pick<typeof hospitals.$inferSelect, 'id' | 'network_id'>;

type InviteRecord = Pick<typeof invites.$inferSelect, 'id' | 'email' | 'hospital_id'> &
  Pick<typeof hospitals.$inferSelect, 'network_id'>;

declare module '../authz/access.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the guards' result type
  interface ScopedResources extends AdminScopedResources {}
}

const notAdmin = () => new HttpError(403, TEXTS.forbidden, undefined, 'NOT_ADMIN');
const outsideReach = () => new HttpError(403, TEXTS.forbidden);

const query = (req: FastifyRequest) => (req.query ?? {}) as Record<string, unknown>;
const params = (req: FastifyRequest) => req.params as Record<string, number | undefined>;

/** The caller's reach, or 403 for someone who is no admin. */
function reachOf(caller: UserRecord): AdminReach {
  const reach = adminReach(caller);
  if (!reach) throw notAdmin();
  return reach;
}

/**
 * The reach narrowed by the `organisation` / `network` (uuid) query values, each honoured only
 * inside the caller's reach (403 outside it, 404 when it does not exist).
 */
export async function narrowedReach(
  db: DatabaseTx,
  reach: AdminReach,
  wanted: { organisation?: string | undefined; network?: string | undefined },
): Promise<AdminReach> {
  let narrowed = reach;
  if (wanted.network) {
    const uuid = asUuid(wanted.network);
    const r = uuid
      ? await db.query<{ id: number }>('select id from networks where uuid = $1::uuid', [uuid])
      : undefined;
    const network = r?.rows[0];
    if (!network) throw notFound('Network');
    if (reach.kind === 'organisation') throw outsideReach();
    if (reach.kind === 'network' && reach.networkId !== network.id) throw outsideReach();
    narrowed = { kind: 'network', networkId: network.id };
  }
  if (wanted.organisation) {
    const uuid = asUuid(wanted.organisation);
    const r = uuid
      ? await db.query<{ id: number; network_id: number | null }>(
          'select id, network_id from hospitals where uuid = $1::uuid',
          [uuid],
        )
      : undefined;
    const hospital = r?.rows[0];
    if (!hospital) throw notFound('Organisation');
    if (!withinAdminReach(narrowed, { hospital_id: hospital.id, network_id: hospital.network_id }))
      throw outsideReach();
    narrowed = { kind: 'organisation', hospitalId: hospital.id };
  }
  return narrowed;
}

/** A user of the URL (`:id`) within the caller's reach. */
async function userInReach(req: FastifyRequest, reach: AdminReach): Promise<UserRecord> {
  const user = await findUserById(req.server.db, Number(params(req).id));
  if (!user) throw notFound('User');
  if (!withinAdminReach(reach, user)) throw outsideReach();
  return user;
}

/** A pending invitation (`:id`) within the caller's reach. */
async function inviteInReach(req: FastifyRequest, reach: AdminReach): Promise<InviteRecord> {
  const r = await req.server.db.query<InviteRecord>(
    `select i.id, i.email, i.hospital_id, h.network_id from invites i join hospitals h on h.id = i.hospital_id
      where i.id = $1 and i.accepted_at is null and i.rescinded_at is null`,
    [Number(params(req).id)],
  );
  const invite = r.rows[0];
  if (!invite) throw notFound('Invitation');
  if (!withinAdminReach(reach, invite)) throw outsideReach();
  return invite;
}

/** Spec 02 §6: networks are managed by a product admin with the feature pando_control_v2. */
function requireNetworkManager(caller: UserRecord): AdminReach {
  const reach = reachOf(caller);
  if (!canManageNetworks(caller)) throw outsideReach();
  return reach;
}

async function networkOf(req: FastifyRequest): Promise<{ id: number; uuid: string }> {
  const r = await req.server.db.query<{ id: number; uuid: string }>(
    'select id, uuid::text as uuid from networks where id = $1',
    [Number(params(req).id)],
  );
  const network = r.rows[0];
  if (!network) throw notFound('Network');
  return network;
}

/** A live team (`:id`) of an organisation within the reach; `advice` wants an advice channel. */
async function teamInReach(
  req: FastifyRequest,
  reach: AdminReach,
  advice: boolean,
): Promise<TeamRecord> {
  const [team] = await queryTeams(req.server.db, 'where t.id = $1 and t.deleted_at is null', [
    Number(params(req).id),
  ]);
  if (!team || isAdviceRecord(team) !== advice) throw notFound(advice ? 'Advice channel' : 'Team');
  if (!withinAdminReach(reach, team)) throw outsideReach();
  return team;
}

/**
 * An organisation (`:uuid`) within the caller's reach: its own admins, its network's, product
 * admins. A deleted one is the 404 of an unknown one (the console no longer lists it); one
 * outside the reach is 403, as `?organisation=` is (`narrowedReach`), so this route tells an
 * admin nothing that one does not.
 */
async function organisationInReach(
  req: FastifyRequest,
  reach: AdminReach,
): Promise<OrganisationRecord> {
  const uuid = asUuid(String((req.params as Record<string, unknown>).uuid));
  const r = uuid
    ? await req.server.db.query<OrganisationRecord>(
        'select id, network_id from hospitals where uuid = $1::uuid and not deleted',
        [uuid],
      )
    : undefined;
  const organisation = r?.rows[0];
  if (!organisation) throw notFound('Organisation');
  if (
    !withinAdminReach(reach, { hospital_id: organisation.id, network_id: organisation.network_id })
  )
    throw outsideReach();
  return organisation;
}

type AdminGuard = (
  req: FastifyRequest,
  caller: UserRecord,
) => Promise<Partial<AdminScopedResources>>;

export const ADMIN_SCOPES = {
  admin: {
    who: 'administrators: an organisation admin their organisation, a network admin their network, a product admin all; ?organisation= and ?network= only inside that',
    guard: async (req, caller) => {
      const q = query(req);
      const reach = await narrowedReach(req.server.db, reachOf(caller), {
        organisation: typeof q.organisation === 'string' ? q.organisation : undefined,
        network: typeof q.network === 'string' ? q.network : undefined,
      });
      return { reach };
    },
  },
  'admin:user': {
    who: 'administrators whose organisation, network or product the user belongs to',
    guard: async (req, caller) => {
      const reach = reachOf(caller);
      return { reach, adminUser: await userInReach(req, reach) };
    },
  },
  'admin:user-code': {
    who: 'network administrators, for a user of their network (spec 02 §6 "Generate code")',
    guard: async (req, caller) => {
      const reach = reachOf(caller);
      if (!canGenerateCode(caller)) throw outsideReach();
      return { reach, adminUser: await userInReach(req, reach) };
    },
  },
  'admin:team': {
    who: 'administrators whose organisation, network or product the team belongs to',
    guard: async (req, caller) => {
      const reach = reachOf(caller);
      return { reach, adminTeam: await teamInReach(req, reach, false) };
    },
  },
  'admin:advice-channel': {
    who: 'administrators whose organisation, network or product the advice channel belongs to',
    guard: async (req, caller) => {
      const reach = reachOf(caller);
      return { reach, adminTeam: await teamInReach(req, reach, true) };
    },
  },
  'admin:invite': {
    who: 'administrators whose organisation, network or product the invitation is for',
    guard: async (req, caller) => {
      const reach = reachOf(caller);
      return { reach, invite: await inviteInReach(req, reach) };
    },
  },
  'admin:invite-code': {
    who: 'network administrators, for an invitation of their network',
    guard: async (req, caller) => {
      const reach = reachOf(caller);
      if (!canGenerateCode(caller)) throw outsideReach();
      return { reach, invite: await inviteInReach(req, reach) };
    },
  },
  'admin:network': {
    who: 'administrators of the network or of one of its organisations; product admins',
    guard: async (req, caller) => {
      const reach = reachOf(caller);
      const network = await networkOf(req);
      const inReach =
        reach.kind === 'all' ||
        (reach.kind === 'network' && reach.networkId === network.id) ||
        (reach.kind === 'organisation' && caller.network_id === network.id);
      if (!inReach) throw outsideReach();
      return { reach, network };
    },
  },
  'admin:organisation': {
    who: 'administrators of the organisation or of its network; product admins',
    guard: async (req, caller) => {
      const reach = reachOf(caller);
      return { reach, organisation: await organisationInReach(req, reach) };
    },
  },
  'admin:networks': {
    who: 'product admins with the feature pando_control_v2',
    guard: (_req, caller) => Promise.resolve({ reach: requireNetworkManager(caller) }),
  },
  'admin:network-manager': {
    who: 'product admins with the feature pando_control_v2',
    guard: async (req, caller) => ({
      reach: requireNetworkManager(caller),
      network: await networkOf(req),
    }),
  },
} satisfies Record<string, { who: string; guard: AdminGuard }>;
