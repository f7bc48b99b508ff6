import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { api, type Caller, callerFor } from '../teams/testing.js';

/**
 * The admin console's writes leave nothing half-done: a create for a deleted organisation is
 * refused, a user update that fails half-way changes nothing, and an invitation or export
 * request whose email cannot be sent is not kept (the admin is told to try again, and can).
 */
let ts: TestServer;
let people: Record<'bob' | 'networkAdmin', Caller>;
let org: Record<string, { id: number; uuid: string }>;

const count = async (sql: string, args: unknown[]) =>
  (await ts.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, args)).rows[0]!.n;

beforeAll(async () => {
  ts = await startTestServer();
  people = {
    bob: await callerFor(ts, DEMO_ACCOUNTS.bob),
    networkAdmin: await callerFor(ts, DEMO_ACCOUNTS.networkAdmin),
  };
  // A deleted organisation of the demo network (which has user_invite_by_email).
  await ts.db.query(
    `insert into hospitals (uuid, name, network_id, deleted)
     select gen_random_uuid(), 'Closed Cottage Hospital', network_id, true
       from hospitals where name = 'St Elsewhere General'`,
  );
  const r = await ts.db.query<{ id: number; name: string; uuid: string }>(
    'select id, name, uuid::text as uuid from hospitals',
  );
  org = Object.fromEntries(r.rows.map((h) => [h.name, h]));
}, 120_000);

afterAll(async () => {
  await ts.close();
});

describe('creating for a deleted organisation', () => {
  it('is refused as for an unknown organisation: no invitation, export request or team', async () => {
    const closed = org['Closed Cottage Hospital']!;
    const unknown = '00000000-0000-4000-8000-000000000000';
    const invite = (organisation: string) =>
      api(ts, people.networkAdmin, 'POST', '/api/v4/admin/invites', {
        email: 'closed.ward@example.org',
        organisation,
      });
    const exportRequest = (organisation: string) =>
      api(ts, people.networkAdmin, 'POST', '/api/v4/admin/send-export-data-request', {
        first_name: 'Olive',
        last_name: 'Admin',
        email: 'olive@example.org',
        users: true,
        organisation,
      });
    const team = (organisation: string) =>
      api(ts, people.networkAdmin, 'POST', `/api/v4/admin/teams?organisation=${organisation}`, {
        name: 'Closed Ward Team',
        members: [people.bob.id],
      });
    for (const create of [invite, exportRequest, team]) {
      const asUnknown = await create(unknown);
      const asDeleted = await create(closed.uuid);
      expect(asDeleted.statusCode).toBe(asUnknown.statusCode);
      expect(asDeleted.json()).toEqual(asUnknown.json());
      expect(asDeleted.statusCode).toBe(404);
    }
    expect(await count('invites where hospital_id = $1', [closed.id])).toBe(0);
    expect(await count('export_requests where hospital_id = $1', [closed.id])).toBe(0);
    expect(await count('teams where hospital_id = $1', [closed.id])).toBe(0);
    expect(ts.app.devMailbox!.list('closed.ward@example.org')).toHaveLength(0);
  });
});
