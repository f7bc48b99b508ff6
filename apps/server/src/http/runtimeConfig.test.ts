import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsScope,
  analyticsScopeConfig,
  RuntimeConfigSchema,
  type RuntimeConfig,
} from '@pando/domain';
import { startTestServer, type TestServer } from '../testing/testServer.js';

/**
 * Spec 02 §6 "certain internal email domains and one named account map to a fixed demo
 * organisation", end to end on the server: the settings reach the SPA through GET /api/config, the
 * domain's analyticsScope turns them into the demo organisation for a mapped admin, and the
 * analytics API lets that admin read that organisation's figures (and nothing more). Here the demo
 * organisation is Northgate Clinic (another network than St Elsewhere General's admins), the
 * internal domain is example.org and the named account an organisation admin of Riverside Hospital
 * with an address of another domain.
 */
let ts: TestServer;
let northgate: { id: number; uuid: string; network_id: number };
let riverside: { id: number; uuid: string };
let unconfigured: RuntimeConfig;
const SALES_LEAD = 'sales.lead@vendor.test';

const WINDOW = '2026-01-01/2026-01-30';

async function analytics(email: string, path: string) {
  const { accessToken } = await ts.login(email);
  return fetch(`${ts.url}/api/v1${path}`, { headers: { authorization: `Bearer ${accessToken}` } });
}

beforeAll(async () => {
  const plain = await startTestServer();
  // The organisation's uuid is only known once seeded: read it, then start the configured server.
  const hospitals = await plain.db.query<{
    id: number;
    uuid: string;
    name: string;
    network_id: number;
  }>(
    `select id, uuid::text as uuid, name, network_id from hospitals where name in ('Northgate Clinic', 'Riverside Hospital')`,
  );
  unconfigured = RuntimeConfigSchema.parse(await (await fetch(`${plain.url}/api/config`)).json());
  await plain.close();
  const row = (name: string) => {
    const h = hospitals.rows.find((r) => r.name === name);
    if (!h) throw new Error(`the demo seed has no ${name}`);
    return h;
  };
  northgate = row('Northgate Clinic');
  riverside = row('Riverside Hospital');
  ts = await startTestServer({
    analyticsDemo: {
      organisationId: northgate.uuid,
      emailDomains: ['example.org'],
      accounts: [SALES_LEAD],
    },
    supportUrl: 'mailto:it-help@hospital.example',
    knowledgeBaseUrl: 'https://intranet.hospital.example/pando',
  });
  await ts.db.query(
    `insert into users (uuid, email, first_name, last_name, role_description, hospital_id, access_level)
     values (gen_random_uuid(), $1, 'Sales', 'Lead', 'Administration', $2, 'ORGANISATION_ADMIN')`,
    [SALES_LEAD, riverside.id],
  );
});

afterAll(async () => {
  await ts.close();
});

describe('GET /api/config carries the admin console settings', () => {
  it('the demo organisation mapping and the sidebar links, as configured', async () => {
    const config = RuntimeConfigSchema.parse(await (await fetch(`${ts.url}/api/config`)).json());
    expect(config.analytics_demo).toEqual({
      organisation_id: northgate.uuid,
      email_domains: ['example.org'],
      accounts: [SALES_LEAD],
    });
    expect(config.support_url).toBe('mailto:it-help@hospital.example');
    expect(config.knowledge_base_url).toBe('https://intranet.hospital.example/pando');
    // What the report does with it (the web app passes the same object to createPandoApp).
    const scope = analyticsScope(
      {
        access_level: 'ORGANISATION_ADMIN',
        hospital_uuid: riverside.uuid,
        email: 'org.admin@example.org',
      },
      analyticsScopeConfig(config),
    );
    expect(scope).toEqual({ kind: 'organisation', id: northgate.uuid });
  });

  it('without the settings: no mapping, and our support pages', () => {
    expect(unconfigured.analytics_demo).toBeNull();
    expect(unconfigured.support_url).toBe('https://pando.health/support');
    expect(unconfigured.knowledge_base_url).toBe('https://pando.health/knowledge-base');
  });
});

describe('the analytics API and the demo organisation (decision: server README)', () => {
  it('an organisation admin of an internal domain reads the demo organisation’s report, outside their reach', async () => {
    const res = await analytics(
      'org.admin@example.org',
      `/organisation/${northgate.uuid}/messages/total/count/${WINDOW}`,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ count: expect.any(Number) as number });
    // By its numeric id too, as the API takes either.
    const byId = await analytics(
      'org.admin@example.org',
      `/organisation/${String(northgate.id)}/sessions/total/count/${WINDOW}`,
    );
    expect(byId.status).toBe(200);
  });

  it('the named account too; a USER or USER_VERIFIED of an internal domain is still refused', async () => {
    const lead = await analytics(
      SALES_LEAD,
      `/organisation/${northgate.uuid}/messages/timeseries/daily/${WINDOW}`,
    );
    expect(lead.status).toBe(200);
    // The mapping widens what an admin may read; it never makes a clinician an admin.
    const alice = await analytics(
      'alice@example.org',
      `/organisation/${northgate.uuid}/messages/total/count/${WINDOW}`,
    );
    expect(alice.status).toBe(403);
  });

  it('only that organisation: not its network, not another organisation outside the reach', async () => {
    const network = await analytics(
      'org.admin@example.org',
      `/network/${String(northgate.network_id)}/messages/total/count/${WINDOW}`,
    );
    expect(network.status).toBe(403);
    const other = await analytics(
      'org.admin@example.org',
      `/organisation/${riverside.uuid}/messages/total/count/${WINDOW}`,
    );
    expect(other.status).toBe(403);
    expect(((await other.json()) as { message: string }).message).toBe(
      'You are not allowed to perform that action.',
    );
  });
});
