import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganisationSchema } from '@pando/domain';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { type Caller, callerFor } from '../teams/testing.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { addClosedOrganisation, CLOSED_ORGANISATION, type OrganisationsByName } from './testing.js';

/**
 * Issue 37: `PATCH /admin/organisations/{uuid}` `{ offline_patient_data }`, the organisation's
 * switch for patient data in the web app's offline copy. Its own admins, its network's and
 * product admins may change it; anyone else is refused as on every admin route (403; an
 * unknown or deleted organisation 404), and the organisation is left as it was.
 */

let ts: TestServer;
let people: Record<'alice' | 'orgAdmin' | 'networkAdmin' | 'pandoAdmin', Caller>;
/** Organisation uuids and ids by name. */
let org: OrganisationsByName;

const UNKNOWN = '6f1c2f7e-0b7a-4d38-9a51-3f4f7f0c9b11';

function patch(who: Caller | undefined, uuid: string, body: unknown, headers = {}) {
  return ts.app.inject({
    method: 'PATCH',
    url: `/api/v4/admin/organisations/${uuid}`,
    headers: {
      ...(who ? { cookie: who.cookie } : {}),
      'content-type': 'application/json',
      ...headers,
    },
    payload: JSON.stringify(body),
  });
}

async function stored(name: string): Promise<boolean> {
  const r = await ts.db.query<{ on: boolean }>(
    'select offline_patient_data as on from hospitals where id = $1',
    [org[name]!.id],
  );
  return r.rows[0]!.on;
}

beforeAll(async () => {
  ts = await startTestServer();
  const entries = await Promise.all(
    (['alice', 'orgAdmin', 'networkAdmin', 'pandoAdmin'] as const).map(
      async (k) => [k, await callerFor(ts, DEMO_ACCOUNTS[k])] as const,
    ),
  );
  people = Object.fromEntries(entries) as typeof people;
  org = await addClosedOrganisation(ts);
}, 120_000);

afterAll(async () => {
  await ts.close();
});

