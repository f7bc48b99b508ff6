import {
  adminReach,
  canManageNetworks,
  TEXTS,
  withinAdminReach,
  type AdminReach,
} from '@pando/domain';
import type { MockBackend, MockTeam, MockUser } from '../backend';
import { apiError, fail, notFound } from './util';

/*
 * Who may use the admin console on the mock backend, as the server's admin guards
 * (apps/server/src/admin/access.ts): the domain's `adminReach`, narrowed by `?organisation=` /
 * `?network=`. Read by the admin handlers and the mock's scope table (scopes.ts).
 */

export const forbidden = () => apiError(403, TEXTS.forbidden);

/** An advice channel is a team whose `public_data.enabled` is set (spec 02 §3). */
export const isAdviceTeam = (team: MockTeam) => team.public_data.enabled;

/** The caller's admin reach (403 for USER levels), as the server's `reachOf`. */
export function reachOf(backend: MockBackend, caller: MockUser): AdminReach {
  const reach = adminReach({ ...caller, ...backend.placement(caller.hospital_id) });
  return (
    reach ??
    fail(
      apiError(403, TEXTS.forbidden, {
        internalCode: 'NOT_ADMIN',
      }),
    )
  );
}

/** `?network=` / `?organisation=` narrow the reach: outside it 403, unknown 404. */
export function narrowed(
  backend: MockBackend,
  reach: AdminReach,
  wanted: { organisation?: string | undefined; network?: string | undefined },
): AdminReach {
  let result = reach;
  if (wanted.network) {
    const network = backend.state.networks.find((n) => n.uuid === wanted.network);
    if (!network) fail(notFound('Network'));
    if (reach.kind === 'organisation') fail(forbidden());
    if (reach.kind === 'network' && reach.networkId !== network.id) fail(forbidden());
    result = { kind: 'network', networkId: network.id };
  }
  if (wanted.organisation) {
    const hospital = backend.state.hospitals.find((h) => h.uuid === wanted.organisation);
    if (!hospital) fail(notFound('Organisation'));
    if (!withinAdminReach(result, backend.placement(hospital.id))) fail(forbidden());
    result = { kind: 'organisation', hospitalId: hospital.id };
  }
  return result;
}

/** A product admin with pando_control_v2 (as the server's `requireNetworkManager`): their reach. */
export function requireNetworkManager(backend: MockBackend, caller: MockUser): AdminReach {
  const reach = reachOf(backend, caller);
  if (!canManageNetworks(caller)) fail(forbidden());
  return reach;
}
