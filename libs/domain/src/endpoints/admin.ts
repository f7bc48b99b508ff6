import { z } from 'zod';
import {
  AdminListQuerySchema,
  adminPageOf,
  AdminScopeQuerySchema,
  AdminTeamInputSchema,
  AdminTeamPatchSchema,
  AdminTeamSchema,
  AdminUserPatchSchema,
  AdminUserRowSchema,
  AdminUserSchema,
  AdminUsersQuerySchema,
  AdviceChannelSchema,
  CountResponseSchema,
  DataExportRequestSchema,
  InviteCreateSchema,
  InviteSchema,
  NetworkPatchSchema,
  NetworkUpdateSchema,
  OrganisationParamSchema,
  PagerSchema,
} from '../admin/schemas';
import { AuthCodeResponseSchema, OrganisationSettingsPatchSchema } from '../auth/schemas';
import { NetworkInputSchema, NetworkSchema, OrganisationSchema } from '../users/schemas';
import { UserIdsBodySchema } from '../wire/common';
import { IdParamSchema, NoQuerySchema } from '../wire/params';
import { MessageResponseSchema } from '../wire/responses';
import { ACCESS, endpoint, type ScopeName } from './endpoint';
import { lazySchema } from '../wire/lazySchema';

/** A DELETE's answer: 204 and no body. */
export const DeletedSchema = lazySchema(() => z.null().describe('Deleted'));

/** A row of either team family (the server's routes answer either with the same code). */
type TeamRow = typeof AdminTeamSchema | typeof AdviceChannelSchema;

/**
 * The routes of one team family (spec 02 §7): `/admin/teams` or `/admin/advice-channels`, the
 * same operations on a team or on an advice channel (a team whose `public_data.enabled` is set).
 * The list and the create are for any admin (`?organisation=` / `?network=` narrow them); the
 * others name the team by `:id`, within the caller's reach.
 */
function teamFamily<const B extends string, const S extends ScopeName>(
  base: B,
  scope: S,
  Row: TeamRow,
) {
  const access = ACCESS.scoped(scope);
  const members = <const Op extends 'add' | 'remove'>(op: Op) =>
    endpoint({
      method: 'POST',
      path: `${base}/:id/members/${op}`,
      params: IdParamSchema,
      body: UserIdsBodySchema,
      responses: { 200: Row },
      access,
    });
  return {
    list: endpoint({
      method: 'GET',
      path: base,
      query: AdminListQuerySchema,
      responses: { 200: lazySchema(() => adminPageOf(Row)) },
      access: ACCESS.scoped('admin'),
    }),
    one: endpoint({
      method: 'GET',
      path: `${base}/:id`,
      params: IdParamSchema,
      query: NoQuerySchema,
      responses: { 200: Row },
      access,
    }),
    /** `?organisation=` / `?network=` choose where (inside the reach); else the admin's own organisation. */
    create: endpoint({
      method: 'POST',
      path: base,
      query: AdminScopeQuerySchema,
      body: AdminTeamInputSchema,
      responses: { 201: Row },
      access: ACCESS.scoped('admin'),
    }),
    update: endpoint({
      method: 'PATCH',
      path: `${base}/:id`,
      params: IdParamSchema,
      body: AdminTeamPatchSchema,
      responses: { 200: Row },
      access,
    }),
    membersAdd: members('add'),
    /** A team or advice channel keeps at least one member (spec 02 §5). */
    membersRemove: members('remove'),
    /** The team is kept with `deleted_at`; its members leave it and its rooms at once. */
    remove: endpoint({
      method: 'DELETE',
      path: `${base}/:id`,
      params: IdParamSchema,
      query: NoQuerySchema,
      responses: { 204: DeletedSchema },
      access,
    }),
  };
}

/** The two team families by kind, for the code that serves or calls both alike. */
export const adminTeamEndpoints = {
  team: teamFamily('/admin/teams', 'admin:team', AdminTeamSchema),
  advice: teamFamily('/admin/advice-channels', 'admin:advice-channel', AdviceChannelSchema),
};
const teams = adminTeamEndpoints.team;
const adviceChannels = adminTeamEndpoints.advice;

/**
 * The admin console's endpoints (spec 02 §6–§9, API v4), under /admin: an admin acts within
 * their reach (organisation, network or, for product admins, everything); `?organisation=` /
 * `?network=` narrow a call of the `admin` scope, never widen it. Networks: product admins with
 * pando_control_v2 list, create, change and delete them; every admin reads the one they are in.
 */
