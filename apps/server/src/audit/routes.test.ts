import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PatientCard, TEXTS } from '@pando/domain';
import { PATIENT_SCOPES } from '../patients/access.js';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { api, type Caller, callerFor, demoCallers, teamId } from '../teams/testing.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { verifyAudit } from './verify.js';

/**
 * Issue 36 §1: what the audit trail records, through the API on the demo organisation. Every
 * patient route and every admin write declares its event (`config.audit`), and the hook records
 * each call, allowed or refused, with who, from where and on which patient.
 */

let ts: TestServer;
let alice: Caller;
let bob: Caller;
let dave: Caller;
let orgAdmin: Caller;

const CARDS = '/api/v4/cards-multiple-reassign';

interface Row {
  action: string;
  user_id: number | null;
  session_id: number | null;
  access_level: string | null;
  organisation_id: number | null;
  client_ip: string | null;
  user_agent: string | null;
  resource_type: string;
  resource_id: string | null;
  patient_id: number | null;
  outcome: string;
  status: number;
  detail: Record<string, unknown>;
}

/**
 * The events written so far (the read queue flushed first), by time: changes are written at once
 * and reads in batches, so ids do not follow the order of the calls.
 */
async function events(where = 'true', params: unknown[] = []): Promise<Row[]> {
  await ts.app.audit.flush();
  const r = await ts.db.query<Row>(
    `select action, user_id, session_id, access_level, organisation_id, client_ip, user_agent,
            resource_type, resource_id, patient_id, outcome, status, detail
       from audit_events where ${where} order by at, id`,
    params,
  );
  return r.rows;
}

beforeAll(async () => {
  ts = await startTestServer();
  ({ alice, bob, dave } = await demoCallers(ts));
  orgAdmin = await callerFor(ts, DEMO_ACCOUNTS.orgAdmin);
}, 120_000);

afterAll(async () => {
  await ts.close();
});

