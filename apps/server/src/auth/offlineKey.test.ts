import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfflineKeyResponseSchema, type OfflineKeyResponse } from '@pando/domain';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { sha256 } from './crypto.js';

/**
 * Issue 37: the key of the web app's encrypted offline copy. One random key per session, the
 * same on every call of that session, forgotten with the session: after a logout, "sign out
 * everywhere" or a block the call is a 401 and the key is nowhere in the database.
 */

let ts: TestServer;
const OFFLINE_KEY = '/api/v4/login/offline-key';

beforeAll(async () => {
  ts = await startTestServer();
  // Someone an admin may block without touching the demo accounts.
  await ts.db.query(
    `insert into users (uuid, email, first_name, last_name, hospital_id, access_level, created_at, modified_at)
     select gen_random_uuid(), 'offline.blocked@example.org', 'Olive', 'Offline', hospital_id, 'USER', now(), now()
       from users where email = $1`,
    [DEMO_ACCOUNTS.alice],
  );
}, 120_000);

afterAll(async () => {
  await ts.close();
});

const get = (cookie: string, url = OFFLINE_KEY) =>
  ts.app.inject({ method: 'GET', url, headers: { cookie } });

async function keyOf(cookie: string): Promise<OfflineKeyResponse> {
  const res = await get(cookie);
  expect(res.statusCode, res.body).toBe(200);
  return OfflineKeyResponseSchema.parse(res.json());
}

/** The session row of a cookie (`pando_session=…`), as the server stores it. */
async function sessionOf(cookie: string) {
  const token = cookie.slice(cookie.indexOf('=') + 1);
  const r = await ts.db.query<{
    id: number;
    local_key: Uint8Array | null;
    last_seen_at: Date;
    expires_at: Date;
  }>('select id, local_key, last_seen_at, expires_at from sessions where token_hash = $1', [
    sha256(token),
  ]);
  return r.rows[0];
}

async function sessionsHolding(key: string): Promise<number> {
  const r = await ts.db.query<{ n: number }>(
    'select count(*)::int as n from sessions where local_key = $1',
    [Buffer.from(key, 'base64url')],
  );
  return r.rows[0]?.n ?? -1;
}

const logout = (cookie: string, single: 'true' | 'false') =>
  ts.app.inject({
    method: 'DELETE',
    url: `/api/v4/login?single=${single}`,
    headers: { cookie, 'content-type': 'application/json' },
  });

