import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FiltersQuerySchema, SearchResponseSchema } from '@pando/domain';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { api, type Caller, demoCallers } from '../teams/testing.js';

let ts: TestServer;
let alice: Caller;
let bob: Caller;
let carol: Caller;
let dave: Caller;

type Hit = {
  USER?: { data: { id: number; uuid: string; hospital_uuid: string } };
  TEAM?: { data: { id: number; name: string; member_of: boolean } };
};
interface Answer {
  results: Hit[];
  meta: { total: number; searchResultCount: number };
  links: { self: string; first: string; last: string; prev: string | null; next: string | null };
}

beforeAll(async () => {
  ts = await startTestServer();
  ({ alice, bob, carol, dave } = await demoCallers(ts));
  const all = await ts.db.query<{ uuid: string; email: string }>(
    'select uuid::text as uuid, email from users',
  );
  emailOf = new Map(all.rows.map((r) => [r.uuid, r.email]));
});
afterAll(async () => {
  await ts.close();
});

const search = async (who: Caller, qs: string) => {
  const res = await api(ts, who, 'GET', `/api/v4/filters?${qs}`);
  expect(res.statusCode).toBe(200);
  // The client parses the answer with the domain wire schema: it must pass.
  expect(SearchResponseSchema.safeParse(res.json()).error).toBeUndefined();
  return res.json<Answer>();
};
/** Hits are identified by uuid on the wire; tests read them as emails. */
let emailOf = new Map<string, string>();
const emails = (a: Answer) =>
  a.results.flatMap((r) => (r.USER ? [emailOf.get(r.USER.data.uuid) ?? r.USER.data.uuid] : []));
const teamNames = (a: Answer) => a.results.flatMap((r) => (r.TEAM ? [r.TEAM.data.name] : []));