describe('every patient route and admin write declares its audit event', () => {
  it('a patient route without config.audit fails here', () => {
    const patientScopes = new Set(Object.keys(PATIENT_SCOPES));
    const isPatientRoute = (url: string, scope: string | undefined) =>
      (scope !== undefined && patientScopes.has(scope)) ||
      /^\/api\/v4\/(cards|cards-multiple-reassign|tasks-multiple-reassign|patients|patients-multiple-reassign|images|structured\/patients)(\/|$)/.test(
        url,
      );
    const patientRoutes = ts.app.apiRoutes.filter((r) =>
      isPatientRoute(r.url, r.access?.kind === 'scoped' ? r.access.scope : undefined),
    );
    // Cards, sharing, tasks, patients, patient images, the scanner's look-up: at least these.
    expect(patientRoutes.length).toBeGreaterThanOrEqual(18);
    const undeclared = patientRoutes
      .filter((r) => !r.url.startsWith('/api/v4/images/chat') && !r.audit)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('every admin write, both login-code calls, every email of a file, every call on a form’s file and every delete of a template declare one', () => {
    const undeclared = ts.app.apiRoutes
      .filter(
        (r) =>
          (r.url.startsWith('/api/v4/admin/') && r.method !== 'GET') ||
          r.url.endsWith('/auth-code') ||
          /\/email(\/|$)/.test(r.url) ||
          r.url.startsWith('/api/v4/cards/') ||
          ['/api/v4/auth/validate', '/api/v4/login'].includes(r.url) ||
          r.url === '/api/v4/structured/template/:id' ||
          r.url.startsWith('/api/v4/structured/files') ||
          (r.url.startsWith('/api/v4/structured/') && r.method === 'DELETE'),
      )
      // Saving a template holds no patient data: its values are cleared before it is stored
      // (clearValues, forms/templateRoutes.ts), so it is a blank form, not an access to a
      // patient. Filled-in forms are recorded where they are submitted (form.submit).
      .filter((r) => !(r.url === '/api/v4/structured/template/:id' && r.method === 'POST'))
      .filter((r) => !r.audit)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });
});

describe('every declared action reads in words on the audit screen', () => {
  it('each route’s action and resource have their TEXTS words (else the screen shows the raw key and its filter cannot offer it)', () => {
    const declared = ts.app.apiRoutes.flatMap((r) => (r.audit ? [r.audit] : []));
    const actions: Readonly<Record<string, string>> = TEXTS.auditActions;
    const resources: Readonly<Record<string, string>> = TEXTS.auditResources;
    expect([...new Set(declared.map((a) => a.action))].filter((a) => !actions[a]).sort()).toEqual(
      [],
    );
    expect(
      [...new Set(declared.map((a) => a.resource))].filter((r) => !resources[r]).sort(),
    ).toEqual([]);
  });
});

describe('what the trail records', () => {
  let card: PatientCard;

  it('a card created, read, changed, shared, mailed and deleted: each with who, where and the patient', async () => {
    const created = await ts.app.inject({
      method: 'POST',
      url: `${CARDS}?assignee=users&assignee_id=${String(alice.id)}&with_empty_task=false`,
      headers: {
        cookie: alice.cookie,
        'content-type': 'application/json',
        'user-agent': 'AuditTest/1.0',
      },
      payload: JSON.stringify({ title: 'Audit card', subtitle: 'Bay 9' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    card = created.json<PatientCard>();
    const patientId = card.patient_id ?? null;
    expect(patientId).not.toBeNull();

    expect((await api(ts, alice, 'GET', `${CARDS}/${String(card.id)}`)).statusCode).toBe(200);
    expect(
      (await api(ts, alice, 'GET', `/api/v4/patients-multiple-reassign/${String(patientId)}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await api(ts, alice, 'GET', `/api/v4/images?patient_id=${String(patientId)}`)).statusCode,
    ).toBe(200);
    expect(
      (
        await api(
          ts,
          alice,
          'GET',
          `/api/v4/tasks-multiple-reassign?patient_card_id=${String(card.id)}`,
        )
      ).statusCode,
    ).toBe(200);
    const put = await api(ts, alice, 'PUT', `${CARDS}/${String(card.id)}`, {
      title: 'Audit card 2',
    });
    expect(put.statusCode, put.body).toBe(200);
    const shared = await api(
      ts,
      alice,
      'POST',
      `${CARDS}/${String(card.id)}/share/users/${String(bob.id)}`,
      { access_type: 'READ' },
    );
    expect(shared.statusCode, shared.body).toBe(200);
    const mailed = await api(
      ts,
      alice,
      'POST',
      `/api/v4/cards/${String(card.id)}/export-to-email`,
      {},
    );
    expect(mailed.statusCode, mailed.body).toBe(200);

    const rows = await events('user_id = $1 and patient_id = $2', [alice.id, patientId]);
    expect(rows.map((r) => r.action).sort()).toEqual([
      'card.create',
      'card.email',
      'card.read',
      'card.share',
      'card.update',
      'patient.read',
      'patient_image.list',
    ]);
    const create = rows.find((r) => r.action === 'card.create');
    expect(create).toMatchObject({
      resource_type: 'card',
      resource_id: String(card.id),
      outcome: 'allowed',
      status: 201,
      access_level: 'USER_VERIFIED',
      user_agent: 'AuditTest/1.0',
    });
    expect(create?.session_id).toEqual(expect.any(Number));
    expect(create?.organisation_id).toEqual(expect.any(Number));
    expect(create?.client_ip).toBe('127.0.0.1');
    expect(rows.find((r) => r.action === 'card.share')?.detail).toMatchObject({
      target: 'user',
      target_id: bob.id,
    });
    expect(rows.find((r) => r.action === 'card.email')?.detail).toMatchObject({
      recipient: DEMO_ACCOUNTS.alice,
    });
    const tasks = await events(`user_id = $1 and action = 'task_list.read'`, [alice.id]);
    expect(tasks.at(-1)?.resource_id).toBe(String(card.id));
  });

  it('a refused attempt on a patient resource is recorded as refused with its status', async () => {
    expect((await api(ts, dave, 'GET', `${CARDS}/${String(card.id)}`)).statusCode).toBe(404);
    // bob sees the shared card read-only: his change is refused with 403.
    expect(
      (await api(ts, bob, 'PUT', `${CARDS}/${String(card.id)}`, { title: 'x' })).statusCode,
    ).toBe(403);
    const refused = await events(`outcome = 'refused' and resource_id = $1`, [String(card.id)]);
    expect(refused.map((r) => [r.action, r.user_id, r.status]).sort()).toEqual([
      ['card.read', dave.id, 404],
      ['card.update', bob.id, 403],
    ]);
  });

  it('a deleted card is recorded in the deletion’s transaction', async () => {
    const del = await api(ts, alice, 'DELETE', `${CARDS}/${String(card.id)}`);
    expect(del.statusCode).toBe(204);
    // Not through the read queue: there before any flush.
    const r = await ts.db.query<{ action: string; status: number }>(
      `select action, status from audit_events where action = 'card.delete' and resource_id = $1`,
      [String(card.id)],
    );
    expect(r.rows).toEqual([{ action: 'card.delete', status: 204 }]);
  });

  it('login success, login failure (with the email) and logout', async () => {
    const { cookie } = await ts.login(DEMO_ACCOUNTS.bob);
    const start = await fetch(`${ts.url}/api/v4/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.bob }),
    });
    const challenge = start.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const wrong = await fetch(`${ts.url}/api/v4/auth/validate?cookie=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: challenge },
      body: JSON.stringify({ authorization_code: 'AAA-AAA' }),
    });
    expect(wrong.status).toBe(400);
    const out = await ts.app.inject({
      method: 'DELETE',
      url: '/api/v4/login?single=true',
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(out.statusCode).toBe(204);
    const rows = await events(`action like 'log%' and (user_id = $1 or detail->>'email' = $2)`, [
      bob.id,
      DEMO_ACCOUNTS.bob,
    ]);
    const last = rows.slice(-3);
    expect(last.map((r) => [r.action, r.outcome])).toEqual([
      ['login.success', 'allowed'],
      ['login.failure', 'refused'],
      ['logout', 'allowed'],
    ]);
    expect(last[1]?.detail).toMatchObject({ email: DEMO_ACCOUNTS.bob });
    expect(last[0]?.session_id).toBe(last[2]?.session_id);
  });

  it('an organisation admin adding themselves to a team, and blocking a user', async () => {
    const team = await teamId(ts, 'Night Shift');
    const add = await api(
      ts,
      orgAdmin,
      'POST',
      `/api/v4/admin/teams/${String(team.id)}/members/add`,
      {
        user_ids: [orgAdmin.id],
      },
    );
    expect(add.statusCode, add.body).toBe(200);
    const block = await ts.app.inject({
      method: 'PATCH',
      url: `/api/v4/admin/users/${String(bob.id)}`,
      headers: { cookie: orgAdmin.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ blocked: true }),
    });
    expect(block.statusCode, block.body).toBe(200);
    const rows = await events('user_id = $1 and action like $2', [orgAdmin.id, 'admin.%']);
    expect(rows.map((r) => [r.action, r.resource_id, r.outcome])).toEqual([
      ['admin.team.members.add', String(team.id), 'allowed'],
      ['admin.user.update', String(bob.id), 'allowed'],
    ]);
    expect(rows[0]?.detail).toMatchObject({ self: true, user_ids: [orgAdmin.id] });
    expect(rows[1]?.detail).toMatchObject({ blocked: true, fields: ['blocked'] });
  });

  it('a hospital read, with who and which hospital; another network’s is refused', async () => {
    const own = await ts.db.query<{ id: number }>(
      'select hospital_id as id from users where id = $1',
      [alice.id],
    );
    const hospitalId = own.rows[0]!.id;
    expect(
      (await api(ts, alice, 'GET', `/api/v4/hospitals/${String(hospitalId)}`)).statusCode,
    ).toBe(200);
    expect((await api(ts, dave, 'GET', `/api/v4/hospitals/${String(hospitalId)}`)).statusCode).toBe(
      404,
    );
    const rows = await events(`action = 'hospital.read' and resource_id = $1`, [
      String(hospitalId),
    ]);
    expect(rows.map((r) => [r.user_id, r.resource_type, r.outcome, r.status])).toEqual([
      [alice.id, 'hospital', 'allowed', 200],
      [dave.id, 'hospital', 'refused', 404],
    ]);
  });

  it('everything recorded verifies', async () => {
    await ts.app.audit.flush();
    expect(await verifyAudit(ts.db)).toMatchObject({ ok: true });
  });
});
