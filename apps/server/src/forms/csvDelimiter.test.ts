import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';

/**
 * Issue 36 (low): a form template's CSV export delimiter is a comma, semicolon, tab or pipe;
 * another one is a 400 naming the field. Templates stored before with another one are set to a
 * comma by migration 1001, so they still load.
 */
let ts: TestServer;
let alice: string;

function call(method: 'GET' | 'POST', url: string, body?: unknown) {
  return ts.app.inject({
    method,
    url: `/api/v4${url}`,
    headers: {
      authorization: `Bearer ${alice}`,
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

const template = (delimiter: string) => ({
  title: `Handover ${JSON.stringify(delimiter)}`,
  controls: [{ id: 'note', type: 'textarea', label: 'Note' }],
  export_options: [{ title: 'To the registry', type: 'csv', delimiter }],
});

beforeAll(async () => {
  ts = await startTestServer();
  alice = (await ts.login(DEMO_ACCOUNTS.alice)).accessToken;
});
afterAll(async () => {
  await ts.close();
});

describe('the CSV delimiter of a template', () => {
  it('a comma, semicolon, tab or pipe is saved; anything else is a 400 naming the field', async () => {
    for (const d of [',', ';', '\t', '|'])
      expect((await call('POST', '/structured/template/0', template(d))).statusCode).toBe(200);
    for (const d of ['"', 'x', '\n']) {
      const res = await call('POST', '/structured/template/0', template(d));
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('export_options.0.delimiter');
    }
  });

  it('a template stored with another delimiter loads with a comma after the migration', async () => {
    const saved = await call('POST', '/structured/template/0', {
      ...template(';'),
      title: 'Stored before',
    });
    expect(saved.statusCode).toBe(200);
    const id = saved.json<{ template_id: number }>().template_id;
    await ts.db.query(
      `update form_templates set export_options = jsonb_set(export_options, '{0,delimiter}', '"::"') where id = $1`,
      [id],
    );
    const sql = fs.readFileSync(
      path.join(import.meta.dirname, '../../migrations/1001_csv_delimiters.sql'),
      'utf8',
    );
    await ts.db.query(sql);
    const stored = await ts.db.query<{ export_options: { delimiter: string }[] }>(
      'select export_options from form_templates where id = $1',
      [id],
    );
    expect(stored.rows[0]!.export_options[0]!.delimiter).toBe(',');
    const list = await call('GET', '/structured/templates');
    expect(list.statusCode).toBe(200);
  });
});
