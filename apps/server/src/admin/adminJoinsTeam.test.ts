import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textsWith, type AdminTeam } from '@pando/domain';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { api, type Caller, callerFor } from '../teams/testing.js';

/**
 * Issue 36 (low): an organisation admin adding themselves to a clinical team from the admin
 * console gains its patient cards. The team's members now see it in the team's chat: a line from
 * the room naming the administrator. Adding somebody else says nothing there.
 */

let ts: TestServer;
let orgAdmin: Caller;
let alice: Caller;
let bob: Caller;

beforeAll(async () => {
  ts = await startTestServer();
  orgAdmin = await callerFor(ts, DEMO_ACCOUNTS.orgAdmin);
  alice = await callerFor(ts, DEMO_ACCOUNTS.alice);
  bob = await callerFor(ts, DEMO_ACCOUNTS.bob);
});
afterAll(async () => {
  await ts.close();
});

/** The lines the room itself posted into a team's chat (archived for every member). */
async function roomLines(mimId: string): Promise<string[]> {
  await ts.app.chat.settled();
  const r = await ts.db.query<{ stanza: string }>(
    `select stanza from chat_messages where recipient = lower($1) and sender = 'system' order by id`,
    [mimId],
  );
  return r.rows.map((x) => x.stanza);
}

describe('an administrator joining a clinical team', () => {
  it("is announced in the team's chat by name; adding someone else is not", async () => {
    const created = await api(ts, orgAdmin, 'POST', '/api/v4/admin/teams', {
      name: 'Ward 7 nights',
      members: [alice.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const team = created.json<AdminTeam>();
    const mimId = team.mim_id!;

    const others = await api(ts, orgAdmin, 'POST', `/api/v4/admin/teams/${team.id}/members/add`, {
      user_ids: [bob.id],
    });
    expect(others.statusCode).toBe(200);
    expect(await roomLines(mimId)).toEqual([]);

    const self = await api(ts, orgAdmin, 'POST', `/api/v4/admin/teams/${team.id}/members/add`, {
      user_ids: [orgAdmin.id],
    });
    expect(self.statusCode).toBe(200);
    const admin = await ts.db.query<{ first_name: string; last_name: string }>(
      'select first_name, last_name from users where id = $1',
      [orgAdmin.id],
    );
    const name = `${admin.rows[0]!.first_name} ${admin.rows[0]!.last_name}`.trim();
    const lines = await roomLines(mimId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(textsWith.adminJoinedTeam(name));
    expect(lines[0]).toContain('<subject>text/plain</subject>');

    // Added again (already a member): nothing new is said.
    await api(ts, orgAdmin, 'POST', `/api/v4/admin/teams/${team.id}/members/add`, {
      user_ids: [orgAdmin.id],
    });
    expect(await roomLines(mimId)).toHaveLength(1);
  });
});
