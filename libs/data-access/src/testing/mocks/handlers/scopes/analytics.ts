import { adminReach, withinAdminReach } from '@pando/domain';
import { forbidden } from '../adminAccess';
import { fail, notFound } from '../util';
import type { MockScopes } from './types';

/** Whose events an analytics call counts: one organisation or one network. */
export type AnalyticsTarget =
  { kind: 'organisation'; hospitalId: number } | { kind: 'network'; networkId: number };

declare module './types' {
  interface MockLoaded {
    /** The organisation or network named by `/{scope}/{id}`. */
    analytics: AnalyticsTarget;
  }
}

/**
 * The analytics rule (the server's apps/server/src/analytics/access.ts): `/{scope}/{id}/…` names a
 * network or an organisation by numeric id or uuid; admins only, within their reach (403), and an
 * id that names nothing is 404.
 */
export const analyticsMockScopes: MockScopes = {
  'analytics:scope': (backend, { caller, params }) => {
    const reach = adminReach({ ...caller, ...backend.placement(caller.hospital_id) });
    if (!reach) return fail(forbidden());
    const id = String(params.id).toLowerCase();
    const byId = /^\d{1,9}$/.test(id);
    if (params.scope === 'network') {
      const network = backend.state.networks.find((n) =>
        byId ? n.id === Number(id) : n.uuid === id,
      );
      if (!network) return fail(notFound('Network'));
      if (!(reach.kind === 'all' || (reach.kind === 'network' && reach.networkId === network.id)))
        fail(forbidden());
      return { analytics: { kind: 'network', networkId: network.id } };
    }
    const hospital = backend.state.hospitals.find((h) =>
      byId ? h.id === Number(id) : h.uuid === id,
    );
    if (!hospital) return fail(notFound('Organisation'));
    if (!withinAdminReach(reach, backend.placement(hospital.id))) fail(forbidden());
    return { analytics: { kind: 'organisation', hospitalId: hospital.id } };
  },
};
