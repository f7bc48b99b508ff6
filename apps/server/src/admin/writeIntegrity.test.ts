import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEXTS } from '@pando/domain';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { addClosedOrganisation, CLOSED_ORGANISATION, type OrganisationsByName } from './testing.js';
import { api, type Caller, callerFor } from '../teams/testing.js';

/**
 * The admin console's writes leave nothing half-done: a create for a deleted organisation is
 * refused, a user update that fails half-way changes nothing, and an invitation or export
 * request whose email cannot be sent is not kept (the admin is told to try again, and can).
 */
let ts: TestServer;
let people: Record<'bob' | 'networkAdmin', Caller>;
let org: OrganisationsByName;

function patch(who: Caller, url: string, body: unknown) {
  return ts.app.inject({
    method: 'PATCH',
    url,
    headers: { cookie: who.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

const count = async (sql: string, args: unknown[]) =>
  (await ts.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, args)).rows[0]!.n;

beforeAll(async () => {
  ts = await startTestServer();
  people = {
    bob: await callerFor(ts, DEMO_ACCOUNTS.bob),
    networkAdmin: await callerFor(ts, DEMO_ACCOUNTS.networkAdmin),
  };
  org = await addClosedOrganisation(ts);
}, 120_000);

afterAll(async () => {
  await ts.close();
});

describe('creating for a deleted organisation', () => {
  it('is refused as for an unknown organisation: no invitation, export request or team', async () => {
    const closed = org[CLOSED_ORGANISATION]!;
    const unknown = '00000000-0000-4000-8000-000000000000';
    const invite = (organisation: string) =>
      api(ts, people.networkAdmin, 'POST', '/api/v4/admin/invites', {
        email: 'closed.ward@example.org',
        organisation,
      });
    const exportRequest = (organisation: string) =>
      api(ts, people.networkAdmin, 'POST', '/api/v4/admin/send-export-data-request', {
        first_name: 'Olive',
        last_name: 'Admin',
        email: 'olive@example.org',
        users: true,
        organisation,
      });
    const team = (organisation: string) =>
      api(ts, people.networkAdmin, 'POST', `/api/v4/admin/teams?organisation=${organisation}`, {
        name: 'Closed Ward Team',
        members: [people.bob.id],
      });
    for (const create of [invite, exportRequest, team]) {
      const asUnknown = await create(unknown);
      const asDeleted = await create(closed.uuid);
      expect(asDeleted.statusCode).toBe(asUnknown.statusCode);
      expect(asDeleted.json()).toEqual(asUnknown.json());
      expect(asDeleted.statusCode).toBe(404);
    }
    expect(await count('invites where hospital_id = $1', [closed.id])).toBe(0);
    expect(await count('export_requests where hospital_id = $1', [closed.id])).toBe(0);
    expect(await count('teams where hospital_id = $1', [closed.id])).toBe(0);
    expect(ts.app.devMailbox!.list('closed.ward@example.org')).toHaveLength(0);
  });
});

describe('PATCH /admin/users/{id} is one change', () => {
  it('a failure half-way (the sessions cannot be deleted) leaves the user as they were, and tells no one', async () => {
    const bob = people.bob;
    const url = `/api/v4/admin/users/${bob.id}`;
    const body = { hospital_uuid: org['Riverside Hospital']!.uuid, blocked: true };
    const heard: string[] = [];
    const onBlocked = () => heard.push('user:blocked');
    const onChanged = () => heard.push('user:changed');
    const onRevoked = () => heard.push('session:revoked');
    ts.app.events.on('user:blocked', onBlocked);
    ts.app.events.on('user:changed', onChanged);
    ts.app.events.on('session:revoked', onRevoked);
    // The block's last write fails (a trigger refuses deleting bob's sessions), after the move
    // and the block flag were written.
    await ts.db.query(
      `create function refuse_session_delete() returns trigger language plpgsql as $$
         begin raise exception 'sessions cannot be deleted now'; end $$`,
    );
    await ts.db.query(
      `create trigger refuse_session_delete before delete on sessions for each row
         when (old.user_id = ${String(bob.id)}) execute function refuse_session_delete()`,
    );
    try {
      const failed = await patch(people.networkAdmin, url, body);
      expect(failed.statusCode).toBe(500);
      const row = await ts.db.query<{ hospital_id: number; blocked: boolean }>(
        'select hospital_id, blocked from users where id = $1',
        [bob.id],
      );
      expect(row.rows[0]).toEqual({ hospital_id: org['St Elsewhere General']!.id, blocked: false });
      expect(heard).toEqual([]);
      // bob still works in his own app, in his own organisation.
      const me = await api(ts, bob, 'GET', '/api/v4/login/current?embed=hospital');
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ hospital: { name: 'St Elsewhere General' } });
    } finally {
      await ts.db.query('drop trigger refuse_session_delete on sessions');
      await ts.db.query('drop function refuse_session_delete()');
    }
    try {
      // Sent again once the cause is gone, the whole change happens and is announced.
      const done = await patch(people.networkAdmin, url, body);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ hospital_uuid: body.hospital_uuid, blocked: true });
      expect(heard).toEqual(expect.arrayContaining(['user:changed', 'user:blocked']));
      expect(heard).toContain('session:revoked');
      expect((await api(ts, bob, 'GET', '/api/v4/login/current')).statusCode).toBe(401);
    } finally {
      ts.app.events.off('user:blocked', onBlocked);
      ts.app.events.off('user:changed', onChanged);
      ts.app.events.off('session:revoked', onRevoked);
    }
  });
});

describe('an admin email that cannot be sent', () => {
  const smtpDown = () =>
    vi.spyOn(ts.app.mailer, 'send').mockRejectedValueOnce(new Error('connect ECONNREFUSED'));

  it('leaves no invitation: the admin is asked to try again, and trying again sends it', async () => {
    const email = 'mail.fails@example.org';
    const invite = () => api(ts, people.networkAdmin, 'POST', '/api/v4/admin/invites', { email });
    const send = smtpDown();
    try {
      const failed = await invite();
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toMatchObject({ message: TEXTS.emailNotSent });
    } finally {
      send.mockRestore();
    }
    expect(await count('invites where email = $1', [email])).toBe(0);
    const pending = await api(ts, people.networkAdmin, 'GET', '/api/v4/admin/invites');
    expect(JSON.stringify(pending.json())).not.toContain(email);

    const again = await invite();
    expect(again.statusCode).toBe(201);
    expect(ts.app.devMailbox!.list(email)).toHaveLength(1);
    expect(await count('invites where email = $1', [email])).toBe(1);
  });

  it('leaves no data export request: support would never act on it', async () => {
    const request = () =>
      api(ts, people.networkAdmin, 'POST', '/api/v4/admin/send-export-data-request', {
        first_name: 'Olive',
        last_name: 'Admin',
        email: 'olive.retry@example.org',
        teams: true,
      });
    const send = smtpDown();
    try {
      const failed = await request();
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toMatchObject({ message: TEXTS.emailNotSent });
    } finally {
      send.mockRestore();
    }
    expect(await count('export_requests where email = $1', ['olive.retry@example.org'])).toBe(0);

    expect((await request()).statusCode).toBe(201);
    expect(await count('export_requests where email = $1', ['olive.retry@example.org'])).toBe(1);
  });
});