describe('PATCH /admin/organisations/{uuid}', () => {
  it('the organisation’s admin, its network’s and a product admin may turn it off and on', async () => {
    for (const [who, name] of [
      ['orgAdmin', 'St Elsewhere General'],
      ['networkAdmin', 'Riverside Hospital'],
      ['networkAdmin', 'St Elsewhere General'],
      ['pandoAdmin', 'Northgate Clinic'],
    ] as const) {
      for (const value of [false, true]) {
        const res = await patch(people[who], org[name]!.uuid, { offline_patient_data: value });
        expect(res.statusCode, `${who} ${name} ${String(value)}: ${res.body}`).toBe(200);
        expect(res.json()).toMatchObject({ uuid: org[name]!.uuid, offline_patient_data: value });
        expect(await stored(name)).toBe(value);
      }
    }
  });

  it('answers the organisation’s row as GET /admin/organisations lists it, which shows the setting too', async () => {
    const { uuid } = org['Riverside Hospital']!;
    const res = await patch(people.networkAdmin, uuid, { offline_patient_data: false });
    try {
      const row = OrganisationSchema.parse(res.json());
      const list = await ts.app.inject({
        method: 'GET',
        url: '/api/v4/admin/organisations?page-size=100',
        headers: { cookie: people.networkAdmin.cookie },
      });
      const rows = list.json<{ results: { name: string; offline_patient_data?: boolean }[] }>()
        .results;
      expect(rows).toContainEqual(res.json());
      expect(row.offline_patient_data).toBe(false);
      // Every row of the list carries it; the others are on (the default).
      expect(rows.map((o) => [o.name, o.offline_patient_data])).toEqual(
        rows.map((o) => [o.name, o.name !== 'Riverside Hospital']),
      );
    } finally {
      await patch(people.networkAdmin, uuid, { offline_patient_data: true });
    }
  });

  it('refuses others as every admin route does, and changes nothing', async () => {
    const refusals: [Caller | undefined, string, number][] = [
      [undefined, 'St Elsewhere General', 401],
      // A clinician: not an admin (before any look-up, so nothing is learnt of the uuid).
      [people.alice, 'St Elsewhere General', 403],
      [people.alice, 'Northgate Clinic', 403],
      // An organisation admin of another organisation of the same network.
      [people.orgAdmin, 'Riverside Hospital', 403],
      [people.orgAdmin, 'Northgate Clinic', 403],
      // A network admin of another network.
      [people.networkAdmin, 'Northgate Clinic', 403],
      // Unknown or deleted: 404 for everyone allowed to ask.
      [people.pandoAdmin, CLOSED_ORGANISATION, 404],
      [people.networkAdmin, CLOSED_ORGANISATION, 404],
    ];
    for (const [who, name, status] of refusals) {
      const res = await patch(who, org[name]!.uuid, { offline_patient_data: false });
      expect(res.statusCode, `${who?.email ?? 'anonymous'} on ${name}: ${res.body}`).toBe(status);
      expect(res.body).not.toContain(org[name]!.uuid);
      expect(await stored(name)).toBe(true);
    }
    for (const who of [people.pandoAdmin, people.orgAdmin]) {
      const res = await patch(who, UNKNOWN, { offline_patient_data: false });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        message: expect.stringContaining('Organisation') as string,
      });
    }
    expect(
      (await patch(people.pandoAdmin, 'not-a-uuid', { offline_patient_data: false })).statusCode,
    ).toBe(404);
  });

  it('a bad body is a 400 naming offline_patient_data', async () => {
    for (const body of [{}, { offline_patient_data: 'false' }, { offline_patient_data: null }]) {
      const res = await patch(people.orgAdmin, org['St Elsewhere General']!.uuid, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Invalid request: offline_patient_data',
        details: [{ path: 'offline_patient_data' }],
      });
    }
    expect(await stored('St Elsewhere General')).toBe(true);
  });

  it('passes the CSRF check with the session cookie, the JSON type and the server’s own Origin (the README’s curl)', async () => {
    const { uuid } = org['Northgate Clinic']!;
    const send = (origin: string, value: boolean) =>
      fetch(`${ts.url}/api/v4/admin/organisations/${uuid}`, {
        method: 'PATCH',
        headers: {
          cookie: people.pandoAdmin.cookie,
          'content-type': 'application/json',
          origin,
        },
        body: JSON.stringify({ offline_patient_data: value }),
      });
    expect((await send('https://evil.example', false)).status).toBe(403);
    expect(await stored('Northgate Clinic')).toBe(true);
    expect((await send(ts.url, false)).status).toBe(200);
    expect((await send(ts.url, true)).status).toBe(200);
  });

  it('is recorded in the audit trail with who, the organisation and the value set; refusals too', async () => {
    const { uuid } = org['St Elsewhere General']!;
    const riverside = org['Riverside Hospital']!.uuid;
    await patch(people.orgAdmin, uuid, { offline_patient_data: false });
    await patch(people.orgAdmin, uuid, { offline_patient_data: true });
    await patch(people.orgAdmin, riverside, { offline_patient_data: false });
    await ts.app.audit.flush();
    const r = await ts.db.query<{
      resource_type: string;
      resource_id: string | null;
      outcome: string;
      status: number;
      detail: Record<string, unknown>;
    }>(
      `select resource_type, resource_id, outcome, status, detail from audit_events
        where action = 'admin.organisation.update' and user_id = $1 order by at desc, id desc limit 3`,
      [people.orgAdmin.id],
    );
    expect(r.rows.reverse()).toEqual([
      {
        resource_type: 'organisation',
        resource_id: uuid,
        outcome: 'allowed',
        status: 200,
        detail: { offline_patient_data: false, fields: ['offline_patient_data'] },
      },
      {
        resource_type: 'organisation',
        resource_id: uuid,
        outcome: 'allowed',
        status: 200,
        detail: { offline_patient_data: true, fields: ['offline_patient_data'] },
      },
      {
        resource_type: 'organisation',
        resource_id: riverside,
        outcome: 'refused',
        status: 403,
        detail: { offline_patient_data: false, fields: ['offline_patient_data'] },
      },
    ]);
  });
});
