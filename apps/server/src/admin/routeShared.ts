import type { AdminReach } from '@pando/domain';
import type { DatabaseTx } from '../db/client.js';
import { badField, notFound } from '../http/errors.js';
import { narrowedReach } from './access.js';
import { defaultOrganisationOf, organisationWithFeatures } from './consoleRepo.js';

/** What the admin routes shared (issue 38: one copy, not one per route module). */

/**
 * The organisation a create call is for: `organisation` within the reach (already narrowed by
 * the query's `organisation`/`network` when the route guard read them), else the caller's own;
 * for a reach narrowed to another network, that network's default organisation. A deleted
 * organisation is the 404 of an unknown one, whichever way it was named.
 */
export async function targetOrganisation(
  db: DatabaseTx,
  reach: AdminReach,
  caller: { hospital_id: number | null; network_id: number | null },
  organisation: string | undefined,
) {
  const narrowed = await narrowedReach(db, reach, { organisation });
  let hospitalId = narrowed.kind === 'organisation' ? narrowed.hospitalId : caller.hospital_id;
  if (narrowed.kind === 'network' && caller.network_id !== narrowed.networkId)
    hospitalId = await defaultOrganisationOf(db, narrowed.networkId);
  if (hospitalId === null) throw badField('organisation', 'an organisation is required');
  const hospital = await organisationWithFeatures(db, hospitalId);
  if (!hospital) throw notFound('Organisation');
  return hospital;
}
