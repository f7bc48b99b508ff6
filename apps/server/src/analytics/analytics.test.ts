import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { recordEvent } from './record.js';

/**
 * The analytics figures against a small dataset whose answers are worked out by hand below: a
 * network N of two organisations A and B, a three-day window 2026-01-05..07 whose middle day has
 * no events, and events just outside it on both sides.
 */
let ts: TestServer;
let ids: {
  network: number;
  a: { id: number; uuid: string };
  b: { id: number; uuid: string };
  a1: number;
  a2: number;
  b1: number;
};
let adminA: string; // bearer token of A's organisation admin
let pando: string;
let demoNetworkAdmin: string;

const WINDOW = '2026-01-05/2026-01-07';

async function get(token: string, path: string) {
  return ts.app.inject({
    method: 'GET',
    url: `/api/v1${path}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

beforeAll(async () => {
  ts = await startTestServer();
  const db = ts.db;
  const network = (
    await db.query<{ id: number }>(
      `insert into networks (uuid, name, features) values (gen_random_uuid(), 'Analytics Network', '{}') returning id`,
    )
  ).rows[0]!.id;
  const hospital = async (name: string) =>
    (
      await db.query<{ id: number; uuid: string }>(
        `insert into hospitals (uuid, name, network_id) values (gen_random_uuid(), $1, $2) returning id, uuid::text as uuid`,
        [name, network],
      )
    ).rows[0]!;
  const a = await hospital('Analytics A');
  const b = await hospital('Analytics B');
  const user = async (email: string, hospitalId: number, role: string, level = 'USER_VERIFIED') =>
    (
      await db.query<{ id: number }>(
        `insert into users (uuid, email, first_name, last_name, role_description, hospital_id, access_level, created_at)
         values (gen_random_uuid(), $1, 'Test', $1, $2, $3, $4, '2026-01-01T00:00:00Z') returning id`,
        [email, role, hospitalId, level],
      )
    ).rows[0]!.id;
  const a1 = await user('a1@analytics.test', a.id, 'Nurse');
  const a2 = await user('a2@analytics.test', a.id, 'Consultant');
  const b1 = await user('b1@analytics.test', b.id, 'Nurse');
  await user('admin.a@analytics.test', a.id, 'Administration', 'ORGANISATION_ADMIN');
  ids = { network, a, b, a1, a2, b1 };

  const ev = (type: string, at: string, userId: number, hasImage = false) =>
    recordEvent(db, { type, at: new Date(at), userId, hasImage });
  const login = async (at: string, userId: number) => {
    await ev('login', at, userId);
    await ev('session_started', at, userId);
  };
  // Day 1, 2026-01-05
  await login('2026-01-05T09:10:00Z', a1);
  await ev('message_sent', '2026-01-05T09:30:00Z', a1);
  await ev('message_sent', '2026-01-05T10:05:00Z', a1, true);
  await login('2026-01-05T09:50:00Z', a2);
  await ev('message_sent', '2026-01-05T09:55:00Z', a2);
  await login('2026-01-05T14:00:00Z', b1);
  // Day 2, 2026-01-06: nothing.
  // Day 3, 2026-01-07
  await login('2026-01-07T09:05:00Z', a1);
  await ev('message_sent', '2026-01-07T23:59:59Z', a1);
  await ev('patient_card_created', '2026-01-07T12:00:00Z', a2);
  // Outside the window on both sides.
  await ev('message_sent', '2026-01-04T23:59:59Z', a1);
  await ev('message_sent', '2026-01-08T00:00:00Z', b1);
  await login('2026-01-08T08:00:00Z', a2);

  // Teams of A: T1 (a1, a2) and T2 (a1, b1: two organisations) exist on the 7th; T3 is created
  // after the window, T4 was deleted before its end.
  const team = async (name: string, created: string, members: number[], deleted?: string) => {
    const id = (
      await db.query<{ id: number }>(
        `insert into teams (mim_id, name, hospital_id, created_at, deleted_at) values ($1, $1, $2, $3, $4) returning id`,
        [name.toLowerCase(), a.id, created, deleted ?? null],
      )
    ).rows[0]!.id;
    for (const m of members)
      await db.query('insert into team_members (team_id, user_id) values ($1, $2)', [id, m]);
    return id;
  };
  const t1 = await team('analytics-t1', '2026-01-02T00:00:00Z', [a1, a2]);
  await team('analytics-t2', '2026-01-02T00:00:00Z', [a1, b1]);
  await team('analytics-t3', '2026-01-10T00:00:00Z', [a1, b1]);
  await team('analytics-t4', '2026-01-02T00:00:00Z', [a1, b1], '2026-01-03T00:00:00Z');
  // Pagers: one before the window's end, one after.
  await db.query(
    `insert into pagers (mim_id, name, hospital_id, created_at) values
       ('901-1-1', 'P1', $1, '2026-01-01T00:00:00Z'), ('901-1-2', 'P2', $1, '2026-02-01T00:00:00Z')`,
    [a.id],
  );
  // Advice in T1: one resolved inside the window, one after it, one open.
  await db.query(
    `insert into advice_conversations (mim_id, team_id, requestor_id, public_team_resolved, modified_at) values
       ('analytics-c1', $1, $2, true, '2026-01-06T10:00:00Z'),
       ('analytics-c2', $1, $2, true, '2026-01-09T10:00:00Z'),
       ('analytics-c3', $1, $2, false, '2026-01-06T11:00:00Z')`,
    [t1, b1],
  );

  adminA = (await ts.login('admin.a@analytics.test')).accessToken;
  pando = (await ts.login(DEMO_ACCOUNTS.pandoAdmin)).accessToken;
  demoNetworkAdmin = (await ts.login(DEMO_ACCOUNTS.networkAdmin)).accessToken;
});
afterAll(async () => {
  await ts.close();
});

const zeroHours = () => Array.from({ length: 24 }, (_, hour) => ({ hour, count: 0 }));
const withHours = (values: Record<number, number>) =>
  zeroHours().map((p) => ({ hour: p.hour, count: values[p.hour] ?? 0 }));

describe('analytics of an organisation (by hand)', () => {
  const org = () => `/organisation/${ids.a.uuid}`;
  const expected: [string, unknown][] = [
    // a1 and a2 were active (b1 is in B).
    [`active-users/count/${WINDOW}`, { count: 2 }],
    [
      `active-users/timeseries/daily/${WINDOW}`,
      {
        results: [
          { date: '2026-01-05', count: 2 },
          { date: '2026-01-06', count: 0 },
          { date: '2026-01-07', count: 1 },
        ],
      },
    ],
    // hour 9: a1+a2 on the 5th, a1 on the 7th = 3 over 3 days; hour 10: a1 on the 5th; 23: a1 on the 7th.
    [
      `active-users/timeseries/hourly/${WINDOW}`,
      { results: withHours({ 9: 1, 10: 0.33, 23: 0.33 }) },
    ],
    [`messages/total/count/${WINDOW}`, { count: 4 }],
    [
      `messages/timeseries/daily/${WINDOW}`,
      {
        results: [
          { date: '2026-01-05', count: 3 },
          { date: '2026-01-06', count: 0 },
          { date: '2026-01-07', count: 1 },
        ],
      },
    ],
    [`sessions/total/count/${WINDOW}`, { count: 3 }],
    [
      `sessions/timeseries/daily/${WINDOW}`,
      {
        results: [
          { date: '2026-01-05', count: 2 },
          { date: '2026-01-06', count: 0 },
          { date: '2026-01-07', count: 1 },
        ],
      },
    ],
    [
      `total-users/roles/roles/count/${WINDOW}`,
      {
        results: [
          { role: 'Administration', count: 1 },
          { role: 'Consultant', count: 1 },
          { role: 'Nurse', count: 1 },
        ],
      },
    ],
    [
      `users/roles/roles/messages/count/${WINDOW}`,
      {
        results: [
          { role: 'Nurse', count: 3 },
          { role: 'Consultant', count: 1 },
        ],
      },
    ],
    [`teams/count/${WINDOW}`, { count: 2 }],
    ['teams/cross-organisational/count/2026-01-07', { count: 1 }],
    [`messages/images/count/${WINDOW}`, { count: 1 }],
    [`patient-cards/count/${WINDOW}`, { count: 1 }],
    [`pagers/count/${WINDOW}`, { count: 1 }],
  ];

  it.each(expected)('%s', async (path, answer) => {
    const res = await get(adminA, `${org()}/${path}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(answer);
  });

  it('resolved ask-advice conversations (the spec’s /v1/v1/ path)', async () => {
    const res = await get(
      adminA,
      `/v1${org()}/teams/ask-advice/resolved-conversations/count/${WINDOW}`,
    );
    expect(res.json()).toEqual({ count: 1 });
  });

  it('one day is one point; a later window counts what is after', async () => {
    const day = await get(adminA, `${org()}/messages/timeseries/daily/2026-01-08/2026-01-08`);
    expect(day.json()).toEqual({ results: [{ date: '2026-01-08', count: 0 }] });
    const later = await get(adminA, `${org()}/sessions/total/count/2026-01-08/2026-01-31`);
    expect(later.json()).toEqual({ count: 1 });
    expect(
      (await get(adminA, `${org()}/teams/cross-organisational/count/2026-01-10`)).json(),
    ).toEqual({ count: 2 });
  });
});

