import { canGenerateCode, withinAdminReach, type AdminReach } from '@pando/domain';
import type { MockBackend, MockHospital, MockTeam, MockUser } from '../../backend';
import { adminStore, type MockInvite } from '../../adminStore';
import { forbidden, isAdviceTeam, narrowed, reachOf, requireNetworkManager } from '../adminAccess';
import { fail, notFound, queryOf } from '../util';
import type { MockScopes, ScopeInput } from './types';

declare module './types' {
  interface MockLoaded {
    /** The caller's admin reach (narrowed by `?organisation=` / `?network=` where the rule does). */
    reach: AdminReach;
    /** The network named by `:id`. */
    networkId: number;
    /** The user named by `:id`, within the reach. */
    adminUser: MockUser;
    /** The team or advice channel named by `:id`, within the reach. */
    adminTeam: MockTeam;
    /** The pending invitation named by `:id`, within the reach. */
    invite: MockInvite;
    /** The organisation named by `:uuid`, within the reach. */
    organisation: MockHospital;
  }
}

/** A network by `:id`, or 404 (as the server's `networkOf`). */
function existingNetwork(backend: MockBackend, input: ScopeInput): number {
  const id = Number(input.params.id);
  if (!backend.state.networks.some((n) => n.id === id)) fail(notFound('Network'));
  return id;
}

/** Outside the reach: 403 (the console lists only the reach, so an id from elsewhere is forged). */
function inReach<T>(backend: MockBackend, reach: AdminReach, hospitalId: number, row: T): T {
  if (!withinAdminReach(reach, backend.placement(hospitalId))) fail(forbidden());
  return row;
}

/** The user of `:id` within the reach (the server's `userInReach`). */
function userInReach(backend: MockBackend, reach: AdminReach, input: ScopeInput) {
  const user = backend.userById(Number(input.params.id)) ?? fail(notFound('User'));
  return inReach(backend, reach, user.hospital_id, user);
}

/** A pending invitation (`:id`) within the reach (the server's `inviteInReach`). */
function inviteInReach(backend: MockBackend, reach: AdminReach, input: ScopeInput) {
  const id = Number(input.params.id);
  const invite = adminStore(backend).invites.find((i) => i.id === id && !i.closed);
  if (!invite) return fail(notFound('Invitation'));
  return inReach(backend, reach, invite.hospital_id, invite);
}

/** A team (`:id`) within the reach; `advice` wants an advice channel (the server's `teamInReach`). */
function teamInReach(backend: MockBackend, reach: AdminReach, input: ScopeInput, advice: boolean) {
  const team = backend.team(Number(input.params.id));
  if (!team || isAdviceTeam(team) !== advice) fail(notFound(advice ? 'Advice channel' : 'Team'));
  return inReach(backend, reach, team.hospital_id, team);
}

/** An organisation (`:uuid`) within the reach: unknown 404, outside it 403. */
function organisationInReach(backend: MockBackend, reach: AdminReach, input: ScopeInput) {
  const uuid = String(input.params.uuid).toLowerCase();
  const hospital = backend.state.hospitals.find((h) => h.uuid === uuid);
  if (!hospital) return fail(notFound('Organisation'));
  return inReach(backend, reach, hospital.id, hospital);
}

/** Generate code is for network admins (spec 02 §6): the reach, else 403. */
function codeGenerator(backend: MockBackend, caller: MockUser): AdminReach {
  const reach = reachOf(backend, caller);
  if (!canGenerateCode(caller)) fail(forbidden());
  return reach;
}

/** The admin console's rules (the server's apps/server/src/admin/access.ts ADMIN_SCOPES). */
export const adminMockScopes: MockScopes = {
  admin: (backend, { caller, request }) => {
    const q = queryOf(request);
    const reach = reachOf(backend, caller);
    return {
      reach: narrowed(backend, reach, { organisation: q.organisation, network: q.network }),
    };
  },
  'admin:user': (backend, input) => {
    const reach = reachOf(backend, input.caller);
    return { reach, adminUser: userInReach(backend, reach, input) };
  },
  'admin:user-code': (backend, input) => {
    const reach = codeGenerator(backend, input.caller);
    return { reach, adminUser: userInReach(backend, reach, input) };
  },
  'admin:team': (backend, input) => {
    const reach = reachOf(backend, input.caller);
    return { reach, adminTeam: teamInReach(backend, reach, input, false) };
  },
  'admin:advice-channel': (backend, input) => {
    const reach = reachOf(backend, input.caller);
    return { reach, adminTeam: teamInReach(backend, reach, input, true) };
  },
  'admin:invite': (backend, input) => {
    const reach = reachOf(backend, input.caller);
    return { reach, invite: inviteInReach(backend, reach, input) };
  },
  'admin:invite-code': (backend, input) => {
    const reach = codeGenerator(backend, input.caller);
    return { reach, invite: inviteInReach(backend, reach, input) };
  },
  'admin:organisation': (backend, input) => {
    const reach = reachOf(backend, input.caller);
    return { reach, organisation: organisationInReach(backend, reach, input) };
  },
  'admin:network': (backend, input) => {
    const reach = reachOf(backend, input.caller);
    const networkId = existingNetwork(backend, input);
    const inReach =
      reach.kind === 'all' ||
      (reach.kind === 'network' && reach.networkId === networkId) ||
      (reach.kind === 'organisation' &&
        backend.placement(input.caller.hospital_id).network_id === networkId);
    if (!inReach) fail(forbidden());
    return { reach, networkId };
  },
  'admin:networks': (backend, { caller }) => ({ reach: requireNetworkManager(backend, caller) }),
  'admin:network-manager': (backend, input) => ({
    reach: requireNetworkManager(backend, input.caller),
    networkId: existingNetwork(backend, input),
  }),
};
