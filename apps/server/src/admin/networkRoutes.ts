import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminListQuerySchema,
  adminPageOf,
  defaultOrganisationRefusal,
  IdParamSchema,
  NetworkInputSchema,
  type NetworkPatch,
  NetworkPatchSchema,
  NetworkSchema,
  NetworkUpdateSchema,
  networkDeleteRefusal,
  NoQuerySchema,
} from '@pando/domain';
import { loaded, scoped } from '../authz/access.js';
import type { DatabaseTx } from '../db/client.js';
import { fromApiError, notFound } from '../http/errors.js';
import { ERROR_RESPONSES } from '../http/routeShape.js';
import {
  deleteEmptyNetwork,
  findNetwork,
  insertNetwork,
  isNetworkOrganisation,
  listNetworks,
  updateNetworkRow,
} from './consoleRepo.js';
import { DELETED } from './routeShared.js';

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
 * registered by the admin plugin (routes.ts).
 */
export function registerNetworkRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/admin/networks/:id',
    {
      schema: {
        params: IdParamSchema,
        querystring: NoQuerySchema,
        response: { 200: NetworkSchema, ...ERROR_RESPONSES },
      },
      config: { access: scoped('admin:network') },
    },
    async (req) => loadNetwork(app.db, loaded(req, 'network').id),
  );

  r.get(
    '/admin/networks',
    {
      schema: {
        querystring: AdminListQuerySchema,
        response: { 200: adminPageOf(NetworkSchema), ...ERROR_RESPONSES },
      },
      config: { access: scoped('admin:networks') },
    },
    async (req) => listNetworks(app.db, req.query),
  );

  r.post(
    '/admin/networks',
    {
      schema: { body: NetworkInputSchema, response: { 201: NetworkSchema, ...ERROR_RESPONSES } },
      config: {
        access: scoped('admin:networks'),
        audit: {
          action: 'admin.network.create',
          resource: 'network',
          change: true,
          id: null,
          body: ['name'],
        },
      },
    },
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
  );

  const updateNetwork = async (id: number, change: NetworkPatch) => {
    await checkDefaultOrganisation(app.db, id, change.default_organisation_id);
    await updateNetworkRow(app.db, id, change, app.config.now());
    return loadNetwork(app.db, id);
  };

  r.put(
    '/admin/networks/:id',
    {
      schema: {
        params: IdParamSchema,
        body: NetworkUpdateSchema,
        response: { 200: NetworkSchema, ...ERROR_RESPONSES },
      },
      config: {
        access: scoped('admin:network-manager'),
        audit: { action: 'admin.network.update', resource: 'network', change: true },
      },
    },
    async (req) => updateNetwork(loaded(req, 'network').id, req.body),
  );

  r.patch(
    '/admin/networks/:id',
    {
      schema: {
        params: IdParamSchema,
        body: NetworkPatchSchema,
        response: { 200: NetworkSchema, ...ERROR_RESPONSES },
      },
      config: {
        access: scoped('admin:network-manager'),
        audit: { action: 'admin.network.update', resource: 'network', change: true },
      },
    },
    async (req) => updateNetwork(loaded(req, 'network').id, req.body),
  );

  /** Only an empty network can go (409 while it has organisations). */
  r.delete(
    '/admin/networks/:id',
    {
      schema: { params: IdParamSchema, querystring: NoQuerySchema, response: DELETED },
      config: {
        access: scoped('admin:network-manager'),
        audit: { action: 'admin.network.delete', resource: 'network', change: true },
      },
    },
    async (req, reply) => {
      const id = loaded(req, 'network').id;
      // One statement: an organisation added meanwhile keeps the network (the refusal's count).
      const deleted = await deleteEmptyNetwork(app.db, id);
      const refusal = networkDeleteRefusal(deleted ? 0 : 1);
      if (refusal) throw fromApiError(refusal);
      return reply.code(204).send(null);
    },
  );
}