describe('analytics of a network (by hand)', () => {
  it('adds organisation B', async () => {
    const net = `/network/${ids.network}`;
    expect((await get(pando, `${net}/active-users/count/${WINDOW}`)).json()).toEqual({ count: 3 });
    expect((await get(pando, `${net}/sessions/total/count/${WINDOW}`)).json()).toEqual({
      count: 4,
    });
    expect((await get(pando, `${net}/messages/total/count/${WINDOW}`)).json()).toEqual({
      count: 4,
    });
    expect((await get(pando, `${net}/active-users/timeseries/hourly/${WINDOW}`)).json()).toEqual({
      results: withHours({ 9: 1, 10: 0.33, 14: 0.33, 23: 0.33 }),
    });
    expect((await get(pando, `${net}/total-users/roles/roles/count/${WINDOW}`)).json()).toEqual({
      results: [
        { role: 'Nurse', count: 2 },
        { role: 'Administration', count: 1 },
        { role: 'Consultant', count: 1 },
      ],
    });
  });
});

describe('analytics scope', () => {
  it('is 403 outside the caller’s organisation or network, and for non-admins', async () => {
    expect(
      (await get(adminA, `/organisation/${ids.b.uuid}/messages/total/count/${WINDOW}`)).statusCode,
    ).toBe(403);
    expect(
      (await get(adminA, `/network/${ids.network}/messages/total/count/${WINDOW}`)).statusCode,
    ).toBe(403);
    expect(
      (await get(demoNetworkAdmin, `/network/${ids.network}/messages/total/count/${WINDOW}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await get(demoNetworkAdmin, `/organisation/${ids.a.uuid}/messages/total/count/${WINDOW}`))
        .statusCode,
    ).toBe(403);
    const alice = (await ts.login(DEMO_ACCOUNTS.alice)).accessToken;
    const aliceOrg = await ts.db.query<{ uuid: string }>(
      `select h.uuid::text as uuid from users u join hospitals h on h.id = u.hospital_id where u.email = $1`,
      [DEMO_ACCOUNTS.alice],
    );
    expect(
      (await get(alice, `/organisation/${aliceOrg.rows[0]!.uuid}/messages/total/count/${WINDOW}`))
        .statusCode,
    ).toBe(403);
    // The demo network admin sees their own network, by numeric id or uuid.
    const demo = await ts.db.query<{ id: number; uuid: string }>(
      `select n.id, n.uuid::text as uuid from networks n join hospitals h on h.network_id = n.id where h.uuid = $1::uuid`,
      [aliceOrg.rows[0]!.uuid],
    );
    expect(
      (await get(demoNetworkAdmin, `/network/${demo.rows[0]!.id}/messages/total/count/${WINDOW}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await get(demoNetworkAdmin, `/network/${demo.rows[0]!.uuid}/messages/total/count/${WINDOW}`))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await ts.app.inject({
          method: 'GET',
          url: `/api/v1/network/${ids.network}/messages/total/count/${WINDOW}`,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('answers 404 for an unknown id and 400 for a bad window or scope', async () => {
    expect(
      (
        await get(
          pando,
          `/organisation/00000000-0000-4000-8000-000000000000/messages/total/count/${WINDOW}`,
        )
      ).statusCode,
    ).toBe(404);
    const backwards = await get(
      pando,
      `/organisation/${ids.a.uuid}/messages/total/count/2026-01-07/2026-01-05`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ details: [{ path: 'from' }] });
    expect(
      (await get(pando, `/organisation/${ids.a.uuid}/messages/total/count/2024-01-01/2026-01-05`))
        .statusCode,
    ).toBe(400);
    expect(
      (await get(pando, `/organisation/${ids.a.uuid}/messages/total/count/2026-13-01/2026-01-05`))
        .statusCode,
    ).toBe(400);
    expect(
      (await get(pando, `/ward/${ids.a.uuid}/messages/total/count/${WINDOW}`)).statusCode,
    ).toBe(400);
  });
});
