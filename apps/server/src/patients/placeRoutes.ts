import type { FastifyInstance } from 'fastify';
import { patientsEndpoints } from '@pando/domain';
import { callerOf, loaded } from '../authz/access.js';
import { route } from '../http/endpoint.js';
import { searchWards } from './repo.js';

/** Hospitals and wards, as patients are placed in them (spec 01 §7). */
export function registerPlaceRoutes(app: FastifyInstance): void {
  const e = patientsEndpoints;

  // Attributable as every read of the API is (issue 36): who looked at which hospital.
  route(app, e.hospital, (req) => Promise.resolve(loaded(req, 'hospital')), {
    audit: { action: 'hospital.read', resource: 'hospital' },
  });

  /** Wards of the hospitals of the caller's network whose name contains `search`. */
  route(app, e.wards, async (req) => {
    const { user } = callerOf(req);
    return {
      results: await searchWards(app.db, user.hospital_id, user.network_id, req.query.search),
    };
  });
}
