import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import {
  api,
  type Caller,
  demoCallers,
  teamMemberIds,
  withBlockedBeforeNextTransaction,
} from './testing.js';

/**
 * Spec 01 §5–6: only people who may be added (unblocked, of the caller's network) become members.
 * The check and the insert are one transaction: a person blocked by an administrator just before
 * the members are written is refused, not added (before, the check ran on its own first).
 */

let ts: TestServer;
let alice: Caller;
let bob: Caller;

beforeAll(async () => {
  ts = await startTestServer();
  ({ alice, bob } = await demoCallers(ts));
});
afterAll(async () => {
  await ts.close();
});

const withBobBlockedInBetween = <T>(call: () => Promise<T>) =>
  withBlockedBeforeNextTransaction(ts, bob.id, call);
const memberIds = (teamId: number) => teamMemberIds(ts, teamId);

async function aliceTeam(name: string): Promise<number> {
  const res = await api(ts, alice, 'POST', '/api/v4/teams', { name, user_ids: [] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

const namesUserIds = (body: string) =>
  (JSON.parse(body) as { details?: { path: string }[] }).details?.map((d) => d.path);

describe('a person blocked while being added is not added', () => {
  it('POST /teams: 400 naming user_ids, and no team is made', async () => {
    const before = await ts.db.query<{ n: number }>('select count(*)::int as n from teams');
    const res = await withBobBlockedInBetween(() =>
      api(ts, alice, 'POST', '/api/v4/teams', { name: 'Blocked between', user_ids: [bob.id] }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(namesUserIds(res.body)).toContain('user_ids');
    const after = await ts.db.query<{ n: number }>('select count(*)::int as n from teams');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('PUT /teams/{id} with user_ids: 400, the members unchanged', async () => {
    const id = await aliceTeam('Put between');
    const res = await withBobBlockedInBetween(() =>
      api(ts, alice, 'PUT', `/api/v4/teams/${String(id)}`, { user_ids: [alice.id, bob.id] }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(namesUserIds(res.body)).toContain('user_ids');
    expect(await memberIds(id)).toEqual([alice.id]);
  });

  it('POST /teams/{id}/members/add: 400, the members unchanged', async () => {
    const id = await aliceTeam('Add between');
    const res = await withBobBlockedInBetween(() =>
      api(ts, alice, 'POST', `/api/v4/teams/${String(id)}/members/add`, { user_ids: [bob.id] }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(namesUserIds(res.body)).toContain('user_ids');
    expect(await memberIds(id)).toEqual([alice.id]);
  });

  it('a block committing while he is being added: the addition waits for it and is refused', async () => {
    const id = await aliceTeam('Add during a block');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let blockWritten!: () => void;
    const written = new Promise<void>((resolve) => (blockWritten = resolve));
    // An administrator's block, written but not yet committed (PostgreSQL: another connection;
    // PGlite, one connection: everything else waits for it anyway).
    const blocking = ts.db.transaction(async (tx) => {
      await tx.query('update users set blocked = true where id = $1', [bob.id]);
      blockWritten();
      await held;
    });
    try {
      await written;
      const adding = api(ts, alice, 'POST', `/api/v4/teams/${String(id)}/members/add`, {
        user_ids: [bob.id],
      });
      // Long enough for the addition to reach its check while the block is still open.
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await blocking;
      const res = await adding;
      expect(res.statusCode, res.body).toBe(400);
      expect(await memberIds(id)).toEqual([alice.id]);
    } finally {
      release();
      await blocking;
      await ts.db.query('update users set blocked = false where id = $1', [bob.id]);
    }
  });

  it('unblocked, the same calls add him', async () => {
    const id = await aliceTeam('Add after');
    const res = await api(ts, alice, 'POST', `/api/v4/teams/${String(id)}/members/add`, {
      user_ids: [bob.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await memberIds(id)).toEqual([alice.id, bob.id].sort((a, b) => a - b));
  });
});
