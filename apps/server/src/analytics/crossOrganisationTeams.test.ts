import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { type Caller, callerFor } from '../teams/testing.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';

/**
 * The cross-organisation teams count is read from team_organisations (members per team and
 * organisation, migration 0602), kept by triggers. Each writer below changes a team's spread of
 * organisations and the network's count is read from the endpoint after it; at the end the kept
 * counts equal the ones worked out from the memberships.
 */
let ts: TestServer;
let admin: Caller;
let bearer: string;
let networkId: number;
let stE: { id: number; uuid: string };
let riverside: { id: number; uuid: string };
let people: Record<'s1' | 's2' | 'r1' | 'r2', number>;
let before: number;

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) {
  return ts.app.inject({
    method,
    url,
    headers: {
      cookie: admin.cookie,
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** The network's cross-organisation teams at the end of today (UTC). */
async function crossTeams(): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const res = await ts.app.inject({
    method: 'GET',
    url: `/api/v1/network/${networkId}/teams/cross-organisational/count/${today}`,
    headers: { authorization: `Bearer ${bearer}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ count: number }>().count;
}

beforeAll(async () => {
  ts = await startTestServer();
  admin = await callerFor(ts, DEMO_ACCOUNTS.networkAdmin);
  bearer = (await ts.login(DEMO_ACCOUNTS.networkAdmin)).accessToken;
  const org = async (name: string) =>
    (
      await ts.db.query<{ id: number; uuid: string; network_id: number }>(
        'select id, uuid::text as uuid, network_id from hospitals where name = $1',
        [name],
      )
    ).rows[0]!;
  const s = await org('St Elsewhere General');
  const r = await org('Riverside Hospital');
  expect(r.network_id).toBe(s.network_id);
  networkId = s.network_id;
  stE = s;
  riverside = r;
  const user = async (email: string, hospitalId: number) =>
    (
      await ts.db.query<{ id: number }>(
        `insert into users (uuid, email, first_name, last_name, hospital_id, access_level)
         values (gen_random_uuid(), $1, 'Cross', $1, $2, 'USER_VERIFIED') returning id`,
        [email, hospitalId],
      )
    ).rows[0]!.id;
  people = {
    s1: await user('s1@cross.test', stE.id),
    s2: await user('s2@cross.test', stE.id),
    r1: await user('r1@cross.test', riverside.id),
    r2: await user('r2@cross.test', riverside.id),
  };
  before = await crossTeams();
});
afterAll(async () => {
  await ts.close();
});

describe('cross-organisation teams, kept by triggers', () => {
  let team: number;

  it('a team of one organisation is not counted; adding a member of another makes it count', async () => {
    const res = await call('POST', `/api/v4/admin/teams?organisation=${stE.uuid}`, {
      name: 'Cross Count Team',
      members: [people.s1, people.s2],
    });
    expect(res.statusCode, res.body).toBe(201);
    team = res.json<{ id: number }>().id;
    expect(await crossTeams()).toBe(before);
    const added = await call('POST', `/api/v4/admin/teams/${team}/members/add`, {
      user_ids: [people.r1, people.r2],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(await crossTeams()).toBe(before + 1);
  });

  it('removing the other organisation’s members makes it one organisation again', async () => {
    await call('POST', `/api/v4/admin/teams/${team}/members/remove`, { user_ids: [people.r1] });
    expect(await crossTeams()).toBe(before + 1); // r2 is still there
    await call('POST', `/api/v4/admin/teams/${team}/members/remove`, { user_ids: [people.r2] });
    expect(await crossTeams()).toBe(before);
  });

  it('a member transferred to another organisation moves the team with them, and back', async () => {
    const transfer = async (id: number, to: string) => {
      const res = await call('PATCH', `/api/v4/admin/users/${id}`, { hospital_uuid: to });
      expect(res.statusCode, res.body).toBe(200);
    };
    await transfer(people.s2, riverside.uuid);
    expect(await crossTeams()).toBe(before + 1);
    await transfer(people.s2, stE.uuid);
    expect(await crossTeams()).toBe(before);
  });

  it('a deleted user leaves the count with their memberships', async () => {
    const gone = (
      await ts.db.query<{ id: number }>(
        `insert into users (uuid, email, first_name, last_name, hospital_id, access_level)
         values (gen_random_uuid(), 'gone@cross.test', 'Cross', 'Gone', $1, 'USER_VERIFIED') returning id`,
        [riverside.id],
      )
    ).rows[0]!.id;
    await call('POST', `/api/v4/admin/teams/${team}/members/add`, { user_ids: [gone] });
    expect(await crossTeams()).toBe(before + 1);
    await ts.db.query('delete from users where id = $1', [gone]);
    expect(await crossTeams()).toBe(before);
  });

  it('a deleted team is counted no more, and a team removed for good takes its counts with it', async () => {
    await call('POST', `/api/v4/admin/teams/${team}/members/add`, { user_ids: [people.r1] });
    expect(await crossTeams()).toBe(before + 1);
    expect((await call('DELETE', `/api/v4/admin/teams/${team}`)).statusCode).toBe(204);
    expect(await crossTeams()).toBe(before);
    // A second cross-organisation team, deleted with SQL: the cascade leaves nothing behind.
    const other = await call('POST', `/api/v4/admin/teams?organisation=${stE.uuid}`, {
      name: 'Cross Count Team 2',
      members: [people.s1, people.r1],
    });
    const otherId = other.json<{ id: number }>().id;
    expect(await crossTeams()).toBe(before + 1);
    await ts.db.query('delete from teams where id = $1', [otherId]);
    expect(await crossTeams()).toBe(before);
    const left = await ts.db.query('select 1 from team_organisations where team_id = $1', [
      otherId,
    ]);
    expect(left.rows).toHaveLength(0);
  });

  it('the kept counts equal the ones worked out from every membership', async () => {
    const diff = await ts.db.query(
      `(select m.team_id, u.hospital_id, count(*)::int as members
          from team_members m join users u on u.id = m.user_id
         where u.hospital_id is not null group by 1, 2
        except select team_id, hospital_id, members from team_organisations)
       union all
       (select team_id, hospital_id, members from team_organisations
        except select m.team_id, u.hospital_id, count(*)::int
          from team_members m join users u on u.id = m.user_id
         where u.hospital_id is not null group by 1, 2)`,
    );
    expect(diff.rows).toEqual([]);
    const kept = await ts.db.query<{ n: number }>(
      'select count(*)::int as n from team_organisations',
    );
    expect(kept.rows[0]!.n).toBeGreaterThan(0);
  });
});
