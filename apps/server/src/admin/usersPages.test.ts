import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { type Caller, callerFor } from '../teams/testing.js';

/**
 * The admin users list's deep pages (issue 20): every page of every sort of spec 02 §2, in every
 * reach, is the slice [page × size, (page + 1) × size) of the whole list sorted here, in
 * TypeScript, from the rows and organisations as they are (not from users.network_id, which
 * migration 0800 keeps for the network's index walk). The people added share names, roles,
 * specialities and joining times, so ties (broken by id, in the first key's direction) and
 * nulls (last, either direction) decide much of the order.
 */

let ts: TestServer;
let admins: Record<'orgAdmin' | 'networkAdmin' | 'pandoAdmin', Caller>;

interface Row {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: { description: string | null };
  speciality: string | null;
  joined_at: string;
  hospital: { name: string } | null;
  network_uuid: string | null;
}
interface Page {
  results: Row[];
  totalResults: number;
}

interface Person {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role_description: string | null;
  speciality: string | null;
  created_at: Date;
  hospital_id: number | null;
  blocked: boolean;
}

const ADDED = 1500;
const SORTS = ['last_name', 'first_name', 'email', 'joined_at', 'role', 'speciality'] as const;
type Sort = (typeof SORTS)[number];

function get(who: Caller, url: string) {
  return ts.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
}

async function page(who: Caller, url: string): Promise<Page> {
  const res = await get(who, url);
  expect(res.statusCode, url).toBe(200);
  return res.json<Page>();
}

/** Every person with their organisation's network, read from hospitals (not users.network_id). */
async function people(): Promise<(Person & { network_id: number | null })[]> {
  const r = await ts.db.query<Person & { network_id: number | null }>(
    `select u.id, u.first_name, u.last_name, u.email, u.role_description, u.speciality,
            u.created_at, u.hospital_id, u.blocked, h.network_id
       from users u left join hospitals h on h.id = u.hospital_id`,
  );
  return r.rows;
}

/** The sort key of spec 02 §2 (names without case; role and speciality may be null). */
function key(p: Person, sort: Sort): string | number | null {
  switch (sort) {
    case 'last_name':
      return p.last_name.toLowerCase();
    case 'first_name':
      return p.first_name.toLowerCase();
    case 'email':
      return p.email;
    case 'joined_at':
      return p.created_at.getTime();
    case 'role':
      return p.role_description;
    case 'speciality':
      return p.speciality;
  }
}

/** The list's order: the key (nulls last either way), then id, both in the asked direction. */
function sorted<T extends Person>(rows: T[], sort: Sort, desc: boolean): T[] {
  const dir = desc ? -1 : 1;
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows].sort((a, b) => {
    const ka = key(a, sort);
    const kb = key(b, sort);
    if (ka === null || kb === null) {
      if (ka !== kb) return ka === null ? 1 : -1;
    } else if (ka !== kb) return dir * cmp(ka, kb);
    return dir * (a.id - b.id);
  });
}

let orgs: Record<string, { id: number; uuid: string; network_id: number; network_uuid: string }>;

beforeAll(async () => {
  ts = await startTestServer();
  admins = {
    orgAdmin: await callerFor(ts, DEMO_ACCOUNTS.orgAdmin),
    networkAdmin: await callerFor(ts, DEMO_ACCOUNTS.networkAdmin),
    pandoAdmin: await callerFor(ts, DEMO_ACCOUNTS.pandoAdmin),
  };
  const h = await ts.db.query<{
    id: number;
    name: string;
    uuid: string;
    network_id: number;
    network_uuid: string;
  }>(
    `select h.id, h.name, h.uuid::text as uuid, h.network_id, n.uuid::text as network_uuid
       from hospitals h join networks n on n.id = h.network_id order by h.id`,
  );
  orgs = Object.fromEntries(h.rows.map((o) => [o.name, o]));
  // People in every organisation (both networks), few distinct names in mixed case, a null role
  // in five and a null speciality in four, 17 joining times, one in eleven blocked.
  await ts.db.query(
    `insert into users (uuid, email, first_name, last_name, role_description, speciality,
                        hospital_id, created_at, blocked)
     select gen_random_uuid(), 'deep' || i || '@example.org',
            (array['ann', 'Ann', 'bob', 'Zoe', 'eve'])[1 + i % 5],
            (array['smith', 'Smith', 'SMITH', 'adams', 'Young', 'o''neil', 'Brown'])[1 + i % 7],
            case when i % 5 = 0 then null else (array['Nurse', 'Doctor', 'Pharmacist'])[1 + i % 3] end,
            case when i % 4 = 0 then null else (array['Cardiology', 'ENT'])[1 + i % 2] end,
            (select array_agg(id order by id) from hospitals)[1 + i % (select count(*)::int from hospitals)],
            timestamptz '2026-01-01' + make_interval(hours => i % 17),
            i % 11 = 0
       from generate_series(1, $1::int) i`,
    [ADDED],
  );
  // The planner's statistics and all-visible pages, as the server's maintenance leaves them.
  await ts.db.exec('vacuum analyze users');
});
afterAll(async () => {
  await ts.close();
});

