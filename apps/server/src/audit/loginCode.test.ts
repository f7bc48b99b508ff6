import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { type Caller, callerFor } from '../teams/testing.js';
import { TestBrowser } from '../testing/browser.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';

/**
 * Issue 36 §3, high finding: `GET /admin/users/{id}/auth-code` let a network admin issue a code
 * for anyone of the network, a product admin included, after starting that person's login in
 * the admin's own browser — and so become them. Now: never for a peer or anyone above, recorded
 * in the audit trail, the person told by email; and neither login-code GET runs cross-site.
 */

let ts: TestServer;
let networkAdmin: Caller;
let bob: Caller;
let pandoAdminId: number;

const codeOf = (who: Caller, id: number, headers: Record<string, string> = {}) =>
  ts.app.inject({
    method: 'GET',
    url: `/api/v4/admin/users/${String(id)}/auth-code`,
    headers: { cookie: who.cookie, ...headers },
  });

async function mailTo(email: string): Promise<{ subject: string; text: string }[]> {
  const res = await fetch(`${ts.url}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { results: { subject: string; text: string }[] }).results;
}

beforeAll(async () => {
  ts = await startTestServer();
  networkAdmin = await callerFor(ts, DEMO_ACCOUNTS.networkAdmin);
  bob = await callerFor(ts, DEMO_ACCOUNTS.bob);
  const r = await ts.db.query<{ id: number }>('select id from users where email = $1', [
    DEMO_ACCOUNTS.pandoAdmin,
  ]);
  pandoAdminId = r.rows[0]?.id ?? 0;
}, 120_000);

afterAll(async () => {
  await ts.close();
});

describe('admin login codes (issue 36)', () => {
  it('a network admin cannot take over a product admin whose login they started', async () => {
    // The attack: the network admin starts the product admin's login in their own browser…
    const attacker = new TestBrowser(ts.app, '10.0.0.66');
    await attacker.request('POST', '/api/v4/auth', { email: DEMO_ACCOUNTS.pandoAdmin });
    // …and asks for the code.
    const res = await codeOf(networkAdmin, pandoAdminId);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toMatch(/access level as high as yours/);
    expect(res.body).not.toContain('authorization_code');
  });

  it('nor another network admin', async () => {
    await ts.db.query(`update users set access_level = 'NETWORK_ADMIN' where id = $1`, [bob.id]);
    try {
      ts.app.events.emit('user:changed', { userId: bob.id });
      expect((await codeOf(networkAdmin, bob.id)).statusCode).toBe(403);
    } finally {
      await ts.db.query(`update users set access_level = 'USER_VERIFIED' where id = $1`, [bob.id]);
      ts.app.events.emit('user:changed', { userId: bob.id });
    }
  });

  it('for a user below: the code, an audit event and an email telling the user', async () => {
    const phone = new TestBrowser(ts.app, '10.0.0.7');
    await phone.request('POST', '/api/v4/auth', { email: DEMO_ACCOUNTS.bob });
    const res = await codeOf(networkAdmin, bob.id, { 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode, res.body).toBe(200);
    const notice = (await mailTo(DEMO_ACCOUNTS.bob)).find((m) =>
      m.subject.includes('an administrator generated a login code for you'),
    );
    expect(notice?.text).toContain(DEMO_ACCOUNTS.networkAdmin);
    expect(notice?.text).not.toContain(
      res.json<{ authorization_code: string }>().authorization_code,
    );
    await ts.app.audit.flush();
    const events = await ts.db.query<{ resource_id: string; outcome: string; status: number }>(
      `select resource_id, outcome, status from audit_events
        where action = 'admin.user.login_code' and user_id = $1 order by id`,
      [networkAdmin.id],
    );
    expect(events.rows).toEqual(
      expect.arrayContaining([
        { resource_id: String(pandoAdminId), outcome: 'refused', status: 403 },
        { resource_id: String(bob.id), outcome: 'allowed', status: 200 },
      ]),
    );
  });

  it('refuses both login-code GETs when a browser says they come from another site', async () => {
    const cross = await codeOf(networkAdmin, bob.id, { 'sec-fetch-site': 'cross-site' });
    expect(cross.statusCode).toBe(403);
    expect(cross.json<{ details: { path: string }[] }>().details[0]?.path).toBe('sec-fetch-site');
    const invite = await ts.db.query<{ id: number }>(
      'select id from invites where accepted_at is null and rescinded_at is null limit 1',
    );
    const inviteCode = await ts.app.inject({
      method: 'GET',
      url: `/api/v4/admin/invites/${String(invite.rows[0]?.id)}/auth-code`,
      headers: { cookie: networkAdmin.cookie, 'sec-fetch-site': 'same-site' },
    });
    expect(inviteCode.statusCode).toBe(403);
  });
});
