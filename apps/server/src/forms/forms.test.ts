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