describe('admin users list, deep pages', () => {
  it('a network admin: every page of every sort, both directions, is its slice of the whole sorted network', async () => {
    const stE = orgs['St Elsewhere General']!;
    const mine = (await people()).filter((p) => !p.blocked && p.network_id === stE.network_id);
    expect(mine.length).toBeGreaterThan(ADDED / 3);
    const size = 97;
    for (const sort of SORTS) {
      for (const desc of [false, true]) {
        const expected = sorted(mine, sort, desc).map((p) => p.id);
        const got: number[] = [];
        for (let n = 0; n * size < expected.length; n++) {
          const p = await page(
            admins.networkAdmin,
            `/api/v4/admin/users?sort=${desc ? '-' : ''}${sort}&page-size=${size}&page=${n}`,
          );
          expect(p.totalResults).toBe(expected.length);
          expect(
            p.results.map((r) => r.id),
            `${sort} ${desc ? 'desc' : 'asc'} page ${n}`,
          ).toEqual(expected.slice(n * size, (n + 1) * size));
          got.push(...p.results.map((r) => r.id));
        }
        expect(got).toEqual(expected);
      }
    }
  });

  it('an organisation admin, a product admin and a product admin narrowed to a network: far pages of every sort', async () => {
    const everyone = (await people()).filter((p) => !p.blocked);
    const stE = orgs['St Elsewhere General']!;
    const northgate = orgs['Northgate Clinic']!;
    const reaches: [Caller, string, typeof everyone][] = [
      [admins.orgAdmin, '', everyone.filter((p) => p.hospital_id === stE.id)],
      [admins.pandoAdmin, '', everyone],
      [
        admins.pandoAdmin,
        `&network=${northgate.network_uuid}`,
        everyone.filter((p) => p.network_id === northgate.network_id),
      ],
    ];
    const size = 23;
    for (const [who, narrow, reach] of reaches) {
      expect(reach.length).toBeGreaterThan(3 * size);
      const last = Math.ceil(reach.length / size) - 1;
      for (const sort of SORTS) {
        for (const desc of [false, true]) {
          const expected = sorted(reach, sort, desc).map((p) => p.id);
          for (const n of [0, 1, Math.floor(last / 2), last, last + 1]) {
            const url = `/api/v4/admin/users?sort=${desc ? '-' : ''}${sort}&page-size=${size}&page=${n}${narrow}`;
            const p = await page(who, url);
            expect(p.totalResults, url).toBe(expected.length);
            expect(
              p.results.map((r) => r.id),
              url,
            ).toEqual(expected.slice(n * size, (n + 1) * size));
          }
        }
      }
    }
  });
});

