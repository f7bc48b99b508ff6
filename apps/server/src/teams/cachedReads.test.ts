import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { sidebarLists } from './sidebar.js';
import { api, type Caller, demoCallers, teamId } from './testing.js';

/**
 * The response cache on the hot reads (apps/server/README.md "Response cache"): an answer is
 * reused until something it shows changes, and then never again. After every change below, each
 * caller's answer must equal one computed from the database at that moment.
 */
let ts: TestServer;
let alice: Caller;
let bob: Caller;
let carol: Caller;

const LIST = '/api/v4/teams-with-advices-conversations';

interface Lists {
  teams: { id: number; name: string; user_ids: number[] }[];
  forums: { id: number }[];
  advice_conversations: {
    id: number;
    requestor: { first_name: string } | null;
    requestor_resolved: boolean;
    public_team_resolved: boolean;
  }[];
}

beforeAll(async () => {
  ts = await startTestServer();
  ({ alice, bob, carol } = await demoCallers(ts));
});
afterAll(async () => {
  await ts.close();
});

async function lists(who: Caller): Promise<Lists> {
  const res = await api(ts, who, 'GET', LIST);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json<Lists>();
}

/** The caller's answer, checked against the database as it is now (no stale entry served). */
async function freshLists(who: Caller): Promise<Lists> {
  const answer = await lists(who);
  const fromDb = JSON.parse(JSON.stringify((await sidebarLists(ts.db, who.id)).value)) as Lists;
  expect(answer).toEqual(fromDb);
  return answer;
}

const teamNames = (l: Lists) => l.teams.map((t) => t.name);

describe('GET /teams-with-advices-conversations from the response cache', () => {
  it('serves the kept answer while nothing announced changes, and a fresh one once a change is announced', async () => {
    const ward7 = await teamId(ts, 'Ward 7 Team');
    expect(teamNames(await freshLists(alice))).toContain('Ward 7 Team');
    // A write nobody announces is not seen (the answer is really reused)…
    await ts.db.query(`update teams set name = 'Ward 7 (renamed behind our back)' where id = $1`, [
      ward7.id,
    ]);
    expect(teamNames(await lists(alice))).toContain('Ward 7 Team');
    // …until the change is announced, as every writer of teams does.
    ts.app.events.emit('team:changed', { teamId: ward7.id, userIds: [] });
    expect(teamNames(await freshLists(alice))).toContain('Ward 7 (renamed behind our back)');
    await ts.db.query(`update teams set name = 'Ward 7 Team' where id = $1`, [ward7.id]);
    ts.app.events.emit('team:changed', { teamId: ward7.id, userIds: [] });
    expect(teamNames(await freshLists(alice))).toContain('Ward 7 Team');
  });

  it('a member removed from a team no longer gets it, on the very next call', async () => {
    const team = (
      await api(ts, alice, 'POST', '/api/v4/teams', {
        name: 'Cache removal team',
        user_ids: [bob.id],
      })
    ).json<{ id: number }>();
    expect(teamNames(await freshLists(bob))).toContain('Cache removal team');
    expect(teamNames(await freshLists(alice))).toContain('Cache removal team');

    const removed = await api(ts, alice, 'POST', `/api/v4/teams/${team.id}/members/remove`, {
      user_ids: [bob.id],
    });
    expect(removed.statusCode).toBe(200);
    expect(teamNames(await freshLists(bob))).not.toContain('Cache removal team');
    const forAlice = (await freshLists(alice)).teams.find((t) => t.id === team.id);
    expect(forAlice?.user_ids).toEqual([alice.id]);
  });

  it('adding, renaming and leaving show at once to everyone concerned', async () => {
    const team = (
      await api(ts, alice, 'POST', '/api/v4/teams', { name: 'Cache change team', user_ids: [] })
    ).json<{ id: number }>();
    expect(teamNames(await freshLists(bob))).not.toContain('Cache change team');
    await freshLists(alice);

    await api(ts, alice, 'POST', `/api/v4/teams/${team.id}/members/add`, { user_ids: [bob.id] });
    expect(teamNames(await freshLists(bob))).toContain('Cache change team');
    expect((await freshLists(alice)).teams.find((t) => t.id === team.id)?.user_ids).toContain(
      bob.id,
    );

    await api(ts, bob, 'PUT', `/api/v4/teams/${team.id}`, { name: 'Cache renamed team' });
    expect(teamNames(await freshLists(alice))).toContain('Cache renamed team');
    expect(teamNames(await freshLists(bob))).toContain('Cache renamed team');

    await api(ts, bob, 'POST', `/api/v4/teams/${team.id}/leave`);
    expect(teamNames(await freshLists(bob))).not.toContain('Cache renamed team');
    expect((await freshLists(alice)).teams.find((t) => t.id === team.id)?.user_ids).toEqual([
      alice.id,
    ]);
  });

  it('an advice conversation shows to both sides as it opens, changes state and closes', async () => {
    const cardiology = await teamId(ts, 'Cardiology Advice');
    const count = async (who: Caller) => (await freshLists(who)).advice_conversations.length;
    const before = { carol: await count(carol), bob: await count(bob) };
    const opened = await api(
      ts,
      carol,
      'POST',
      `/api/v4/teams/${cardiology.id}/advice-conversations`,
      { message: 'Cache question' },
    );
    expect(opened.statusCode).toBe(201);
    const { id } = opened.json<{ id: number }>();
    expect(await count(carol)).toBe(before.carol + 1);
    expect(await count(bob)).toBe(before.bob + 1);

    const path = `/api/v4/teams/${cardiology.id}/advice-conversations/${id}`;
    expect((await api(ts, carol, 'PUT', `${path}/resolve`)).statusCode).toBe(200);
    const mine = (await freshLists(carol)).advice_conversations.find((a) => a.id === id);
    expect(mine?.requestor_resolved).toBe(true);
    expect(
      (await freshLists(bob)).advice_conversations.find((a) => a.id === id)?.requestor_resolved,
    ).toBe(true);

    // Both sides resolved: it leaves both lists (it lives in the advice history).
    expect((await api(ts, bob, 'PUT', `${path}/accept`)).statusCode).toBe(200);
    expect(await count(carol)).toBe(before.carol);
    expect(await count(bob)).toBe(before.bob);
  });

  it("a person's new name shows in the lists that name them (user:changed)", async () => {
    const requested = (l: Lists) =>
      l.advice_conversations.filter((a) => a.requestor?.first_name === 'Alicia').length;
    const open = (await freshLists(bob)).advice_conversations.length;
    expect(open).toBeGreaterThan(0);
    expect(requested(await lists(bob))).toBe(0);
    const old = await ts.db.query<{ first_name: string }>(
      'select first_name from users where id = $1',
      [alice.id],
    );
    await ts.db.query(`update users set first_name = 'Alicia' where id = $1`, [alice.id]);
    ts.app.events.emit('user:changed', { userId: alice.id });
    expect(requested(await freshLists(bob))).toBeGreaterThan(0);
    await ts.db.query('update users set first_name = $2 where id = $1', [
      alice.id,
      old.rows[0]?.first_name,
    ]);
    ts.app.events.emit('user:changed', { userId: alice.id });
    expect(requested(await freshLists(bob))).toBe(0);
  });

  it("never answers one person with another's lists, even when they ask at the same time", async () => {
    const people = [alice, bob, carol, alice, bob, carol, alice, bob, carol];
    const answers = await Promise.all(people.map((p) => api(ts, p, 'GET', LIST)));
    for (const [i, p] of people.entries()) {
      const fromDb = JSON.parse(JSON.stringify((await sidebarLists(ts.db, p.id)).value)) as Lists;
      expect(answers[i]?.json()).toEqual(fromDb);
    }
    expect((await lists(alice)).teams).not.toEqual((await lists(bob)).teams);
  });
});