describe('GET /login/offline-key', () => {
  it('gives a session one random 32-byte key: the same on every call, kept in its session row, never cached by the browser', async () => {
    const cookie = await ts.loginAs(DEMO_ACCOUNTS.alice);
    expect((await sessionOf(cookie))?.local_key).toBeNull();
    const res = await get(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const first = OfflineKeyResponseSchema.parse(res.json());
    expect(Buffer.from(first.key, 'base64url')).toHaveLength(32);
    expect((await keyOf(cookie)).key).toBe(first.key);
    const stored = await sessionOf(cookie);
    expect(Buffer.from(stored!.local_key!).toString('base64url')).toBe(first.key);
  });

  it('answers two tabs asking at once with the same key', async () => {
    const cookie = await ts.loginAs(DEMO_ACCOUNTS.bob);
    const answers = await Promise.all([1, 2, 3, 4].map(() => keyOf(cookie)));
    expect(new Set(answers.map((a) => a.key)).size).toBe(1);
    expect(await sessionsHolding(answers[0]!.key)).toBe(1);
  });

  it('gives another session of the same person another key', async () => {
    const laptop = await ts.loginAs(DEMO_ACCOUNTS.alice);
    const phone = await ts.loginAs(DEMO_ACCOUNTS.alice);
    expect((await keyOf(laptop)).key).not.toBe((await keyOf(phone)).key);
  });

  it('forgets the key with the session at logout: the next call is a 401 and no row holds it', async () => {
    const cookie = await ts.loginAs(DEMO_ACCOUNTS.alice);
    const other = await ts.loginAs(DEMO_ACCOUNTS.alice);
    const { key } = await keyOf(cookie);
    const otherKey = (await keyOf(other)).key;
    expect((await logout(cookie, 'true')).statusCode).toBe(204);
    expect((await get(cookie)).statusCode).toBe(401);
    expect(await sessionsHolding(key)).toBe(0);
    // single=true ends this session only.
    expect((await keyOf(other)).key).toBe(otherKey);
  });

  it('"sign out everywhere" forgets the keys of every session of the person', async () => {
    const sessions = [await ts.loginAs(DEMO_ACCOUNTS.carol), await ts.loginAs(DEMO_ACCOUNTS.carol)];
    const keys = await Promise.all(sessions.map(async (c) => (await keyOf(c)).key));
    expect((await logout(sessions[0]!, 'false')).statusCode).toBe(204);
    for (const [i, cookie] of sessions.entries()) {
      expect((await get(cookie)).statusCode).toBe(401);
      expect(await sessionsHolding(keys[i]!)).toBe(0);
    }
  });

  it('a person blocked by an admin gets 401 and their key is gone', async () => {
    const cookie = await ts.loginAs('offline.blocked@example.org');
    const { key } = await keyOf(cookie);
    const admin = await ts.loginAs(DEMO_ACCOUNTS.orgAdmin);
    const id = (
      await ts.db.query<{ id: number }>('select id from users where email = $1', [
        'offline.blocked@example.org',
      ])
    ).rows[0]!.id;
    const blocked = await ts.app.inject({
      method: 'PATCH',
      url: `/api/v4/admin/users/${id}`,
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ blocked: true }),
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await get(cookie)).statusCode).toBe(401);
    expect(await sessionsHolding(key)).toBe(0);
  });

  it('a session that ran out (idle) is a 401 and takes its key with it', async () => {
    const cookie = await ts.loginAs(DEMO_ACCOUNTS.bob);
    const { key } = await keyOf(cookie);
    const session = await sessionOf(cookie);
    await ts.db.query(
      `update sessions set last_seen_at = now() - interval '30 days' where id = $1`,
      [session!.id],
    );
    // The cached authentication of the last call would still let it through for a few seconds.
    ts.app.events.emit('session:revoked', { userId: 0, sessionId: session!.id });
    expect((await get(cookie)).statusCode).toBe(401);
    expect(await sessionsHolding(key)).toBe(0);
  });

  it('expires_at is when the session ends unless used again: the idle expiry, or the absolute one when that comes first', async () => {
    const cookie = await ts.loginAs(DEMO_ACCOUNTS.bob);
    const idleMs = ts.app.config.sessionIdleMs;
    // A fresh session: 12 hours idle comes long before 30 days absolute.
    let session = (await sessionOf(cookie))!;
    expect(new Date((await keyOf(cookie)).expires_at).getTime()).toBe(
      session.last_seen_at.getTime() + idleMs,
    );
    // Last seen 30 s ago (a touch comes only after a minute): still the idle expiry, from then.
    await ts.db.query(
      `update sessions set last_seen_at = now() - interval '30 seconds' where id = $1`,
      [session.id],
    );
    session = (await sessionOf(cookie))!;
    expect(new Date((await keyOf(cookie)).expires_at).getTime()).toBe(
      session.last_seen_at.getTime() + idleMs,
    );
    // Near the end of its 30 days: the absolute expiry is the earlier one.
    await ts.db.query(`update sessions set expires_at = now() + interval '1 hour' where id = $1`, [
      session.id,
    ]);
    session = (await sessionOf(cookie))!;
    expect(new Date((await keyOf(cookie)).expires_at).getTime()).toBe(session.expires_at.getTime());
  });

  it('offline_patient_data follows the organisation: off for Riverside Hospital’s people only', async () => {
    const carol = await ts.loginAs(DEMO_ACCOUNTS.carol);
    const alice = await ts.loginAs(DEMO_ACCOUNTS.alice);
    expect((await keyOf(carol)).offline_patient_data).toBe(true);
    const riverside = (
      await ts.db.query<{ uuid: string }>(
        `select uuid::text as uuid from hospitals where name = 'Riverside Hospital'`,
      )
    ).rows[0]!.uuid;
    const admin = await ts.loginAs(DEMO_ACCOUNTS.networkAdmin);
    const patch = (value: boolean) =>
      ts.app.inject({
        method: 'PATCH',
        url: `/api/v4/admin/organisations/${riverside}`,
        headers: { cookie: admin, 'content-type': 'application/json' },
        payload: JSON.stringify({ offline_patient_data: value }),
      });
    expect((await patch(false)).statusCode).toBe(200);
    try {
      // The same session's key, now with the setting: it is read on every call.
      expect(await keyOf(carol)).toMatchObject({ offline_patient_data: false });
      expect(await keyOf(alice)).toMatchObject({ offline_patient_data: true });
    } finally {
      expect((await patch(true)).statusCode).toBe(200);
    }
    expect((await keyOf(carol)).offline_patient_data).toBe(true);
  });

  it('is refused without a session (401) and to a bearer access token (403)', async () => {
    expect((await ts.app.inject({ method: 'GET', url: OFFLINE_KEY })).statusCode).toBe(401);
    const { accessToken } = await ts.login(DEMO_ACCOUNTS.alice);
    const bearer = await ts.app.inject({
      method: 'GET',
      url: OFFLINE_KEY,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(bearer.statusCode).toBe(403);
    expect(bearer.json()).toMatchObject({
      message: 'The offline key is given with the session cookie only.',
    });
  });

  it('records the key’s creation in the audit trail once per session, not each time it is read', async () => {
    const cookie = await ts.loginAs(DEMO_ACCOUNTS.alice);
    const { id } = (await sessionOf(cookie))!;
    await Promise.all([keyOf(cookie), keyOf(cookie)]);
    await keyOf(cookie);
    await ts.app.audit.flush();
    const r = await ts.db.query<{ action: string; resource_id: string; detail: unknown }>(
      `select action, resource_id, detail from audit_events
        where session_id = $1 and action = 'session.offline_key'`,
      [id],
    );
    expect(r.rows).toEqual([
      {
        action: 'session.offline_key',
        resource_id: String(id),
        detail: { offline_patient_data: true },
      },
    ]);
  });
});