export const adminEndpoints = {
  // ---- Users ----
  usersCount: endpoint({
    method: 'GET',
    path: '/admin/users/count',
    query: AdminScopeQuerySchema,
    responses: { 200: CountResponseSchema },
    access: ACCESS.scoped('admin'),
  }),
  /** Paged from 0; `q` (or `searchQuery`) finds first name, last name or email; sort default last_name. */
  users: endpoint({
    method: 'GET',
    path: '/admin/users',
    query: AdminUsersQuerySchema,
    responses: { 200: lazySchema(() => adminPageOf(AdminUserRowSchema)) },
    access: ACCESS.scoped('admin'),
  }),
  user: endpoint({
    method: 'GET',
    path: '/admin/users/:id',
    params: IdParamSchema,
    query: NoQuerySchema,
    responses: { 200: AdminUserSchema },
    access: ACCESS.scoped('admin:user'),
  }),
  /** Transfer (`hospital_uuid`) and block (`blocked`), both in one call. */
  updateUser: endpoint({
    method: 'PATCH',
    path: '/admin/users/:id',
    params: IdParamSchema,
    body: AdminUserPatchSchema,
    responses: { 200: AdminUserSchema },
    access: ACCESS.scoped('admin:user'),
  }),
  /** A fresh code for the login the user started in the app; 409 when they have not. */
  userAuthCode: endpoint({
    method: 'GET',
    path: '/admin/users/:id/auth-code',
    params: IdParamSchema,
    query: NoQuerySchema,
    responses: { 200: AuthCodeResponseSchema },
    access: ACCESS.scoped('admin:user-code'),
  }),

  // ---- Invitations ----
  invites: endpoint({
    method: 'GET',
    path: '/admin/invites',
    query: AdminListQuerySchema,
    responses: { 200: lazySchema(() => adminPageOf(InviteSchema)) },
    access: ACCESS.scoped('admin'),
  }),
  /** To the body's `organisation` (within the reach), else the caller's own. */
  createInvite: endpoint({
    method: 'POST',
    path: '/admin/invites',
    body: InviteCreateSchema,
    responses: { 201: InviteSchema },
    access: ACCESS.scoped('admin'),
  }),
  /** Rescinds a pending invitation. */
  deleteInvite: endpoint({
    method: 'DELETE',
    path: '/admin/invites/:id',
    params: IdParamSchema,
    query: NoQuerySchema,
    responses: { 204: DeletedSchema },
    access: ACCESS.scoped('admin:invite'),
  }),
  /** As the users' auth-code: a fresh code for the login the invitee started; 409 otherwise. */
  inviteAuthCode: endpoint({
    method: 'GET',
    path: '/admin/invites/:id/auth-code',
    params: IdParamSchema,
    query: NoQuerySchema,
    responses: { 200: AuthCodeResponseSchema },
    access: ACCESS.scoped('admin:invite-code'),
  }),

  // ---- Networks ----
  network: endpoint({
    method: 'GET',
    path: '/admin/networks/:id',
    params: IdParamSchema,
    query: NoQuerySchema,
    responses: { 200: NetworkSchema },
    access: ACCESS.scoped('admin:network'),
  }),
  networks: endpoint({
    method: 'GET',
    path: '/admin/networks',
    query: AdminListQuerySchema,
    responses: { 200: lazySchema(() => adminPageOf(NetworkSchema)) },
    access: ACCESS.scoped('admin:networks'),
  }),
  createNetwork: endpoint({
    method: 'POST',
    path: '/admin/networks',
    body: NetworkInputSchema,
    responses: { 201: NetworkSchema },
    access: ACCESS.scoped('admin:networks'),
  }),
  replaceNetwork: endpoint({
    method: 'PUT',
    path: '/admin/networks/:id',
    params: IdParamSchema,
    body: NetworkUpdateSchema,
    responses: { 200: NetworkSchema },
    access: ACCESS.scoped('admin:network-manager'),
  }),
  updateNetwork: endpoint({
    method: 'PATCH',
    path: '/admin/networks/:id',
    params: IdParamSchema,
    body: NetworkPatchSchema,
    responses: { 200: NetworkSchema },
    access: ACCESS.scoped('admin:network-manager'),
  }),
  /** Only an empty network can go (409 while it has organisations). */
  deleteNetwork: endpoint({
    method: 'DELETE',
    path: '/admin/networks/:id',
    params: IdParamSchema,
    query: NoQuerySchema,
    responses: { 204: DeletedSchema },
    access: ACCESS.scoped('admin:network-manager'),
  }),
  // ---- Organisations, pagers, data export ----
  organisations: endpoint({
    method: 'GET',
    path: '/admin/organisations',
    query: AdminListQuerySchema,
    responses: { 200: lazySchema(() => adminPageOf(OrganisationSchema)) },
    access: ACCESS.scoped('admin'),
  }),
  /** An organisation's settings (issue 37): `offline_patient_data`. */
  updateOrganisation: endpoint({
    method: 'PATCH',
    path: '/admin/organisations/:uuid',
    params: OrganisationParamSchema,
    body: OrganisationSettingsPatchSchema,
    responses: { 200: OrganisationSchema },
    access: ACCESS.scoped('admin:organisation'),
  }),
  pagers: endpoint({
    method: 'GET',
    path: '/admin/pagers',
    query: AdminListQuerySchema,
    responses: { 200: lazySchema(() => adminPageOf(PagerSchema)) },
    access: ACCESS.scoped('admin'),
  }),
  /** Stored and mailed to support, who verify the requester and act. */
  dataExportRequest: endpoint({
    method: 'POST',
    path: '/admin/send-export-data-request',
    body: DataExportRequestSchema,
    responses: { 201: MessageResponseSchema },
    access: ACCESS.scoped('admin'),
  }),

  // ---- Teams and advice channels (teamFamily) ----
  teams: teams.list,
  team: teams.one,
  createTeam: teams.create,
  updateTeam: teams.update,
  teamMembersAdd: teams.membersAdd,
  teamMembersRemove: teams.membersRemove,
  deleteTeam: teams.remove,
  adviceChannelsCount: endpoint({
    method: 'GET',
    path: '/admin/advice-channels/count',
    query: AdminScopeQuerySchema,
    responses: { 200: CountResponseSchema },
    access: ACCESS.scoped('admin'),
  }),
  adviceChannels: adviceChannels.list,
  adviceChannel: adviceChannels.one,
  createAdviceChannel: adviceChannels.create,
  updateAdviceChannel: adviceChannels.update,
  adviceChannelMembersAdd: adviceChannels.membersAdd,
  adviceChannelMembersRemove: adviceChannels.membersRemove,
  deleteAdviceChannel: adviceChannels.remove,
};
