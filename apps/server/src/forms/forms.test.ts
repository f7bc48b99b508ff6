import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';

let ts: TestServer;
let token: Record<'alice' | 'bob' | 'carol', string>;

function call(who: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) {
  return ts.app.inject({
    method,
    url: `/api/v4${url}`,
    headers: {
      authorization: `Bearer ${who}`,
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

const obs = (label = 'Patient name') => ({
  title: 'Obs Chart',
  description: 'Observations',
  controls: [
    {
      id: 'c1',
      type: 'text',
      label,
      required: true,
      value: 'John Smith',
      patient_data: 'first_name',
    },
    { id: 'c2', type: 'dropdown', label: 'Ward', options: ['A', 'B'], value: 'A' },
  ],
  export_options: [{ title: 'Export to CSV', type: 'csv' }],
});

interface Template {
  id: number;
  title: string;
  version: string;
  created_by_id: number;
  controls: { id: string; value?: unknown; label: string }[];
}

beforeAll(async () => {
  ts = await startTestServer();
  const [alice, bob, carol] = await Promise.all(
    [DEMO_ACCOUNTS.alice, DEMO_ACCOUNTS.bob, DEMO_ACCOUNTS.carol].map((e) => ts.login(e)),
  );
  token = { alice: alice!.accessToken, bob: bob!.accessToken, carol: carol!.accessToken };
});
afterAll(async () => {
  await ts.close();
});

describe('structured form templates', () => {
  let id: number;

  it('saves a new template (id 0) at version 1.0 without its values; its organisation sees it, others do not', async () => {
    const saved = await call(token.alice, 'POST', '/structured/template/0', obs());
    expect(saved.statusCode).toBe(200);
    const answer = saved.json<{
      status: string;
      version: string;
      template_id: number;
      error: null;
    }>();
    expect(answer).toMatchObject({ status: 'ok', version: '1.0', error: null });
    id = answer.template_id;

    const got = await call(
      token.bob,
      'GET',
      '/structured/template?name=%20obs%20chart%20&version=1.0',
    );
    expect(got.statusCode).toBe(200);
    const t = got.json<Template>();
    expect(t).toMatchObject({
      id,
      title: 'Obs Chart',
      version: '1.0',
      export_options: [{ title: 'Export to CSV' }],
    });
    expect(t.controls.every((c) => c.value === undefined)).toBe(true);
    const aliceId = await ts.db.query<{ id: number }>('select id from users where email = $1', [
      DEMO_ACCOUNTS.alice,
    ]);
    expect(t.created_by_id).toBe(aliceId.rows[0]!.id);

    const bobs = (await call(token.bob, 'GET', '/structured/templates')).json<{
      results: Template[];
    }>();
    expect(bobs.results.map((x) => x.id)).toContain(id);
    const carols = (await call(token.carol, 'GET', '/structured/templates')).json<{
      results: Template[];
    }>();
    expect(carols.results.map((x) => x.id)).not.toContain(id);
    expect(
      (await call(token.carol, 'GET', '/structured/template?name=Obs%20Chart&version=1.0'))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(token.alice, 'GET', '/structured/template?name=Obs%20Chart&version=2.0'))
        .statusCode,
    ).toBe(404);
  });

  it('lets only the owner save or delete; others of the organisation get 403, others 404', async () => {
    expect(
      (await call(token.bob, 'POST', `/structured/template/${id}`, obs('Name'))).statusCode,
    ).toBe(403);
    const del = await call(token.bob, 'DELETE', `/structured/template/${id}`);
    expect(del.statusCode).toBe(403);
    expect(del.json()).toMatchObject({
      message: 'You cannot delete this template, as you are not the owner.',
    });
    expect((await call(token.carol, 'DELETE', `/structured/template/${id}`)).statusCode).toBe(404);
  });

  it('bumps the version on a change, not on new values; the old version is then superseded', async () => {
    const same = await call(token.alice, 'POST', `/structured/template/${id}`, {
      ...obs(),
      controls: obs().controls.map((c) => ({ ...c, value: 'other' })),
    });
    expect(same.json()).toMatchObject({ status: 'ok', version: '1.0', template_id: id });
    const changed = await call(token.alice, 'POST', `/structured/template/${id}`, obs('Full name'));
    expect(changed.json()).toMatchObject({ status: 'ok', version: '1.1', template_id: id });
    expect(
      (await call(token.alice, 'GET', '/structured/template?name=Obs%20Chart&version=1.0'))
        .statusCode,
    ).toBe(404);
    const now = (
      await call(token.alice, 'GET', '/structured/template?name=Obs%20Chart&version=1.1')
    ).json<Template>();
    expect(now.controls[0]!.label).toBe('Full name');
  });

  it('refuses a second template with the same title and version, and a blank title with a 400 naming it', async () => {
    const twin = await call(token.alice, 'POST', '/structured/template/0', {
      ...obs(),
      version: '1.1',
    });
    expect(twin.statusCode).toBe(409);
    const bad = await call(token.alice, 'POST', '/structured/template/0', {
      title: ' ',
      controls: [{ id: 'x', type: 'text', label: 'x' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ details: [{ path: 'title' }] });
  });

  it('deletes for the owner: gone from the list and the lookup', async () => {
    expect((await call(token.alice, 'DELETE', `/structured/template/${id}`)).statusCode).toBe(204);
    const list = (await call(token.alice, 'GET', '/structured/templates')).json<{
      results: Template[];
    }>();
    expect(list.results.map((x) => x.id)).not.toContain(id);
    expect(
      (await call(token.alice, 'GET', '/structured/template?name=Obs%20Chart&version=1.1'))
        .statusCode,
    ).toBe(404);
    expect((await call(token.alice, 'DELETE', `/structured/template/${id}`)).statusCode).toBe(404);
  });
});

describe('filling a form: patient lookup and submission', () => {
  let templateId: number;
  let patientId: number;
  const form = (
    values: { ident?: string; first?: string; ward?: string },
    confirmed?: boolean,
  ) => ({
    id: templateId,
    title: 'Admission',
    controls: [
      {
        id: 'ident',
        type: 'barcode',
        label: 'Hospital number',
        required: true,
        patient_data: 'patient_identificator',
        value: values.ident ?? '',
      },
      {
        id: 'first',
        type: 'text',
        label: 'First name',
        patient_data: 'first_name',
        value: values.first ?? '',
      },
      {
        id: 'w1',
        type: 'text',
        label: 'Ward',
        required: true,
        group_index: 1,
        value: values.ward ?? '-',
      },
      { id: 'w2', type: 'text', label: 'Bay', required: true, group_index: 1, value: '' },
    ],
    ...(confirmed === undefined ? {} : { confirmed }),
  });

  beforeAll(async () => {
    const saved = await call(token.alice, 'POST', '/structured/template/0', {
      ...form({}),
      id: undefined,
    });
    templateId = saved.json<{ template_id: number }>().template_id;
    const card = await call(token.alice, 'POST', '/cards-multiple-reassign', {
      title: 'Forms patient',
    });
    expect(card.statusCode).toBe(201);
    patientId = card.json<{ patient_id: number }>().patient_id;
    const put = await ts.app.inject({
      method: 'PUT',
      url: `/api/v4/patients/${patientId}`,
      headers: { authorization: `Bearer ${token.alice}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        patient: { first_name: 'Edith', last_name: 'Crawley', patient_identificator: 'RX 12 34' },
      }),
    });
    expect(put.statusCode).toBe(200);
  });

  it('looks a patient up by a field for those who see them; 404 otherwise', async () => {
    const found = await call(
      token.alice,
      'GET',
      '/structured/patients/patient_identificator/rx1234',
    );
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      id: patientId,
      first_name: 'Edith',
      last_name: 'Crawley',
      patient_identificator: 'RX 12 34',
    });
    expect(
      (await call(token.alice, 'GET', '/structured/patients/last_name/CRAWLEY')).json(),
    ).toMatchObject({ id: patientId });
    // bob has no card of hers; carol is in another organisation.
    expect(
      (await call(token.bob, 'GET', '/structured/patients/patient_identificator/rx1234'))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(token.carol, 'GET', '/structured/patients/patient_identificator/rx1234'))
        .statusCode,
    ).toBe(404);
    const bad = await call(token.alice, 'GET', '/structured/patients/password/x');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('field');
  });

  it('answers error naming the required controls and groups left empty, and stores nothing', async () => {
    const res = await call(token.alice, 'POST', '/structured/forms', form({}));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'error',
      error: 'Please fill in all required fields: Hospital number, Ward, Bay',
    });
    const rows = await ts.db.query('select 1 from form_submissions where template_id = $1', [
      templateId,
    ]);
    expect(rows.rows).toHaveLength(0);
  });

  it('asks to confirm when the patient fields differ from the record, then stores the confirmed submission', async () => {
    const differs = await call(
      token.alice,
      'POST',
      '/structured/forms',
      form({ ident: 'RX1234', first: 'Edie', ward: '7' }),
    );
    expect(differs.json()).toMatchObject({
      status: 'confirm',
      patient_data: { id: patientId, first_name: 'Edith' },
    });
    expect(
      (await ts.db.query('select 1 from form_submissions where template_id = $1', [templateId]))
        .rows,
    ).toHaveLength(0);
    const confirmed = await call(
      token.alice,
      'POST',
      '/structured/forms',
      form({ ident: 'RX1234', first: 'Edie', ward: '7' }, true),
    );
    expect(confirmed.json()).toEqual({ status: 'ok', error: null });
    const same = await call(
      token.alice,
      'POST',
      '/structured/forms',
      form({ ident: 'RX 12 34', first: 'Edith', ward: '7' }),
    );
    expect(same.json()).toEqual({ status: 'ok', error: null });
    const stored = await ts.db.query<{ confirmed: boolean; patient_data: { id: number } }>(
      'select confirmed, patient_data from form_submissions where template_id = $1 order by id',
      [templateId],
    );
    expect(stored.rows.map((r) => [r.confirmed, r.patient_data.id])).toEqual([
      [true, patientId],
      [false, patientId],
    ]);
  });

  it('refuses a template the caller does not see', async () => {
    expect(
      (await call(token.carol, 'POST', '/structured/forms', form({ ident: 'x', ward: '1' })))
        .statusCode,
    ).toBe(404);
  });
});
