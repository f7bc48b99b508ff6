import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { api, type Caller, callerFor } from '../teams/testing.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';

/**
 * One rule for a person's name in the admin console: the domain's `displayName` (their name,
 * else their email). The invitations list said nothing (null) for an inviter without a name
 * while POST /admin/invites answered their email, and the pagers list showed a blank " ".
 */

let ts: TestServer;
let networkAdmin: Caller;

beforeAll(async () => {
  ts = await startTestServer();
  networkAdmin = await callerFor(ts, DEMO_ACCOUNTS.networkAdmin);
});
afterAll(async () => {
  await ts.close();
});

const nameless = (id: number) =>
  ts.db.query(`update users set first_name = '', last_name = '' where id = $1`, [id]);

describe('a person without a first or last name', () => {
  it('shows the same name for the inviter in the invitations list as in the POST answer: their email', async () => {
    await nameless(networkAdmin.id);
    const sent = await api(ts, networkAdmin, 'POST', '/api/v4/admin/invites', {
      email: 'nameless.inviter@example.org',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const answer = sent.json<{ id: number; approved_by_name: string | null }>();
    expect(answer.approved_by_name).toBe(DEMO_ACCOUNTS.networkAdmin);
    const list = (
      await api(ts, networkAdmin, 'GET', '/api/v4/admin/invites?q=nameless.inviter')
    ).json<{ results: { id: number; approved_by_name: string | null }[] }>();
    expect(list.results.find((i) => i.id === answer.id)?.approved_by_name).toBe(
      answer.approved_by_name,
    );
  });

  it('shows their email as a pager’s assignee, not a blank', async () => {
    const pager = await ts.db.query<{ mim_id: string; email: string; user_id: number }>(
      `select p.mim_id, u.email, u.id as user_id from pagers p join users u on u.id = p.assigned_to_id
        join hospitals h on h.id = p.hospital_id
        where h.network_id = (select h2.network_id from users a join hospitals h2 on h2.id = a.hospital_id where a.id = $1)
        order by p.id limit 1`,
      [networkAdmin.id],
    );
    const assigned = pager.rows[0]!;
    await nameless(assigned.user_id);
    const page = (
      await api(ts, networkAdmin, 'GET', `/api/v4/admin/pagers?q=${assigned.mim_id}`)
    ).json<{ results: { mim_id: string; assigned_to: string | null }[] }>();
    expect(page.results.find((p) => p.mim_id === assigned.mim_id)?.assigned_to).toBe(
      assigned.email,
    );
  });
});
