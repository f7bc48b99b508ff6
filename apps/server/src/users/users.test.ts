import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSchema, UsersStatusesResponseSchema } from '@pando/domain';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { announceBlocked, blockUser } from './block.js';

let server: TestServer;
let alice: string;
let dave: string;
const ids: Record<string, { id: number; uuid: string }> = {};

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.loginAs(DEMO_ACCOUNTS.alice);
  dave = await server.loginAs(DEMO_ACCOUNTS.dave);
  const r = await server.db.query<{ email: string; id: number; uuid: string }>(
    'select email, id, uuid from users',
  );
  for (const row of r.rows) ids[row.email] = { id: row.id, uuid: row.uuid };
});
afterAll(async () => {
  await server.close();
});

const get = (path: string, cookie: string) =>
  fetch(`${server.url}${path}`, { headers: { cookie } });

describe('GET /api/v4/users/{id}', () => {
  it('shows a colleague of the same network with ?embed=hospital', async () => {
    const carol = ids[DEMO_ACCOUNTS.carol]!;
    const res = await get(`/api/v4/users/${carol.id}?embed=hospital`, alice);
    expect(res.status).toBe(200);
    const user = UserSchema.parse(await res.json());
    expect(user).toMatchObject({ uuid: carol.uuid, first_name: 'Carol', access_level: 'USER' });
    expect(user.hospital?.name).toBe('Riverside Hospital');
    // Also addressable by uuid, as the chat knows people, in either case.
    expect((await get(`/api/v4/users/${carol.uuid}`, alice)).status).toBe(200);
    expect((await get(`/api/v4/users/${carol.uuid.toUpperCase()}`, alice)).status).toBe(200);
  });

  it('answers 404, not a database error, for a 36-character id that is no uuid', async () => {
    const res = await get(`/api/v4/users/${'-'.repeat(36)}`, alice);
    expect(res.status).toBe(404);
    expect((await get(`/api/v4/users/${'f'.repeat(36)}`, alice)).status).toBe(404);
  });

  it('never shows a user of another network (dave cannot see the network above): 404', async () => {
    const res = await get(`/api/v4/users/${ids[DEMO_ACCOUNTS.alice]!.id}`, dave);
    expect(res.status).toBe(404);
    const missing = await get('/api/v4/users/999999', dave);
    expect(await res.json()).toMatchObject({ statusCode: 404 });
    expect(missing.status).toBe(404);
  });

  it('answers a malformed id with 400 naming the field', async () => {
    const res = await get('/api/v4/users/abc', alice);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ details: [expect.objectContaining({ path: 'id' })] });
  });

  it('needs a session (401)', async () => {
    expect((await fetch(`${server.url}/api/v4/users/1`)).status).toBe(401);
  });
});

describe('GET /api/v4/users/{id}/teams', () => {
  it("lists bob's teams that alice may see, with mim_id, user_ids and member_of", async () => {
    const res = await get(`/api/v4/users/${ids[DEMO_ACCOUNTS.bob]!.id}/teams`, alice);
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as {
      results: { name: string; mim_id: string; member_of: boolean; user_ids: number[] }[];
    };
    const names = results.map((t) => t.name);
    expect(names).toContain('Ward 7 Team');
    expect(names).toContain('Cardiology Advice');
    // Night Shift is private and alice is not in it.
    expect(names).not.toContain('Night Shift');
    const ward7 = results.find((t) => t.name === 'Ward 7 Team')!;
    expect(ward7.member_of).toBe(true);
    expect(ward7.user_ids).toContain(ids[DEMO_ACCOUNTS.alice]!.id);
    expect(ward7.mim_id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(results.find((t) => t.name === 'Cardiology Advice')!.member_of).toBe(false);
  });
});

describe('availability', () => {
  it('GET /users/statuses gives the statuses of visible users only', async () => {
    const wanted = [DEMO_ACCOUNTS.bob, DEMO_ACCOUNTS.carol, DEMO_ACCOUNTS.dave].map(
      (e) => ids[e]!.uuid,
    );
    const res = await get(
      `/api/v4/users/statuses?subscribe=false&users=${wanted.join(',')}`,
      alice,
    );
    expect(res.status).toBe(200);
    const { results } = UsersStatusesResponseSchema.parse(await res.json());
    expect(results.map((r) => r.id).sort()).toEqual(
      [ids[DEMO_ACCOUNTS.bob]!.uuid, ids[DEMO_ACCOUNTS.carol]!.uuid].sort(),
    );
  });

  it('PUT /users/me/status lets a user set their own availability (AVAILABLE/UNAVAILABLE only)', async () => {
    const put = (status: string) =>
      fetch(`${server.url}/api/v4/users/me/status`, {
        method: 'PUT',
        headers: { cookie: alice, 'content-type': 'application/json' },
        body: JSON.stringify({ status }),
      });
    expect((await put('UNAVAILABLE')).status).toBe(200);
    const bobSees = await server.loginAs(DEMO_ACCOUNTS.bob);
    const res = await get(
      `/api/v4/users/statuses?subscribe=false&users=${ids[DEMO_ACCOUNTS.alice]!.uuid}`,
      bobSees,
    );
    expect(UsersStatusesResponseSchema.parse(await res.json()).results[0]?.status).toBe(
      'UNAVAILABLE',
    );
    const bad = await put('UNKNOWN');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      details: [expect.objectContaining({ path: 'status' })],
    });
    expect((await put('AVAILABLE')).status).toBe(200);
  });
});

describe('blocking', () => {
  it('a blocked user loses every session at once and the chat server is told', async () => {
    const email = DEMO_ACCOUNTS.orgAdmin;
    const cookie = await server.loginAs(email);
    expect((await get('/api/v4/login/current', cookie)).status).toBe(200);
    const events: string[] = [];
    const onRevoked = () => events.push('session:revoked');
    const onBlocked = () => events.push('user:blocked');
    server.app.events.on('session:revoked', onRevoked);
    server.app.events.on('user:blocked', onBlocked);
    // As PATCH /admin/users/{id} does: written in a transaction, announced after it.
    const revoked = await server.app.db.transaction((tx) =>
      blockUser(tx, ids[email]!.id, server.app.config.now()),
    );
    announceBlocked(server.app, ids[email]!.id, revoked);
    server.app.events.off('session:revoked', onRevoked);
    server.app.events.off('user:blocked', onBlocked);
    expect(events).toEqual(['session:revoked', 'user:blocked']);
    expect((await get('/api/v4/login/current', cookie)).status).toBe(401);
    // No new code is mailed to a blocked user, so the login cannot complete.
    const mailed = server.app.devMailbox?.list(email).length ?? 0;
    await expect(server.loginAs(email)).rejects.toThrow();
    expect(server.app.devMailbox?.list(email).length ?? 0).toBe(mailed);
  });
});
