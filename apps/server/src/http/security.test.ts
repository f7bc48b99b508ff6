import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_LIST_MAX, TEXTS } from '@pando/domain';
import { startTestServer, type TestServer } from '../testing/testServer.js';

/**
 * Issue 14, findings 3 (CSRF guard bypassed with a percent-encoded path), 9 (ids out of range
 * gave a 500) and 10 (caller-dependent API answers without Cache-Control), each tried over real
 * HTTP against a listening server, as the review did.
 */
let ts: TestServer;
let alice: string;
let ward7: number;

beforeAll(async () => {
  ts = await startTestServer();
  alice = await ts.loginAs('alice@example.org');
  const r = await ts.db.query<{ id: number }>(`select id from teams where name = 'Ward 7 Team'`);
  ward7 = r.rows[0]?.id ?? 0;
});
afterAll(async () => {
  await (ts as TestServer | undefined)?.close();
});

async function isMember(email: string, teamId: number): Promise<boolean> {
  const r = await ts.db.query(
    `select 1 from team_members m join users u on u.id = m.user_id where u.email = $1 and m.team_id = $2`,
    [email, teamId],
  );
  return r.rows.length > 0;
}

const send = (path: string, init: RequestInit) => fetch(`${ts.url}${path}`, init);

describe('finding 3: the CSRF guard holds whatever the path looks like', () => {
  it('refuses a cross-site text/plain POST to /%61pi/… (the router decodes it to /api/…)', async () => {
    for (const path of [`/%61pi/v4/teams/${ward7}/leave`, `/api/v4/teams/${ward7}/leave`]) {
      const res = await send(path, {
        method: 'POST',
        headers: { cookie: alice, origin: 'https://evil.example', 'content-type': 'text/plain' },
        body: '{}',
      });
      expect(res.status, path).toBe(403);
      expect(await isMember('alice@example.org', ward7)).toBe(true);
    }
  });

  it('refuses a cross-site multipart upload to /%61pi/…', async () => {
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4 not really'], { type: 'application/pdf' }), 'x.pdf');
    const before = await ts.db.query('select id from files');
    const res = await send('/%61pi/v4/files', {
      method: 'POST',
      headers: { cookie: alice, origin: 'https://evil.example' },
      body: form,
    });
    expect(res.status).toBe(403);
    expect((await ts.db.query('select id from files')).rows).toHaveLength(before.rows.length);
  });

  it('still lets the web app itself through (JSON, its own origin)', async () => {
    const bob = await ts.loginAs('bob@example.org');
    const res = await send(`/api/v4/teams/${ward7}/leave`, {
      method: 'POST',
      headers: { cookie: bob, origin: ts.url, 'content-type': 'application/json' },
    });
    expect(res.status).toBeLessThan(300);
    expect(await isMember('bob@example.org', ward7)).toBe(false);
  });
});

describe('the CSRF refusals say why, in the domain’s words (crossSiteRefusal)', () => {
  const upload = (headers: Record<string, string>) => {
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4 not really'], { type: 'application/pdf' }), 'x.pdf');
    return send('/api/v4/files', {
      method: 'POST',
      headers: { cookie: alice, ...headers },
      body: form,
    });
  };
  const files = async () => (await ts.db.query('select id from files')).rows.length;

  it('another Origin: 403 “Cross-origin request refused”, naming the origin it must be', async () => {
    const before = await files();
    for (const res of [
      await upload({ origin: 'https://evil.example' }),
      await send(`/api/v4/teams/${ward7}/leave`, {
        method: 'POST',
        headers: { cookie: alice, origin: 'null', 'content-type': 'application/json' },
      }),
    ]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({
        message: TEXTS.crossOriginRefused,
        details: [{ path: 'origin', message: `must be ${ts.url}` }],
      });
    }
    expect(await files()).toBe(before);
    expect(await isMember('alice@example.org', ward7)).toBe(true);
  });

  it('an upload with cookies, no Origin and Sec-Fetch-Site of another site: 403 “Cross-site upload refused”', async () => {
    const before = await files();
    for (const site of ['cross-site', 'same-site']) {
      const res = await upload({ 'sec-fetch-site': site });
      expect(res.status, site).toBe(403);
      expect(await res.json()).toMatchObject({
        message: TEXTS.crossSiteUploadRefused,
        details: [{ path: 'sec-fetch-site', message: 'must be same-origin' }],
      });
    }
    expect(await files()).toBe(before);
    const own = await upload({ 'sec-fetch-site': 'same-origin' });
    expect(own.status, await own.text()).not.toBe(403);
  });
});

describe('finding 9: ids out of range are a 400 naming the field, never a 500', () => {
  const post = (path: string, body: unknown) =>
    send(path, {
      method: 'POST',
      headers: { cookie: alice, origin: ts.url, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('POST /teams and /members/add with an id beyond int4', async () => {
    for (const [path, body] of [
      ['/api/v4/teams', { name: 'Overflow', user_ids: [99999999999] }],
      [`/api/v4/teams/${ward7}/members/add`, { user_ids: [99999999999] }],
    ] as const) {
      const res = await post(path, body);
      expect(res.status, path).toBe(400);
      expect(JSON.stringify(await res.json()), path).toContain('user_ids');
    }
  });

  it(`an id list longer than ${ID_LIST_MAX}`, async () => {
    const ids = Array.from({ length: ID_LIST_MAX + 1 }, (_, i) => i + 1);
    const res = await post(`/api/v4/teams/${ward7}/members/add`, { user_ids: ids });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('user_ids');
  });

  it('a path id beyond int4', async () => {
    const res = await send('/api/v4/teams/99999999999', { headers: { cookie: alice } });
    expect(res.status).toBe(400);
  });
});

describe('finding 10: answers that depend on the caller are never cached', () => {
  it('Cache-Control: no-store on authenticated reads (the hot cached ones too), errors and writes', async () => {
    const answers = await Promise.all([
      send('/api/v4/login/current', { headers: { cookie: alice } }),
      send('/api/v4/teams-with-advices-conversations', { headers: { cookie: alice } }),
      send('/api/v4/teams-with-advices-conversations', { headers: { cookie: alice } }),
      send(`/api/v4/teams/${ward7}/members`, { headers: { cookie: alice } }),
      send('/api/v4/login/current', {}), // 401
      send('/api/v4/nothing-here', { headers: { cookie: alice } }), // 404
      send('/api/v4/auth', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'alice@example.org' }),
      }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 401, 404, 200]);
    for (const r of answers) expect(r.headers.get('cache-control'), r.url).toBe('no-store');
  });

  it('answers that choose their own caching keep it (runtime config)', async () => {
    const res = await send('/api/config', {});
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });
});
