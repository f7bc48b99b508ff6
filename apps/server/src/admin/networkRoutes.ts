import type { FastifyInstance } from 'fastify';
import {
  adminEndpoints,
  defaultOrganisationRefusal,
  type NetworkPatch,
  networkDeleteRefusal,
} from '@pando/domain';
import { loaded } from '../authz/access.js';
import type { DatabaseTx } from '../db/client.js';
import { fromApiError, notFound } from '../http/errors.js';
import { route } from '../http/endpoint.js';
import {
  deleteEmptyNetwork,
  findNetwork,
  insertNetwork,
  isNetworkOrganisation,
  listNetworks,
  updateNetworkRow,
} from './consoleRepo.js';

async function loadNetwork(db: DatabaseTx, id: number) {
  const network = await findNetwork(db, id);
  if (!network) throw notFound('Network');
  return network;
}

/** A network's default organisation must be one of its own organisations. */
async function checkDefaultOrganisation(
  db: DatabaseTx,
  networkId: number | null,
  id: number | null | undefined,
) {
  if (id === null || id === undefined) return;
  const refusal = defaultOrganisationRefusal({
    creating: false,
    defaultOrganisationId: id,
    isOwnOrganisation: await isNetworkOrganisation(db, networkId, id),
  });
  if (refusal) throw fromApiError(refusal);
}

/**
 * Networks (spec 02 §6: product admins with pando_control_v2; GET one for every admin),
 * registered by the admin plugin (routes.ts) from their declarations (@pando/domain adminEndpoints).
 */
export function registerNetworkRoutes(app: FastifyInstance): void {
  const e = adminEndpoints;

  route(app, e.network, async (req) => loadNetwork(app.db, loaded(req, 'network').id));

  route(app, e.networks, async (req) => listNetworks(app.db, req.query));

  route(
    app,
    e.createNetwork,
    async (req, reply) => {
      const refusal = defaultOrganisationRefusal({
        creating: true,
        defaultOrganisationId: req.body.default_organisation_id,
        isOwnOrganisation: false,
      });
      if (refusal) throw fromApiError(refusal);
      const now = app.config.now();
      const created = await insertNetwork(app.db, req.body, now);
      if (!created) throw new Error('insert into networks returned no row');
      return reply.code(201).send(await loadNetwork(app.db, created.id));
    },
    {
      audit: {
        action: 'admin.network.create',
        resource: 'network',
        change: true,
        id: null,
        body: ['name'],
      },
    },
  );

  const updateNetwork = async (id: number, change: NetworkPatch) => {
    await checkDefaultOrganisation(app.db, id, change.default_organisation_id);
    await updateNetworkRow(app.db, id, change, app.config.now());
    return loadNetwork(app.db, id);
  };
  const updateAudit = {
    audit: { action: 'admin.network.update', resource: 'network', change: true },
  } as const;

  route(
    app,
    e.replaceNetwork,
    async (req) => updateNetwork(loaded(req, 'network').id, req.body),
    updateAudit,
  );

  route(
    app,
    e.updateNetwork,
    async (req) => updateNetwork(loaded(req, 'network').id, req.body),
    updateAudit,
  );

  /** Only an empty network can go (409 while it has organisations). */
  route(
    app,
    e.deleteNetwork,
    async (req, reply) => {
      const id = loaded(req, 'network').id;
      // One statement: an organisation added meanwhile keeps the network (the refusal's count).
      const deleted = await deleteEmptyNetwork(app.db, id);
      const refusal = networkDeleteRefusal(deleted ? 0 : 1);
      if (refusal) throw fromApiError(refusal);
      return reply.code(204).send(null);
    },
    { audit: { action: 'admin.network.delete', resource: 'network', change: true } },
  );
}