describe('users.network_id follows every writer (migration 0800)', () => {
  /** The network's list and count as the product admin sees them, narrowed to that network. */
  async function networkList(networkUuid: string) {
    const list = await page(
      admins.pandoAdmin,
      `/api/v4/admin/users?network=${networkUuid}&page-size=10000`,
    );
    const count = (
      await get(admins.pandoAdmin, `/api/v4/admin/users/count?network=${networkUuid}`)
    ).json<{ count: number }>().count;
    return { ids: list.results.map((r) => r.id), total: list.totalResults, count };
  }

  /** The unblocked people of a network, from their organisations. */
  async function expectedIds(networkId: number): Promise<number[]> {
    return (await people())
      .filter((p) => !p.blocked && p.network_id === networkId)
      .map((p) => p.id)
      .sort((a, b) => a - b);
  }

  async function expectLists(networks: { network_id: number; network_uuid: string }[]) {
    for (const n of networks) {
      const got = await networkList(n.network_uuid);
      const want = await expectedIds(n.network_id);
      expect([...got.ids].sort((a, b) => a - b)).toEqual(want);
      expect(got.total).toBe(want.length);
      expect(got.count).toBe(want.length);
    }
  }

  it('a transfer to an organisation of another network moves the person to that network', async () => {
    const stE = orgs['St Elsewhere General']!;
    const northgate = orgs['Northgate Clinic']!;
    const person = (
      await ts.db.query<{ id: number }>(`select id from users where email = 'deep1@example.org'`)
    ).rows[0]!.id;
    const before = await networkList(northgate.network_uuid);
    expect(before.ids).not.toContain(person);
    const res = await ts.app.inject({
      method: 'PATCH',
      url: `/api/v4/admin/users/${person}`,
      headers: { cookie: admins.pandoAdmin.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ hospital_uuid: northgate.uuid }),
    });
    expect(res.statusCode).toBe(200);
    const after = await networkList(northgate.network_uuid);
    expect(after.ids).toContain(person);
    expect(after.count).toBe(before.count + 1);
    expect((await networkList(stE.network_uuid)).ids).not.toContain(person);
    await expectLists([stE, northgate]);
  });

  it('an organisation moved to another network takes its people, its list and its count with it', async () => {
    const stE = orgs['St Elsewhere General']!;
    const riverside = orgs['Riverside Hospital']!;
    const northgate = orgs['Northgate Clinic']!;
    expect(riverside.network_id).toBe(stE.network_id);
    const movers = (await people())
      .filter((p) => !p.blocked && p.hospital_id === riverside.id)
      .map((p) => p.id);
    expect(movers.length).toBeGreaterThan(10);
    const demoBefore = await networkList(stE.network_uuid);
    // No endpoint moves an organisation (spec 02): SQL, as an operator would.
    await ts.db.query('update hospitals set network_id = $2 where id = $1', [
      riverside.id,
      northgate.network_id,
    ]);
    try {
      const moved = await networkList(northgate.network_uuid);
      expect(moved.ids).toEqual(expect.arrayContaining(movers));
      const demo = await networkList(stE.network_uuid);
      expect(demo.ids.filter((id) => movers.includes(id))).toEqual([]);
      expect(demo.count).toBe(demoBefore.count - movers.length);
      await expectLists([stE, northgate]);
    } finally {
      await ts.db.query('update hospitals set network_id = $2 where id = $1', [
        riverside.id,
        stE.network_id,
      ]);
    }
    await expectLists([stE, northgate]);
  });

  it('a person written with any network_id gets their organisation’s', async () => {
    const stE = orgs['St Elsewhere General']!;
    const northgate = orgs['Northgate Clinic']!;
    const r = await ts.db.query<{ id: number; network_id: number | null }>(
      `insert into users (uuid, email, first_name, last_name, hospital_id, network_id)
       values (gen_random_uuid(), 'wrong.network@example.org', 'Wren', 'Wrong', $1, $2)
       returning id, network_id`,
      [stE.id, northgate.network_id],
    );
    expect(r.rows[0]!.network_id).toBe(stE.network_id);
    const set = await ts.db.query<{ network_id: number | null }>(
      'update users set network_id = $2 where id = $1 returning network_id',
      [r.rows[0]!.id, northgate.network_id],
    );
    expect(set.rows[0]!.network_id).toBe(stE.network_id);
    const none = await ts.db.query<{ network_id: number | null }>(
      'update users set hospital_id = null where id = $1 returning network_id',
      [r.rows[0]!.id],
    );
    expect(none.rows[0]!.network_id).toBeNull();
    await expectLists([stE, northgate]);
  });
});
