import type { FastifyRequest } from 'fastify';
import { adminReach, isDemoAnalyticsViewer, withinAdminReach, TEXTS } from '@pando/domain';
import { HttpError, notFound } from '../http/errors.js';
import type { UserRecord } from '../users/repo.js';
import { asUuid } from '../users/repo.js';

/** Whose events an analytics call counts: one organisation or one network. */
export type AnalyticsTarget =
  { kind: 'organisation'; hospitalId: number } | { kind: 'network'; networkId: number };

interface AnalyticsScopedResources {
  analytics: AnalyticsTarget;
}

declare module '../authz/access.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the guards' result type
  interface ScopedResources extends AnalyticsScopedResources {}
}

const forbidden = () => new HttpError(403, TEXTS.forbidden);

/**
 * `/{scope}/{id}/…` (spec 02 §6-§7): a network by its numeric id or uuid, an organisation by its
 * uuid (or numeric id). Admins only, within their reach (domain `adminReach`): an organisation
 * admin their organisation, a network admin their network and its organisations, a product
 * admin all. Anything else is 403; an id that names nothing is 404.
 */
async function analyticsTarget(req: FastifyRequest, caller: UserRecord): Promise<AnalyticsTarget> {
  const reach = adminReach(caller);
  if (!reach) throw forbidden();
  const { scope, id } = req.params as { scope: 'organisation' | 'network'; id: string };
  const byId = /^\d{1,9}$/.test(id);
  const uuid = asUuid(id);
  const db = req.server.db;
  if (scope === 'network') {
    const r =
      byId || uuid
        ? await db.query<{ id: number }>(
            byId
              ? 'select id from networks where id = $1'
              : 'select id from networks where uuid = $1::uuid',
            [byId ? Number(id) : uuid],
          )
        : undefined;
    const network = r?.rows[0];
    if (!network) throw notFound('Network');
    if (!(reach.kind === 'all' || (reach.kind === 'network' && reach.networkId === network.id)))
      throw forbidden();
    return { kind: 'network', networkId: network.id };
  }
  const r =
    byId || uuid
      ? await db.query<{ id: number; uuid: string; network_id: number | null }>(
          byId
            ? 'select id, uuid, network_id from hospitals where id = $1'
            : 'select id, uuid, network_id from hospitals where uuid = $1::uuid',
          [byId ? Number(id) : uuid],
        )
      : undefined;
  const hospital = r?.rows[0];
  if (!hospital) throw notFound('Organisation');
  if (
    !withinAdminReach(reach, { hospital_id: hospital.id, network_id: hospital.network_id }) &&
    !readsDemoOrganisation(req, caller, hospital)
  )
    throw forbidden();
  return { kind: 'organisation', hospitalId: hospital.id };
}

/**
 * Spec 02 §6 maps the internal email domains and the named account (ANALYTICS_DEMO_*) to the
 * demo organisation: their console report is that organisation's, so an admin among them may
 * read its analytics (read only, that organisation only) even outside their reach. Decision
 * recorded in apps/server/README.md ("Analytics scope and the demo organisation").
 */
function readsDemoOrganisation(
  req: FastifyRequest,
  caller: UserRecord,
  hospital: { id: number; uuid: string },
): boolean {
  const demo = req.server.config.analyticsDemo;
  if (!demo) return false;
  const id = demo.organisationId.toLowerCase();
  return (
    (id === hospital.uuid || id === String(hospital.id)) &&
    isDemoAnalyticsViewer(caller.email, {
      demoEmailDomains: demo.emailDomains,
      demoAccounts: demo.accounts,
    })
  );
}

export const ANALYTICS_SCOPES = {
  'analytics:scope': {
    who: 'administrators of the organisation or network (an organisation admin their organisation, a network admin their network and its organisations, a product admin all; an admin mapped to the demo organisation by ANALYTICS_DEMO_* also that organisation)',
    guard: async (req: FastifyRequest, caller: UserRecord) => ({
      analytics: await analyticsTarget(req, caller),
    }),
  },
};
