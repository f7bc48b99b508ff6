import type { AdminReach } from '@pando/domain';
import type { MockBackend } from '../../backend';
import { forbidden, reachOf, requireNetworkManager } from '../adminAccess';
import { fail, notFound } from '../util';
import type { MockScopes, ScopeInput } from './types';

declare module './types' {
  interface MockLoaded {
    /** The caller's admin reach (narrowed by `?organisation=` / `?network=` where the rule does). */
    reach: AdminReach;
    /** The network named by `:id`. */
    networkId: number;
  }
}

/** A network by `:id`, or 404 (as the server's `networkOf`). */
function existingNetwork(backend: MockBackend, input: ScopeInput): number {
  const id = Number(input.params.id);
  if (!backend.state.networks.some((n) => n.id === id)) fail(notFound('Network'));
  return id;
}

/** The admin console's rules (the server's apps/server/src/admin/access.ts ADMIN_SCOPES). */
export const adminMockScopes: MockScopes = {
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