describe('GET /filters (spec 01 §2 search, §3 search result)', () => {
  it('matches names and emails case-insensitively; results are keyed USER', async () => {
    const byName = await search(bob, 'include=user.other&q=ALIce');
    expect(emails(byName)).toEqual([DEMO_ACCOUNTS.alice]);
    expect(byName.meta).toMatchObject({ total: 1, searchResultCount: 1 });
    const byEmail = await search(bob, 'include=user.other&q=ALICE%40EXAMPLE');
    expect(emails(byEmail)).toEqual([DEMO_ACCOUNTS.alice]);
    const full = await search(bob, 'include=user.other&q=alice%20anderson');
    expect(emails(full)).toEqual([DEMO_ACCOUNTS.alice]);
  });

  it('user.other never lists the searcher themselves', async () => {
    expect(emails(await search(alice, 'include=user.other&q=alice'))).toEqual([]);
  });

  it('outside-organisation=true means the other organisations of the same network, never another network', async () => {
    expect(emails(await search(alice, 'include=user.other&q=carol'))).toEqual([]);
    expect(
      emails(await search(alice, 'include=user.other&q=carol&outside-organisation=true')),
    ).toEqual([DEMO_ACCOUNTS.carol]);
    expect(
      emails(await search(alice, 'include=user.other&q=dave&outside-organisation=true')),
    ).toEqual([]);
    expect(
      emails(await search(alice, 'include=user.other&q=bob&outside-organisation=true')),
    ).toEqual([]);
    const wide = await search(alice, 'include=user.other&outside-organisation=true&page[size]=100');
    expect(
      wide.results.every(
        (r) => r.USER?.data.hospital_uuid === wide.results[0]?.USER?.data.hospital_uuid,
      ),
    ).toBe(true);
    expect(emails(wide).some((e) => e.endsWith('example.net'))).toBe(false);
    expect(
      emails(await search(dave, 'include=user.other&q=alice&outside-organisation=true')),
    ).toEqual([]);
  });

  it('team includes: member-of, forum, forum.member-of, advice, advice.member-of (keyed TEAM)', async () => {
    expect(teamNames(await search(alice, 'include=team.member-of'))).toContain('Ward 7 Team');
    expect(teamNames(await search(alice, 'include=team.member-of'))).not.toContain('Night Shift');
    expect(teamNames(await search(alice, 'include=team.member-of'))).not.toContain(
      'Junior Doctors Forum',
    );
    expect(teamNames(await search(bob, 'include=team.forum&q=junior'))).toEqual([
      'Junior Doctors Forum',
    ]);
    expect(teamNames(await search(bob, 'include=team.forum.member-of&q=junior'))).toEqual([]);
    expect(teamNames(await search(alice, 'include=team.forum.member-of&q=junior'))).toEqual([
      'Junior Doctors Forum',
    ]);
    const advice = await search(alice, 'include=team.advice&q=CARDIO');
    expect(teamNames(advice)).toEqual(['Cardiology Advice']);
    expect(advice.results[0]?.TEAM?.data.member_of).toBe(false);
    expect(teamNames(await search(alice, 'include=team.advice.member-of'))).toEqual([]);
    expect(teamNames(await search(bob, 'include=team.advice.member-of'))).toEqual([
      'Cardiology Advice',
    ]);
    // Forums and advice channels of another organisation of the network only with the filter.
    expect(teamNames(await search(carol, 'include=team.advice'))).toEqual([]);
    expect(teamNames(await search(carol, 'include=team.advice&outside-organisation=true'))).toEqual(
      ['Cardiology Advice'],
    );
    expect(
      teamNames(await search(dave, 'include=team.advice,team.forum&outside-organisation=true')),
    ).toEqual([]);
  });

  it('several includes combine: users first, then teams', async () => {
    const mixed = await search(
      alice,
      'include=user.other,team.member-of,team.forum&q=a&page[size]=100',
    );
    const kinds = mixed.results.map((r) => (r.USER ? 'USER' : 'TEAM'));
    expect(kinds.indexOf('TEAM')).toBeGreaterThan(kinds.lastIndexOf('USER'));
    expect(emails(mixed)).toContain(DEMO_ACCOUNTS.bob);
    expect(teamNames(mixed)).toEqual(['Ward 7 Team']);
  });

  it('pages with page[number]: meta.total over all pages, searchResultCount per page, links', async () => {
    const first = await search(alice, 'include=user.other&q=&page[number]=1');
    expect(first.meta.total).toBeGreaterThan(20);
    expect(first.meta.searchResultCount).toBe(20);
    expect(first.links.prev).toBeNull();
    expect(first.links.next).toContain('page%5Bnumber%5D=2');
    const pages = Math.ceil(first.meta.total / 20);
    const seen: string[] = [];
    for (let p = 1; p <= pages; p++)
      seen.push(...emails(await search(alice, `include=user.other&page[number]=${p}`)));
    expect(seen).toHaveLength(first.meta.total);
    expect(new Set(seen).size).toBe(first.meta.total);
    const past = await search(alice, `include=user.other&page[number]=${pages + 5}`);
    expect(past.results).toEqual([]);
    expect(past.meta.total).toBe(first.meta.total);
  });

  it('a blank query pages users then teams like a query matching everyone, across the boundary', async () => {
    const include = 'include=user.other,team.member-of,team.forum,team.advice';
    const ids = (a: Answer) =>
      a.results.map((r) => (r.USER ? `u${r.USER.data.uuid}` : `t${r.TEAM?.data.name ?? ''}`));
    // Every email has an @ (teams: none match it), so q=@ takes the text-matching path.
    const everyone = await search(alice, `include=user.other&q=%40&page[size]=100`);
    const blankUsers = await search(alice, `include=user.other&page[size]=100`);
    expect(ids(blankUsers)).toEqual(ids(everyone));
    expect(blankUsers.meta.total).toBe(everyone.meta.total);

    const all = await search(alice, `${include}&page[size]=100`);
    expect(all.meta.total).toBeLessThanOrEqual(100);
    expect(teamNames(all).length).toBeGreaterThan(0);
    // Two page sizes, so at least one has a page holding both the last users and the first teams.
    for (const size of [7, 11]) {
      const seen: string[] = [];
      for (let p = 1; p <= Math.ceil(all.meta.total / size); p++) {
        const page = await search(alice, `${include}&page[size]=${size}&page[number]=${p}`);
        expect(page.meta.total).toBe(all.meta.total);
        seen.push(...ids(page));
      }
      expect(seen).toEqual(ids(all));
    }
  });

  it('LIKE wildcards in q are literal characters', async () => {
    expect((await search(alice, 'include=user.other&q=%25')).meta.total).toBe(0);
    expect((await search(alice, 'include=user.other&q=_')).meta.total).toBe(0);
  });

  it('bad input is a 400 naming the field', async () => {
    const res = await api(ts, alice, 'GET', '/api/v4/filters?include=user.everyone');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('include');
    expect((await api(ts, alice, 'GET', '/api/v4/filters?page[number]=0')).statusCode).toBe(400);
  });

  it('names, emails and team names are indexed for the search expressions', async () => {
    const r = await ts.db.query<{ indexname: string }>(
      // On PostgreSQL each test file has its own schema: look at this one only.
      `select indexname from pg_indexes
        where schemaname = current_schema()
          and indexname in ('users_search_trgm_idx', 'teams_search_trgm_idx')
        order by indexname`,
    );
    expect(r.rows.map((x) => x.indexname)).toEqual([
      'teams_search_trgm_idx',
      'users_search_trgm_idx',
    ]);
  });
});

