import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { TestBrowser } from '../testing/browser.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { type Caller, callerFor, roomMembers } from '../teams/testing.js';
import { chatLogin, connectAs, rawSocket } from '../xmpp/testing/clients.js';

let ts: TestServer;
let people: Record<
  'alice' | 'bob' | 'carol' | 'dave' | 'orgAdmin' | 'networkAdmin' | 'pandoAdmin',
  Caller
>;
/** Organisation and network uuids by name. */
let org: Record<string, { id: number; uuid: string; network_uuid: string }>;

function call(
  who: Caller | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) {
  return ts.app.inject({
    method,
    url,
    headers: {
      ...(who ? { cookie: who.cookie } : {}),
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

interface Page {
  results: {
    id: number;
    last_name: string;
    first_name: string;
    email: string;
    hospital: { name: string } | null;
  }[];
  page: number;
  pageSize: number;
  totalResults: number;
}

/** What the database says an admin of `where` should count (unblocked users). */
async function dbCount(where: string, args: unknown[] = []): Promise<number> {
  const r = await ts.db.query<{ n: number }>(
    `select count(*)::int as n from users u left join hospitals h on h.id = u.hospital_id
      where not u.blocked and ${where}`,
    args,
  );
  return r.rows[0]!.n;
}

beforeAll(async () => {
  ts = await startTestServer();
  const entries = await Promise.all(
    (['alice', 'bob', 'carol', 'dave', 'orgAdmin', 'networkAdmin', 'pandoAdmin'] as const).map(
      async (k) => [k, await callerFor(ts, DEMO_ACCOUNTS[k])] as const,
    ),
  );
  people = Object.fromEntries(entries) as typeof people;
  const r = await ts.db.query<{ id: number; name: string; uuid: string; network_uuid: string }>(
    `select h.id, h.name, h.uuid::text as uuid, n.uuid::text as network_uuid
       from hospitals h join networks n on n.id = h.network_id`,
  );
  org = Object.fromEntries(r.rows.map((h) => [h.name, h]));
});
afterAll(async () => {
  await ts.close();
});

describe('admin scopes', () => {
  it('USER and USER_VERIFIED get 403 on every admin call', async () => {
    for (const who of [people.alice, people.carol]) {
      for (const [method, url] of [
        ['GET', '/api/v4/admin/users'],
        ['GET', '/api/v4/admin/users/count'],
        ['GET', `/api/v4/admin/users/${people.bob.id}`],
        ['GET', `/api/v4/admin/users/${people.bob.id}/auth-code`],
      ] as const) {
        const res = await call(who, method, url);
        expect(res.statusCode, `${who.email} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({
          message: 'You are not allowed to perform that action.',
        });
      }
      expect(
        (await call(who, 'PATCH', `/api/v4/admin/users/${people.bob.id}`, { blocked: true }))
          .statusCode,
      ).toBe(403);
    }
    expect((await call(undefined, 'GET', '/api/v4/admin/users')).statusCode).toBe(401);
  });

  it('an organisation admin sees their organisation only; another organisation is 403', async () => {
    const stE = org['St Elsewhere General']!;
    const count = await call(people.orgAdmin, 'GET', '/api/v4/admin/users/count');
    expect(count.json()).toEqual({ count: await dbCount('u.hospital_id = $1', [stE.id]) });
    const page = (
      await call(people.orgAdmin, 'GET', '/api/v4/admin/users?page-size=500')
    ).json<Page>();
    expect(page.results.every((u) => u.hospital?.name === 'St Elsewhere General')).toBe(true);
    expect(page.results.map((u) => u.id)).not.toContain(people.carol.id);
    // Naming its own organisation is fine; another one (same network or not) is refused.
    expect(
      (await call(people.orgAdmin, 'GET', `/api/v4/admin/users/count?organisation=${stE.uuid}`))
        .statusCode,
    ).toBe(200);
    for (const url of [
      `/api/v4/admin/users?organisation=${org['Riverside Hospital']!.uuid}`,
      `/api/v4/admin/users/count?organisation=${org['Northgate Clinic']!.uuid}`,
      `/api/v4/admin/users?network=${stE.network_uuid}`,
      `/api/v4/admin/users/${people.carol.id}`,
      `/api/v4/admin/users/${people.dave.id}`,
    ])
      expect((await call(people.orgAdmin, 'GET', url)).statusCode, url).toBe(403);
    expect(
      (
        await call(people.orgAdmin, 'PATCH', `/api/v4/admin/users/${people.carol.id}`, {
          blocked: true,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('a network admin sees their network, narrowed by ?organisation=; another network is 403', async () => {
    const stE = org['St Elsewhere General']!;
    const riverside = org['Riverside Hospital']!;
    const all = await call(people.networkAdmin, 'GET', '/api/v4/admin/users/count');
    expect(all.json()).toEqual({
      count: await dbCount('h.network_id = (select network_id from hospitals where id = $1)', [
        stE.id,
      ]),
    });
    const narrowed = (
      await call(
        people.networkAdmin,
        'GET',
        `/api/v4/admin/users?organisation=${riverside.uuid}&page-size=500`,
      )
    ).json<Page>();
    expect(narrowed.totalResults).toBe(await dbCount('u.hospital_id = $1', [riverside.id]));
    expect(narrowed.results.map((u) => u.id)).toContain(people.carol.id);
    expect(narrowed.results.every((u) => u.hospital?.name === 'Riverside Hospital')).toBe(true);
    expect(
      (await call(people.networkAdmin, 'GET', `/api/v4/admin/users/${people.carol.id}`)).statusCode,
    ).toBe(200);
    for (const url of [
      `/api/v4/admin/users?network=${org['Northgate Clinic']!.network_uuid}`,
      `/api/v4/admin/users/count?organisation=${org['Northgate Clinic']!.uuid}`,
      `/api/v4/admin/users/${people.dave.id}`,
      `/api/v4/admin/users/${people.dave.id}/auth-code`,
    ])
      expect((await call(people.networkAdmin, 'GET', url)).statusCode, url).toBe(403);
    // An unknown organisation is a 404, a malformed one a 400 naming the field.
    expect(
      (
        await call(
          people.networkAdmin,
          'GET',
          '/api/v4/admin/users?organisation=00000000-0000-4000-8000-000000000000',
        )
      ).statusCode,
    ).toBe(404);
    const bad = await call(people.networkAdmin, 'GET', '/api/v4/admin/users?organisation=a%20b');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('organisation');
  });

  it('a product admin sees everything and may narrow to any network', async () => {
    expect((await call(people.pandoAdmin, 'GET', '/api/v4/admin/users/count')).json()).toEqual({
      count: await dbCount('true'),
    });
    const northgate = (
      await call(
        people.pandoAdmin,
        'GET',
        `/api/v4/admin/users?network=${org['Northgate Clinic']!.network_uuid}&page-size=500`,
      )
    ).json<Page>();
    expect(northgate.results.map((u) => u.id)).toContain(people.dave.id);
    expect(northgate.results.map((u) => u.id)).not.toContain(people.alice.id);
  });
});

describe('admin users list', () => {
  it('pages from 0, sorted by last name by default, with the total', async () => {
    const stE = org['St Elsewhere General']!;
    const total = await dbCount('u.hospital_id = $1', [stE.id]);
    const first = (await call(people.orgAdmin, 'GET', '/api/v4/admin/users')).json<Page>();
    const second = (await call(people.orgAdmin, 'GET', '/api/v4/admin/users?page=1')).json<Page>();
    expect(first).toMatchObject({ page: 0, pageSize: 10, totalResults: total });
    expect(first.results).toHaveLength(10);
    expect(second.page).toBe(1);
    const both = [...first.results, ...second.results];
    expect(new Set(both.map((u) => u.id)).size).toBe(20);
    const expected = await ts.db.query<{ id: number }>(
      `select id from users where hospital_id = $1 and not blocked
        order by lower(last_name), lower(first_name), id limit 20`,
      [stE.id],
    );
    // Ties on last name are ordered by id, not by first name, unless asked: compare last names.
    const lastNames = (ids: number[]) =>
      ts.db
        .query<{ id: number; last_name: string }>(
          'select id, lower(last_name) as last_name from users where id = any($1::int[])',
          [ids],
        )
        .then((r) => new Map(r.rows.map((x) => [x.id, x.last_name])));
    const names = await lastNames(expected.rows.map((x) => x.id));
    expect(both.map((u) => u.last_name.toLowerCase())).toEqual(
      expected.rows.map((x) => names.get(x.id)),
    );
    const beyond = (
      await call(people.orgAdmin, 'GET', '/api/v4/admin/users?page=1000')
    ).json<Page>();
    expect(beyond).toMatchObject({ results: [], totalResults: total });
  });

  it('sorts by the requested column, descending with "-", name meaning last_name', async () => {
    const desc = (
      await call(people.orgAdmin, 'GET', '/api/v4/admin/users?sort=-name&page-size=500')
    ).json<Page>();
    const names = desc.results.map((u) => u.last_name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
    const byEmail = (
      await call(people.orgAdmin, 'GET', '/api/v4/admin/users?sort=email&page-size=500')
    ).json<Page>();
    const emails = byEmail.results.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    const bad = await call(people.orgAdmin, 'GET', '/api/v4/admin/users?sort=last_name;drop');
    expect(bad.statusCode).toBe(400);
  });

  it('searches first name, last name and email with q or searchQuery', async () => {
    for (const param of ['q', 'searchQuery']) {
      const page = (
        await call(people.orgAdmin, 'GET', `/api/v4/admin/users?${param}=ALICE`)
      ).json<Page>();
      expect(
        page.results.map((u) => u.email),
        param,
      ).toEqual(['alice@example.org']);
      expect(page.totalResults).toBe(1);
    }
    // A search matching more than a page counts every match, on every page (the count comes
    // from the page's own scan); a page past the matches still knows the total.
    const matching = await dbCount(`u.hospital_id = $1 and u.email like '%example%'`, [
      org['St Elsewhere General']!.id,
    ]);
    expect(matching).toBeGreaterThan(4);
    for (const pageNo of [0, 1, 1000]) {
      const page = (
        await call(
          people.orgAdmin,
          'GET',
          `/api/v4/admin/users?q=EXAMPLE&page-size=3&page=${pageNo}`,
        )
      ).json<Page>();
      expect(page.totalResults, `page ${pageNo}`).toBe(matching);
      expect(page.results).toHaveLength(pageNo === 1000 ? 0 : 3);
    }
    // LIKE wildcards are plain characters.
    const wild = (await call(people.orgAdmin, 'GET', '/api/v4/admin/users?q=%25')).json<Page>();
    expect(wild.totalResults).toBe(0);
  });
});

describe('admin users search from the response cache', () => {
  const search = async (who: Caller, query: string) => {
    const res = await call(who, 'GET', `/api/v4/admin/users?${query}`);
    expect(res.statusCode, query).toBe(200);
    return res.json<Page & { results: { status: string; blocked: boolean }[] }>();
  };

  it('an organisation admin and a network admin with the same search each get their own reach', async () => {
    const general = org['St Elsewhere General']!;
    const inOrg = await dbCount(`u.hospital_id = $1 and u.email like '%example%'`, [general.id]);
    const inNetwork = await dbCount(
      `h.network_id = (select network_id from hospitals where id = $1) and u.email like '%example%'`,
      [general.id],
    );
    expect(inNetwork).toBeGreaterThan(inOrg);
    // Each order, twice (the second call of each is the kept answer).
    for (const [first, second] of [
      [people.networkAdmin, people.orgAdmin],
      [people.orgAdmin, people.networkAdmin],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const a = await search(first, 'q=example&page-size=500');
        const b = await search(second, 'q=example&page-size=500');
        const want = (who: Caller) => (who === people.orgAdmin ? inOrg : inNetwork);
        expect(a.totalResults).toBe(want(first));
        expect(b.totalResults).toBe(want(second));
        expect(a.results).toHaveLength(want(first));
      }
    }
    // One viewer, narrowed to an organisation: a different reach, a different answer.
    const narrowed = await search(
      people.networkAdmin,
      `q=example&page-size=500&organisation=${general.uuid}`,
    );
    expect(narrowed.totalResults).toBe(inOrg);
    // The access guards run before the kept answer is looked up: the same viewer, no longer an
    // admin (a new session carries the new access level), gets no kept answer.
    await search(people.orgAdmin, 'q=example');
    await ts.db.query(`update users set access_level = 'USER' where id = $1`, [people.orgAdmin.id]);
    try {
      const demoted = await callerFor(ts, DEMO_ACCOUNTS.orgAdmin);
      expect((await call(demoted, 'GET', '/api/v4/admin/users?q=example')).statusCode).toBe(403);
    } finally {
      await ts.db.query(`update users set access_level = 'ORGANISATION_ADMIN' where id = $1`, [
        people.orgAdmin.id,
      ]);
      people.orgAdmin = await callerFor(ts, DEMO_ACCOUNTS.orgAdmin);
    }
  });

  it('a repeated search shows every change to a matching user at once', async () => {
    const general = org['St Elsewhere General']!;
    const riverside = org['Riverside Hospital']!;
    const email = 'zebedee.cachetest@example.org';
    const created = await ts.db.query<{ id: number }>(
      `insert into users (uuid, email, first_name, last_name, hospital_id, access_level, created_at, modified_at)
       values (gen_random_uuid(), $1, 'Zebedee', 'Cachetest', $2, 'USER', now(), now()) returning id`,
      [email, general.id],
    );
    const id = created.rows[0]!.id;
    const zebedee = await callerFor(ts, email);
    const q = 'q=zebedee';
    const seen = async () => ({
      org: (await search(people.orgAdmin, q)).results,
      network: (await search(people.networkAdmin, q)).results,
    });
    const patch = async (body: unknown) => {
      const res = await call(people.networkAdmin, 'PATCH', `/api/v4/admin/users/${id}`, body);
      expect(res.statusCode).toBe(200);
    };

    let now = await seen();
    expect(now.org.map((u) => u.id)).toEqual([id]);
    expect(now.network[0]?.hospital).toEqual({ name: 'St Elsewhere General' });
    // Kept: the same answer again.
    expect(await seen()).toEqual(now);

    // Transfer (admin API): gone from the organisation admin's search, moved in the network's.
    await patch({ hospital_uuid: riverside.uuid });
    now = await seen();
    expect(now.org).toEqual([]);
    expect(now.network[0]?.hospital).toEqual({ name: 'Riverside Hospital' });
    await patch({ hospital_uuid: general.uuid });
    expect((await seen()).org.map((u) => u.id)).toEqual([id]);

    // The user's own change by another path (their availability).
    const before = (await seen()).network[0]!.status;
    const set = await ts.app.inject({
      method: 'PUT',
      url: '/api/v4/users/me/status',
      headers: { cookie: zebedee.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ status: before === 'AVAILABLE' ? 'UNAVAILABLE' : 'AVAILABLE' }),
    });
    expect(set.statusCode).toBe(200);
    expect((await seen()).network[0]!.status).not.toBe(before);

    // Block: out of every admin's search; unblock: back.
    await patch({ blocked: true });
    now = await seen();
    expect(now.org).toEqual([]);
    expect(now.network).toEqual([]);
    await patch({ blocked: false });
    expect((await seen()).network.map((u) => u.id)).toEqual([id]);

    // A new user who matches (an invitee's first login creates them) is found at once.
    const signUp = 'zebedee.second@example.org';
    await ts.db.query(`insert into invites (email, hospital_id) values ($1, $2)`, [
      signUp,
      general.id,
    ]);
    await callerFor(ts, signUp);
    expect((await seen()).org.map((u) => u.email).sort()).toEqual([signUp, email].sort());
  });
});

describe('admin user changes', () => {
  it('transfers within the reach and announces it; outside it is a 400 naming hospital_uuid', async () => {
    const changed: number[] = [];
    const onChanged = ({ userId }: { userId: number }) => changed.push(userId);
    ts.app.events.on('user:changed', onChanged);
    try {
      const moved = await call(
        people.networkAdmin,
        'PATCH',
        `/api/v4/admin/users/${people.bob.id}`,
        {
          hospital_uuid: org['Riverside Hospital']!.uuid,
        },
      );
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({
        id: people.bob.id,
        hospital_uuid: org['Riverside Hospital']!.uuid,
        blocked: false,
      });
      expect(changed).toContain(people.bob.id);
      // bob's own app sees the move at once.
      const me = await call(people.bob, 'GET', '/api/v4/login/current?embed=hospital');
      expect(me.json()).toMatchObject({ hospital: { name: 'Riverside Hospital' } });

      const away = await call(
        people.networkAdmin,
        'PATCH',
        `/api/v4/admin/users/${people.bob.id}`,
        {
          hospital_uuid: org['Northgate Clinic']!.uuid,
        },
      );
      expect(away.statusCode).toBe(400);
      expect(away.json()).toMatchObject({ details: [{ path: 'hospital_uuid' }] });
      const unknownField = await call(
        people.networkAdmin,
        'PATCH',
        `/api/v4/admin/users/${people.bob.id}`,
        {
          access_level: 'PANDO_ADMIN',
        },
      );
      expect(unknownField.statusCode).toBe(400);
      const back = await call(
        people.networkAdmin,
        'PATCH',
        `/api/v4/admin/users/${people.bob.id}`,
        {
          hospital_uuid: org['St Elsewhere General']!.uuid,
        },
      );
      expect(back.json()).toMatchObject({ hospital_uuid: org['St Elsewhere General']!.uuid });
    } finally {
      ts.app.events.off('user:changed', onChanged);
    }
  });

  it('refuses to block yourself or someone above you', async () => {
    expect(
      (
        await call(people.orgAdmin, 'PATCH', `/api/v4/admin/users/${people.orgAdmin.id}`, {
          blocked: true,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(people.orgAdmin, 'PATCH', `/api/v4/admin/users/${people.networkAdmin.id}`, {
          blocked: true,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('blocking ends every session and every chat socket of the user at once, bound or not', async () => {
    const bound = await connectAs(ts, DEMO_ACCOUNTS.carol);
    const disconnected = new Promise<void>((resolve) =>
      bound.xmpp.once('disconnect', () => {
        resolve();
      }),
    );
    // A second socket past SASL, not bound yet.
    const login = await chatLogin(ts, DEMO_ACCOUNTS.carol);
    const raw = await rawSocket(ts.url);
    const domain = ts.app.config.xmppDomain;
    raw.send(`<open xmlns="urn:ietf:params:xml:ns:xmpp-framing" to="${domain}" version="1.0"/>`);
    await raw.waitFor((f) => f.includes('<mechanism>PLAIN'));
    raw.send(
      `<auth xmlns="urn:ietf:params:xml:ns:xmpp-sasl" mechanism="PLAIN">${Buffer.from(`\0${login.uuid}\0${login.token}`).toString('base64')}</auth>`,
    );
    await raw.waitFor((f) => f.startsWith('<success'));

    const res = await call(people.networkAdmin, 'PATCH', `/api/v4/admin/users/${people.carol.id}`, {
      blocked: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ blocked: true });
    await disconnected;
    await raw.closed;
    await bound.stop();
    expect((await call(people.carol, 'GET', '/api/v4/login/current')).statusCode).toBe(401);
    const sessions = await ts.db.query('select 1 from sessions where user_id = $1', [
      people.carol.id,
    ]);
    expect(sessions.rows).toHaveLength(0);
    // Blocked users leave the list and the count.
    const list = (
      await call(people.networkAdmin, 'GET', '/api/v4/admin/users?q=carol')
    ).json<Page>();
    expect(list.totalResults).toBe(0);
    // Unblocking lets them log in again.
    const unblocked = await call(
      people.networkAdmin,
      'PATCH',
      `/api/v4/admin/users/${people.carol.id}`,
      { blocked: false },
    );
    expect(unblocked.json()).toMatchObject({ blocked: false });
    people.carol = await callerFor(ts, DEMO_ACCOUNTS.carol);
    expect((await call(people.carol, 'GET', '/api/v4/login/current')).statusCode).toBe(200);
  });
});

describe('admin auth code', () => {
  it('is for network admins only: 409 until the user started a login, then a code that opens that login', async () => {
    const url = `/api/v4/admin/users/${people.bob.id}/auth-code`;
    expect((await call(people.orgAdmin, 'GET', url)).statusCode).toBe(403);
    expect((await call(people.pandoAdmin, 'GET', url)).statusCode).toBe(403);
    const before = await call(people.networkAdmin, 'GET', url);
    expect(before.statusCode).toBe(409);

    // bob types his email in the app (a new browser), then the admin reads him a code.
    const phone = new TestBrowser(ts.app, '10.0.0.7');
    expect(
      (await phone.request('POST', '/api/v4/auth', { email: DEMO_ACCOUNTS.bob })).statusCode,
    ).toBe(200);
    const first = await call(people.networkAdmin, 'GET', url);
    expect(first.statusCode).toBe(200);
    const second = (await call(people.networkAdmin, 'GET', url)).json<{
      authorization_code: string;
    }>();
    expect(second.authorization_code).toMatch(/^[a-z2-9]{6}$/);
    // Each call gives a fresh code; the earlier one no longer works.
    const stale = first.json<{ authorization_code: string }>().authorization_code;
    if (stale !== second.authorization_code) {
      const refused = await phone.request('POST', '/api/v4/auth/validate?cookie=true', {
        authorization_code: stale,
      });
      expect(refused.statusCode).toBe(400);
    }
    // A code opens only the login bob started on his phone, not one in another browser.
    const elsewhere = new TestBrowser(ts.app, '10.0.0.8');
    expect(
      (
        await elsewhere.request('POST', '/api/v4/auth/validate?cookie=true', {
          authorization_code: second.authorization_code,
        })
      ).statusCode,
    ).toBe(400);
    const ok = await phone.request('POST', '/api/v4/auth/validate?cookie=true', {
      authorization_code: second.authorization_code,
    });
    expect(ok.statusCode).toBe(200);
    // Used: the next request needs a new login again.
    expect((await call(people.networkAdmin, 'GET', url)).statusCode).toBe(409);
  });
});

describe('admin invitations', () => {
  interface InvitePage {
    results: { id: number; email: string; approved_by_name: string | null; sent_at: string }[];
    totalResults: number;
  }

  it('invites by email with an invitation email; FEATURE_NOT_ENABLED without user_invite_by_email; 409 for a member or a pending invite', async () => {
    const email = 'invited.nurse@example.org';
    const res = await call(people.networkAdmin, 'POST', '/api/v4/admin/invites', {
      email: 'Invited.Nurse@example.org',
    });
    expect(res.statusCode).toBe(201);
    const invite = res.json<{ email: string; approved_by_name: string }>();
    expect(invite.email).toBe(email);
    expect(invite.approved_by_name).toMatch(/\S/);
    const mail = ts.app.devMailbox!.list(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('St Elsewhere General');

    expect(
      (await call(people.networkAdmin, 'POST', '/api/v4/admin/invites', { email })).statusCode,
    ).toBe(409);
    expect(
      (
        await call(people.networkAdmin, 'POST', '/api/v4/admin/invites', {
          email: DEMO_ACCOUNTS.bob,
        })
      ).statusCode,
    ).toBe(409);
    const bad = await call(people.networkAdmin, 'POST', '/api/v4/admin/invites', {
      email: 'not an email',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('email');

    // Northgate's network has no user_invite_by_email.
    const off = await call(people.pandoAdmin, 'POST', '/api/v4/admin/invites', {
      email: 'someone@example.net',
      organisation: org['Northgate Clinic']!.uuid,
    });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ internalCode: 'FEATURE_NOT_ENABLED' });
    expect(ts.app.devMailbox!.list('someone@example.net')).toHaveLength(0);
    // An organisation admin cannot invite into another organisation.
    expect(
      (
        await call(people.orgAdmin, 'POST', '/api/v4/admin/invites', {
          email: 'x@example.org',
          organisation: org['Riverside Hospital']!.uuid,
        })
      ).statusCode,
    ).toBe(403);

    const list = (
      await call(people.networkAdmin, 'GET', '/api/v4/admin/invites')
    ).json<InvitePage>();
    expect(list.results[0]!.email).toBe(email); // newest first (-sent_at)
    const sent = list.results.map((i) => i.sent_at);
    expect(sent).toEqual([...sent].sort().reverse());
    expect(list.totalResults).toBe(list.results.length);
    expect((await call(people.dave, 'GET', '/api/v4/admin/invites')).statusCode).toBe(403);
  });

  it('gives an invitee who started a login a code (network admins), then rescinds', async () => {
    const email = 'code.invitee@example.org';
    const { id } = (
      await call(people.networkAdmin, 'POST', '/api/v4/admin/invites', { email })
    ).json<{ id: number }>();
    const codeUrl = `/api/v4/admin/invites/${id}/auth-code`;
    expect((await call(people.orgAdmin, 'GET', codeUrl)).statusCode).toBe(403);
    expect((await call(people.networkAdmin, 'GET', codeUrl)).statusCode).toBe(409);
    const phone = new TestBrowser(ts.app, '10.0.0.9');
    await phone.request('POST', '/api/v4/auth', { email });
    const code = await call(people.networkAdmin, 'GET', codeUrl);
    expect(code.statusCode).toBe(200);

    // Another organisation's admin cannot rescind it; its own can, and then it is gone.
    const riversideAdmin = await ts.db.query<{ id: number }>(
      `update users set access_level = 'ORGANISATION_ADMIN' where email = $1 returning id`,
      [DEMO_ACCOUNTS.carol],
    );
    expect(riversideAdmin.rows).toHaveLength(1);
    people.carol = await callerFor(ts, DEMO_ACCOUNTS.carol);
    try {
      expect((await call(people.carol, 'DELETE', `/api/v4/admin/invites/${id}`)).statusCode).toBe(
        403,
      );
    } finally {
      await ts.db.query(`update users set access_level = 'USER' where email = $1`, [
        DEMO_ACCOUNTS.carol,
      ]);
      people.carol = await callerFor(ts, DEMO_ACCOUNTS.carol);
    }
    expect((await call(people.orgAdmin, 'DELETE', `/api/v4/admin/invites/${id}`)).statusCode).toBe(
      204,
    );
    expect((await call(people.orgAdmin, 'DELETE', `/api/v4/admin/invites/${id}`)).statusCode).toBe(
      404,
    );
    const list = (
      await call(people.networkAdmin, 'GET', `/api/v4/admin/invites?q=code.invitee`)
    ).json<InvitePage>();
    expect(list.results).toEqual([]);
    // A rescinded invitee cannot log in: no login code is mailed any more.
    const codes = () =>
      ts.app.devMailbox!.list(email).filter((m) => m.subject.includes('login code')).length;
    const before = codes();
    expect(before).toBe(1); // mailed while the invitation was pending
    await new TestBrowser(ts.app, '10.0.0.10').request('POST', '/api/v4/auth', { email });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(codes()).toBe(before);
  });
});

describe('admin networks, organisations, pagers and the export request', () => {
  it('every admin reads their own network; only a product admin with pando_control_v2 manages networks', async () => {
    const demo = await ts.db.query<{ id: number }>(
      'select network_id as id from hospitals where uuid = $1',
      [org['St Elsewhere General']!.uuid],
    );
    const northgate = await ts.db.query<{ id: number }>(
      'select network_id as id from hospitals where uuid = $1',
      [org['Northgate Clinic']!.uuid],
    );
    const own = `/api/v4/admin/networks/${demo.rows[0]!.id}`;
    const other = `/api/v4/admin/networks/${northgate.rows[0]!.id}`;
    const got = await call(people.orgAdmin, 'GET', own);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({
      name: 'Demo Health Network',
      features: { user_invite_by_email: true },
    });
    expect(got.json<{ default_organisation: unknown }>().default_organisation).not.toBeNull();
    expect((await call(people.orgAdmin, 'GET', other)).statusCode).toBe(403);
    expect((await call(people.networkAdmin, 'GET', other)).statusCode).toBe(403);
    expect((await call(people.pandoAdmin, 'GET', other)).statusCode).toBe(200);
    expect((await call(people.networkAdmin, 'GET', '/api/v4/admin/networks')).statusCode).toBe(403);

    const list = (await call(people.pandoAdmin, 'GET', '/api/v4/admin/networks')).json<{
      results: { name: string }[];
      totalResults: number;
    }>();
    expect(list.results.map((n) => n.name)).toEqual(['Demo Health Network', 'Northgate Network']);
    const created = await call(people.pandoAdmin, 'POST', '/api/v4/admin/networks', {
      name: 'Coastal Network',
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number; status: string }>();
    expect(created.json()).toMatchObject({ status: 'PENDING', features: {} });
    const patched = await call(people.pandoAdmin, 'PATCH', `/api/v4/admin/networks/${id}`, {
      status: 'ACTIVATED',
      features: { user_invite_by_email: true },
    });
    expect(patched.json()).toMatchObject({
      name: 'Coastal Network',
      status: 'ACTIVATED',
      features: { user_invite_by_email: true },
    });
    const foreignDefault = await call(people.pandoAdmin, 'PATCH', `/api/v4/admin/networks/${id}`, {
      default_organisation_id: demo.rows[0]!.id,
    });
    expect(foreignDefault.statusCode).toBe(400);
    expect((await call(people.pandoAdmin, 'DELETE', own)).statusCode).toBe(409);
    expect(
      (await call(people.pandoAdmin, 'DELETE', `/api/v4/admin/networks/${id}`)).statusCode,
    ).toBe(204);
    expect((await call(people.pandoAdmin, 'GET', `/api/v4/admin/networks/${id}`)).statusCode).toBe(
      404,
    );
  });

  it('lists the organisations and pagers of the reach', async () => {
    const names = async (who: Caller, url: string) =>
      (await call(who, 'GET', url))
        .json<{ results: { name: string }[] }>()
        .results.map((o) => o.name);
    expect(await names(people.orgAdmin, '/api/v4/admin/organisations')).toEqual([
      'St Elsewhere General',
    ]);
    expect(await names(people.networkAdmin, '/api/v4/admin/organisations?page-size=10000')).toEqual(
      ['Riverside Hospital', 'St Elsewhere General'],
    );
    expect(
      (await names(people.pandoAdmin, '/api/v4/admin/organisations?page-size=10000')).length,
    ).toBeGreaterThanOrEqual(3);
    expect(
      (await call(people.networkAdmin, 'GET', '/api/v4/admin/organisations?page-size=10001'))
        .statusCode,
    ).toBe(400);

    const pagers = await ts.db.query<{ n: number }>(
      'select count(*)::int as n from pagers where hospital_id = $1',
      [org['St Elsewhere General']!.id],
    );
    const page = (await call(people.orgAdmin, 'GET', '/api/v4/admin/pagers?page-size=100')).json<{
      results: { mim_id: string; assigned_to: string | null }[];
      totalResults: number;
    }>();
    expect(page.totalResults).toBe(pagers.rows[0]!.n);
    expect(page.totalResults).toBeGreaterThan(0);
    expect(page.results.every((p) => /^\d+-\d+-\d+$/.test(p.mim_id))).toBe(true);
    expect(page.results.some((p) => p.assigned_to !== null)).toBe(true);
    const riverside = (
      await call(
        people.networkAdmin,
        'GET',
        `/api/v4/admin/pagers?organisation=${org['Riverside Hospital']!.uuid}`,
      )
    ).json<{ totalResults: number }>();
    const rp = await ts.db.query<{ n: number }>(
      'select count(*)::int as n from pagers where hospital_id = $1',
      [org['Riverside Hospital']!.id],
    );
    expect(riverside.totalResults).toBe(rp.rows[0]!.n);
  });

  it('stores the data export request and mails it to the support address', async () => {
    const res = await call(people.orgAdmin, 'POST', '/api/v4/admin/send-export-data-request', {
      first_name: 'Olive',
      last_name: 'Admin',
      email: 'olive@example.org',
      users: true,
      messaging_data: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message:
        'Thank you for your data request, our team will be in contact shortly to verify your details',
    });
    const stored = await ts.db.query(
      'select users, teams, messaging_data, email from export_requests where requested_by_id = $1',
      [people.orgAdmin.id],
    );
    expect(stored.rows).toEqual([
      { users: true, teams: false, messaging_data: true, email: 'olive@example.org' },
    ]);
    const mail = ts.app.devMailbox!.list(ts.app.config.supportEmail);
    expect(mail.at(0)?.text).toContain('users, messaging_data');
    const missing = await call(people.orgAdmin, 'POST', '/api/v4/admin/send-export-data-request', {
      first_name: 'x',
    });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('last_name');
    expect(
      (
        await call(people.alice, 'POST', '/api/v4/admin/send-export-data-request', {
          first_name: 'a',
          last_name: 'b',
          email: 'a@example.org',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('admin teams and advice channels', () => {
  interface AdminTeam {
    id: number;
    name: string;
    members: number[];
    member_count: number;
    mim_id: string;
  }

  it('creates a team in an organisation of the reach, keeps its room in step and announces every change', async () => {
    const changes: { teamId: number; userIds: readonly number[] }[] = [];
    const onChange = (e: { teamId: number; userIds: readonly number[] }) => {
      changes.push(e);
    };
    ts.app.events.on('team:changed', onChange);
    try {
      const riverside = org['Riverside Hospital']!.uuid;
      const refused = await call(
        people.networkAdmin,
        'POST',
        `/api/v4/admin/teams?organisation=${riverside}`,
        {
          name: 'Riverside Night Team',
          members: [people.carol.id, people.dave.id],
        },
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ details: [{ path: 'members' }] });
      const empty = await call(people.networkAdmin, 'POST', '/api/v4/admin/teams', {
        name: 'Nobody',
        members: [],
      });
      expect(empty.statusCode).toBe(400);
      expect(JSON.stringify(empty.json())).toContain('You need to add at least one member');

      const res = await call(
        people.networkAdmin,
        'POST',
        `/api/v4/admin/teams?organisation=${riverside}`,
        {
          name: 'Riverside Night Team',
          members: [people.carol.id, people.bob.id],
        },
      );
      expect(res.statusCode).toBe(201);
      const team = res.json<AdminTeam>();
      expect(team).toMatchObject({ name: 'Riverside Night Team', member_count: 2 });
      expect(team.members.sort()).toEqual([people.bob.id, people.carol.id].sort());
      const stored = await ts.db.query<{ hospital_id: number }>(
        'select hospital_id from teams where id = $1',
        [team.id],
      );
      expect(stored.rows[0]!.hospital_id).toBe(org['Riverside Hospital']!.id);
      expect(await roomMembers(ts, team.mim_id)).toEqual(
        [people.bob.uuid, people.carol.uuid].sort(),
      );
      expect(changes.at(-1)).toEqual({
        teamId: team.id,
        userIds: [people.carol.id, people.bob.id],
      });
      // bob sees it in his own app at once.
      expect((await call(people.bob, 'GET', `/api/v4/teams/${team.id}`)).statusCode).toBe(200);

      // St Elsewhere's organisation admin cannot touch a Riverside team.
      expect(
        (await call(people.orgAdmin, 'GET', `/api/v4/admin/teams/${team.id}`)).statusCode,
      ).toBe(403);
      expect(
        (await call(people.orgAdmin, 'DELETE', `/api/v4/admin/teams/${team.id}`)).statusCode,
      ).toBe(403);

      const added = await call(
        people.networkAdmin,
        'POST',
        `/api/v4/admin/teams/${team.id}/members/add`,
        { user_ids: [people.alice.id] },
      );
      expect(added.json<AdminTeam>().member_count).toBe(3);
      const removed = await call(
        people.networkAdmin,
        'POST',
        `/api/v4/admin/teams/${team.id}/members/remove`,
        { user_ids: [people.bob.id] },
      );
      expect(removed.json<AdminTeam>().members.sort()).toEqual(
        [people.alice.id, people.carol.id].sort(),
      );
      expect(await roomMembers(ts, team.mim_id)).toEqual(
        [people.alice.uuid, people.carol.uuid].sort(),
      );
      expect(changes.at(-1)).toEqual({ teamId: team.id, userIds: [people.bob.id] });
      expect((await call(people.bob, 'GET', `/api/v4/teams/${team.id}`)).statusCode).toBe(404);
      const lastOut = await call(
        people.networkAdmin,
        'POST',
        `/api/v4/admin/teams/${team.id}/members/remove`,
        {
          user_ids: [people.alice.id, people.carol.id],
        },
      );
      expect(lastOut.statusCode).toBe(400);

      const renamed = await call(people.networkAdmin, 'PATCH', `/api/v4/admin/teams/${team.id}`, {
        name: 'Riverside Nights',
      });
      expect(renamed.json<AdminTeam>().name).toBe('Riverside Nights');
      expect((await call(people.carol, 'GET', `/api/v4/teams/${team.id}`)).json()).toMatchObject({
        name: 'Riverside Nights',
      });

      expect(
        (await call(people.networkAdmin, 'DELETE', `/api/v4/admin/teams/${team.id}`)).statusCode,
      ).toBe(204);
      expect(await roomMembers(ts, team.mim_id)).toEqual([]);
      expect((await call(people.carol, 'GET', `/api/v4/teams/${team.id}`)).statusCode).toBe(404);
      expect(
        (await call(people.networkAdmin, 'GET', `/api/v4/admin/teams/${team.id}`)).statusCode,
      ).toBe(404);
    } finally {
      ts.app.events.off('team:changed', onChange);
    }
  });

  it('advice channels: count, paged list with member names and resolved issues, and the team calls', async () => {
    const count = async () =>
      (await call(people.orgAdmin, 'GET', '/api/v4/admin/advice-channels/count')).json<{
        count: number;
      }>().count;
    const before = await count();
    const res = await call(people.orgAdmin, 'POST', '/api/v4/admin/advice-channels', {
      name: 'Renal Advice',
      description: 'Ask the renal team',
      members: [people.bob.id],
    });
    expect(res.statusCode).toBe(201);
    const channel = res.json<{
      id: number;
      members: { id: number; first_name: string }[];
      resolved_issues: number;
      description: string;
    }>();
    expect(channel).toMatchObject({
      description: 'Ask the renal team',
      resolved_issues: 0,
      member_count: 1,
    });
    expect(channel.members.map((m) => m.id)).toEqual([people.bob.id]);
    expect(await count()).toBe(before + 1);
    // The clinicians' app sees it as an advice team.
    const asTeam = (await call(people.alice, 'GET', `/api/v4/teams/${channel.id}`)).json<{
      public_data: { enabled?: boolean };
    }>();
    expect(asTeam.public_data.enabled).toBe(true);
    // An advice channel is not a team of the teams calls, and the other way round.
    expect(
      (await call(people.orgAdmin, 'GET', `/api/v4/admin/teams/${channel.id}`)).statusCode,
    ).toBe(404);

    const list = (
      await call(people.orgAdmin, 'GET', '/api/v4/admin/advice-channels?page-size=100')
    ).json<{
      results: { name: string; resolved_issues: number }[];
      totalResults: number;
    }>();
    expect(list.totalResults).toBe(before + 1);
    expect(list.results.map((c) => c.name)).toContain('Renal Advice');
    const resolved = await ts.db.query<{ n: number }>(
      `select count(*)::int as n from advice_conversations a join teams t on t.id = a.team_id
        where t.name = 'Cardiology Advice' and a.public_team_resolved`,
    );
    expect(list.results.find((c) => c.name === 'Cardiology Advice')?.resolved_issues).toBe(
      resolved.rows[0]!.n,
    );

    expect(
      (await call(people.orgAdmin, 'DELETE', `/api/v4/admin/advice-channels/${channel.id}`))
        .statusCode,
    ).toBe(204);
    expect(await count()).toBe(before);
    expect((await call(people.alice, 'GET', '/api/v4/admin/advice-channels')).statusCode).toBe(403);
  });
});
