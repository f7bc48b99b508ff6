import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareTeamsByName } from '@pando/domain';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { api, type Caller, demoCallers } from './testing.js';

/**
 * The order of the sidebar's teams and forums is one rule, the domain's compareTeamsByName,
 * which the server applies. It must stay the order the server's SQL gave
 * before it (`order by lower(name), id` on a C or C.UTF-8 database), so answers keep their order:
 * the second test asks the database itself (PGlite, and PostgreSQL with DATABASE_URL).
 */
let ts: TestServer;
let alice: Caller;

beforeAll(async () => {
  ts = await startTestServer();
  ({ alice } = await demoCallers(ts));
});
afterAll(async () => {
  await ts.close();
});

interface Named {
  id: number;
  name: string;
}

/** Names that differ by case, equal names, accents, a Turkish İ, a Greek final Σ, beyond U+FFFF. */
const NAMES = [
  'zulu',
  'Émile',
  'alpha',
  'éa',
  'ALPHA',
  'Mike',
  'alpha',
  'mike team',
  'İpek',
  'ipek',
  'ÖZ',
  'oz',
  'ΟΔΟΣ',
  'οδος',
  '😀 ward',
  'Ａ ward',
  'Zulu',
];

describe('GET /teams-with-advices-conversations lists teams and forums by compareTeamsByName', () => {
  it('by name case-insensitively, equal names by id; the forums too', async () => {
    const tag = ` ${Date.now().toString(36)}`;
    const made: Named[] = [];
    for (const name of NAMES) {
      const res = await api(ts, alice, 'POST', '/api/v4/teams', { name: name + tag, user_ids: [] });
      expect(res.statusCode, res.body).toBeLessThan(300);
      made.push({ id: res.json<Named>().id, name: name + tag });
    }
    // Some made forums (discoverable and auto_accept, which no API of a member sets).
    const FORUMS = [`zulu${tag}`, `Zulu${tag}`, `Mike${tag}`, `mike team${tag}`];
    const forumIds = made.filter((t) => FORUMS.includes(t.name)).map((t) => t.id);
    await ts.db.query(
      'update teams set discoverable = true, auto_accept = true where id = any($1::int[])',
      [forumIds],
    );
    const res = await api(ts, alice, 'GET', '/api/v4/teams-with-advices-conversations');
    const body = res.json<{ teams: Named[]; forums: Named[] }>();
    const ours = (list: Named[]) => list.filter((t) => t.name.endsWith(tag)).map((t) => t.id);
    const expected = [...made].sort(compareTeamsByName);
    expect(ours(body.teams)).toEqual(
      expected.filter((t) => !forumIds.includes(t.id)).map((t) => t.id),
    );
    expect(ours(body.forums)).toEqual(
      expected.filter((t) => forumIds.includes(t.id)).map((t) => t.id),
    );
    // Spelled out, so the rule itself is checked too (equal names by id: made first, first).
    expect(expected.map((t) => t.name.slice(0, -tag.length))).toEqual([
      'alpha',
      'ALPHA',
      'alpha',
      'İpek',
      'ipek',
      'Mike',
      'mike team',
      'oz',
      'zulu',
      'Zulu',
      'éa',
      'Émile',
      'ÖZ',
      'οδος',
      'ΟΔΟΣ',
      'Ａ ward',
      '😀 ward',
    ]);
  });

  it('compareTeamsByName orders names as the database’s `order by lower(name), id` did', async () => {
    const r = await ts.db.query<{ id: number }>(
      `select id::int from unnest($1::text[]) with ordinality as t(name, id)
        order by lower(name), id`,
      [NAMES],
    );
    const sorted = NAMES.map((name, i) => ({ id: i + 1, name })).sort(compareTeamsByName);
    expect(sorted.map((t) => t.id)).toEqual(r.rows.map((t) => t.id));
  });
});