describe('GET /filters: a repeated search is sent from the response cache first', () => {
  const URL = '/api/v4/filters?include=user.other,team.member-of&q=an&page%5Bsize%5D=5';

  it('answers a repeat with the same body and headers as the first answer, without parsing the query again', async () => {
    const parse = vi.spyOn(FiltersQuerySchema, 'safeParse');
    try {
      const first = await api(ts, dave, 'GET', URL);
      const again = await api(ts, dave, 'GET', URL);
      expect(first.statusCode).toBe(200);
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      for (const header of [
        'content-type',
        'content-length',
        'cache-control',
        'content-security-policy',
        'x-content-type-options',
      ])
        expect(again.headers[header], header).toBe(first.headers[header]);
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(again.headers['cache-control']).toBe('no-store');
      expect(parse).toHaveBeenCalledTimes(1);
      // Another URL is parsed (and searched) on its own.
      expect((await api(ts, dave, 'GET', `${URL}&page%5Bnumber%5D=2`)).statusCode).toBe(200);
      expect(parse).toHaveBeenCalledTimes(2);
    } finally {
      parse.mockRestore();
    }
  });

  it('answers each person from their own searches, and nobody without a session', async () => {
    const qs = 'include=user.other&q=a&page%5Bsize%5D=100';
    const forAlice = await search(alice, qs);
    const forBob = await search(bob, qs);
    // Each list leaves out its own searcher: bob is not served alice's kept answer.
    expect(emails(forAlice)).not.toContain(DEMO_ACCOUNTS.alice);
    expect(emails(forAlice)).toContain(DEMO_ACCOUNTS.bob);
    expect(emails(forBob)).not.toContain(DEMO_ACCOUNTS.bob);
    expect(emails(forBob)).toContain(DEMO_ACCOUNTS.alice);
    expect(emails(await search(alice, qs))).toEqual(emails(forAlice));
    const anonymous = await api(ts, undefined, 'GET', `/api/v4/filters?${qs}`);
    expect(anonymous.statusCode).toBe(401);
  });

  it('never keeps an answer to a query its schema refuses: the same bad URL is a 400 each time', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await api(ts, alice, 'GET', '/api/v4/filters?page%5Bsize%5D=1000');
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('page[size]');
    }
  });
});