describe('GET /filters from the response cache', () => {
  const search = async (who: Caller, qs: string) => {
    const res = await api(ts, who, 'GET', `/api/v4/filters?${qs}`);
    expect(res.statusCode).toBe(200);
    return res.json<{
      results: (
        { USER: { data: { id: number; status: string } } } | { TEAM: { data: { name: string } } }
      )[];
      meta: { total: number };
    }>();
  };

  it("shows another person's new availability at once", async () => {
    const statusOfBob = async () => {
      const r = await search(alice, 'include=user.other&q=bob');
      const hit = r.results.find((x) => 'USER' in x && x.USER.data.id === bob.id);
      return hit && 'USER' in hit ? hit.USER.data.status : undefined;
    };
    await api(ts, bob, 'PUT', '/api/v4/users/me/status', { status: 'AVAILABLE' });
    expect(await statusOfBob()).toBe('AVAILABLE');
    await api(ts, bob, 'PUT', '/api/v4/users/me/status', { status: 'UNAVAILABLE' });
    expect(await statusOfBob()).toBe('UNAVAILABLE');
  });

  it('finds a team created a moment after the same search found nothing', async () => {
    const qs = 'include=team.member-of&q=zebracache';
    expect((await search(bob, qs)).meta.total).toBe(0);
    await api(ts, alice, 'POST', '/api/v4/teams', { name: 'Zebracache ward', user_ids: [bob.id] });
    const r = await search(bob, qs);
    expect(r.meta.total).toBe(1);
    expect(r.results[0]).toMatchObject({ TEAM: { data: { name: 'Zebracache ward' } } });
  });

  it('keeps the paging links of the URL each caller sent', async () => {
    const a = await api(ts, alice, 'GET', '/api/v4/filters?q=a&include=user.other');
    const b = await api(ts, alice, 'GET', '/api/v4/filters?include=user.other&q=a');
    expect(a.json<{ links: { self: string } }>().links.self).toContain('q=a&include=user.other');
    expect(b.json<{ links: { self: string } }>().links.self).toContain('include=user.other&q=a');
  });
});
