import { z } from 'zod';
import {
  AdminListQuerySchema,
  adminPageOf,
  NetworkPatchSchema,
  NetworkUpdateSchema,
} from '../admin/schemas';
import { NetworkInputSchema, NetworkSchema } from '../users/schemas';
import { IdParamSchema, NoQuerySchema } from '../wire/params';
import { ACCESS, endpoint } from './endpoint';

/** A DELETE's answer: 204 and no body. */
export const DeletedSchema = z.null().describe('Deleted');

/**
 * The admin console's endpoints (spec 02 §6–§9, API v4). Networks: product admins with
 * pando_control_v2 list, create, change and delete them; every admin reads the one they are in.
 */
export const adminEndpoints = {
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
    responses: { 200: adminPageOf(NetworkSchema) },
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
};
