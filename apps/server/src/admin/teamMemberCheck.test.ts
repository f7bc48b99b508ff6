import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import {
  api,
  type Caller,
  callerFor,
  demoCallers,
  teamMemberIds,
  withBlockedBeforeNextTransaction,
} from '../teams/testing.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';

/**
 * The admin console's team and advice channel members (spec 02 §5): only unblocked people of
 * the organisation's network, checked in the transaction that adds them, so a person blocked
 * just before the members are written is refused, not added (before, the check ran first).
 */

let ts: TestServer;
let alice: Caller;
let bob: Caller;
let orgAdmin: Caller;

beforeAll(async () => {
  ts = await startTestServer();
  ({ alice, bob } = await demoCallers(ts));
  orgAdmin = await callerFor(ts, DEMO_ACCOUNTS.orgAdmin);
});
afterAll(async () => {
  await ts.close();
});

const fieldsOf = (body: string) =>
  (JSON.parse(body) as { details?: { path: string }[] }).details?.map((d) => d.path);

describe('a person blocked while an admin adds them is not added', () => {
  for (const base of ['/api/v4/admin/teams', '/api/v4/admin/advice-channels']) {
    it(`POST ${base}: 400 naming members, and nothing is made`, async () => {
      const count = async () =>
        (await ts.db.query<{ n: number }>('select count(*)::int as n from teams')).rows[0]?.n;
      const before = await count();
      const res = await withBlockedBeforeNextTransaction(ts, bob.id, () =>
        api(ts, orgAdmin, 'POST', base, { name: 'Blocked between', members: [alice.id, bob.id] }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsOf(res.body)).toContain('members');
      expect(await count()).toBe(before);
    });

    it(`POST ${base}/{id}/members/add: 400 naming user_ids, the members unchanged`, async () => {
      const created = await api(ts, orgAdmin, 'POST', base, {
        name: 'Add between',
        members: [alice.id],
      });
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json<{ id: number }>();
      const res = await withBlockedBeforeNextTransaction(ts, bob.id, () =>
        api(ts, orgAdmin, 'POST', `${base}/${String(id)}/members/add`, { user_ids: [bob.id] }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsOf(res.body)).toContain('user_ids');
      expect(await teamMemberIds(ts, id)).toEqual([alice.id]);
    });
  }
});
