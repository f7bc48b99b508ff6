import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HospitalSchema,
  IdParamSchema,
  WardsQuerySchema,
  WardsResponseSchema,
} from '@pando/domain';
import { callerOf, loaded, scoped, SELF } from '../authz/access.js';
import { ERROR_RESPONSES } from '../http/routeShape.js';
import { searchWards } from './repo.js';

/** Hospitals and wards, as patients are placed in them (spec 01 §7). */
export function registerPlaceRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/hospitals/:id',
    {
      schema: {
        params: IdParamSchema,
        querystring: z.object({}),
        response: { 200: HospitalSchema, ...ERROR_RESPONSES },
      },
      config: { access: scoped('hospital:network') },
    },
    (req) => Promise.resolve(loaded(req, 'hospital')),
  );

  /** Wards of the hospitals of the caller's network whose name contains `search`. */
  r.get(
    '/wards',
    {
      schema: {
        querystring: WardsQuerySchema,
        response: { 200: WardsResponseSchema, ...ERROR_RESPONSES },
      },
      config: { access: SELF },
    },
    async (req) => {
      const { user } = callerOf(req);
      return {
        results: await searchWards(app.db, user.hospital_id, user.network_id, req.query.search),
      };
    },
  );
}
