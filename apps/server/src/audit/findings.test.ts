import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatientCard } from '@pando/domain';
import { api, type Caller, demoCallers } from '../teams/testing.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';

/**
 * Issue 36 §3, low findings: U+0000 in any input and dates outside the years 1–9999 answered 500
 * from PostgreSQL; patient image downloads lacked the sandbox CSP of every other download.
 */

let ts: TestServer;
let alice: Caller;
let card: PatientCard;

const CARDS = '/api/v4/cards-multiple-reassign';

beforeAll(async () => {
  ts = await startTestServer();
  ({ alice } = await demoCallers(ts));
  const res = await api(
    ts,
    alice,
    'POST',
    `${CARDS}?assignee=users&assignee_id=${String(alice.id)}&with_empty_task=false`,
    { title: 'Findings', subtitle: '' },
  );
  expect(res.statusCode, res.body).toBe(201);
  card = res.json<PatientCard>();
}, 120_000);

afterAll(async () => {
  await ts.close();
});

interface ApiError {
  statusCode: number;
  details: { path: string; message: string }[];
}

describe('U+0000 in an input', () => {
  it('in a body field is a 400 naming the field, and nothing is stored', async () => {
    const res = await api(ts, alice, 'PUT', `/api/v4/patients/${String(card.patient_id)}`, {
      patient: { first_name: 'Jo\u0000hn' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ApiError>().details).toEqual([
      { path: 'patient.first_name', message: 'must not contain the NUL character (U+0000)' },
    ]);
  });

  it('in a nested list, a query value and a card title', async () => {
    const put = await api(ts, alice, 'PUT', `${CARDS}/${String(card.id)}`, {
      title: 'ok',
      tasks: [{ title: 'a\u0000', completed: false, order: 0 }],
    });
    expect(put.statusCode, put.body).toBe(400);
    expect(put.json<ApiError>().details[0]?.path).toBe('tasks.0.title');
    const search = await api(ts, alice, 'GET', `${CARDS}?search=a%00b`);
    expect(search.statusCode, search.body).toBe(400);
    expect(search.json<ApiError>().details[0]?.path).toBe('search');
  });
});

describe('dates outside the years 1–9999', () => {
  it('a date of birth in year 0 is a 400 naming it', async () => {
    const res = await api(ts, alice, 'PUT', `/api/v4/patients/${String(card.patient_id)}`, {
      patient: { dob: '0000-06-01' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ApiError>().details[0]).toMatchObject({
      path: 'patient.dob',
      message: 'must be a date in the years 1 to 9999',
    });
  });

  it('a five-digit year is refused too, and year 1 and 9999 are accepted', async () => {
    const far = await api(ts, alice, 'PUT', `/api/v4/patients/${String(card.patient_id)}`, {
      patient: { dob: '10000-01-01' },
    });
    expect(far.statusCode).toBe(400);
    for (const dob of ['0001-01-01', '9999-12-31']) {
      const ok = await api(ts, alice, 'PUT', `/api/v4/patients/${String(card.patient_id)}`, {
        patient: { dob },
      });
      expect(ok.statusCode, ok.body).toBe(200);
    }
  });
});

describe('patient image downloads', () => {
  it('carry the sandbox CSP of every other download', async () => {
    const jpeg = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#3c3' },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('title', 'Rash');
    form.append('filename', 'rash.jpg');
    form.append('patient_id', String(card.patient_id));
    form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'rash.jpg');
    const up = await fetch(`${ts.url}/api/v4/images`, {
      method: 'POST',
      headers: { cookie: alice.cookie },
      body: form,
    });
    expect(up.status).toBe(201);
    const { id } = (await up.json()) as { id: number };
    for (const thumbnail of ['false', 'true']) {
      const res = await fetch(`${ts.url}/api/v4/images/${String(id)}?thumbnail=${thumbnail}`, {
        headers: { cookie: alice.cookie },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    }
  });
});

describe('the development server and DNS rebinding', () => {
  const mailbox = (host: string) =>
    ts.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox?to=alice@example.org',
      headers: { host },
    });

  it('answers localhost and addresses, and refuses any other name', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'app.localhost']) {
      expect((await mailbox(host)).statusCode, host).toBe(200);
    }
    const rebound = await mailbox('attacker.example:3000');
    expect(rebound.statusCode).toBe(403);
    expect(rebound.body).not.toContain('results');
    expect(rebound.json<ApiError>().details[0]?.path).toBe('host');
  });
});
