import type { TestServer } from '../testing/testServer.js';

/** Test helpers for the admin console's route tests. */

/** The deleted organisation `addClosedOrganisation` adds. */
export const CLOSED_ORGANISATION = 'Closed Cottage Hospital';

/** An organisation's id and uuid, by its name. */
export type OrganisationsByName = Record<string, { id: number; uuid: string }>;

/**
 * Adds a deleted organisation, "Closed Cottage Hospital", to the demo network (St Elsewhere
 * General's, which has user_invite_by_email; the console no longer lists it) and answers every
 * organisation's id and uuid by name, the new one among them.
 */
export async function addClosedOrganisation(ts: TestServer): Promise<OrganisationsByName> {
  await ts.db.query(
    `insert into hospitals (uuid, name, network_id, deleted)
     select gen_random_uuid(), $1::text, network_id, true
       from hospitals where name = 'St Elsewhere General'`,
    [CLOSED_ORGANISATION],
  );
  const r = await ts.db.query<{ id: number; name: string; uuid: string }>(
    'select id, name, uuid::text as uuid from hospitals',
  );
  return Object.fromEntries(r.rows.map((h) => [h.name, { id: h.id, uuid: h.uuid }]));
}
