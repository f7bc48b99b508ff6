import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired } from '../auth/sweeper.js';
import { api, type Caller, demoCallers, teamId } from '../teams/testing.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { verifyAudit } from './verify.js';

/**
 * Issue 36 §1 "Recorded for: … login success, login failure, logout, session expiry" and every
 * email of what may name a patient: a session that runs out is recorded once, whether the hourly
 * sweep or the person's next request finds it first; an advice transcript emailed is recorded
 * with its recipient.
 */

let ts: TestServer;
let alice: Caller;
let bob: Caller;
let carol: Caller;

beforeAll(async () => {
  ts = await startTestServer();
  ({ alice, bob, carol } = await demoCallers(ts));
}, 120_000);

afterAll(async () => {
  await ts.close();
});

interface Row {
  user_id: number;
  session_id: number;
  action: string;
  status: number;
  client_ip: string | null;
  detail: Record<string, unknown>;
}

async function events(action: string, userId: number): Promise<Row[]> {
  await ts.app.audit.flush();
  return (
    await ts.db.query<Row>(
      'select user_id, session_id, action, status, client_ip, detail from audit_events where action = $1 and user_id = $2 order by id',
      [action, userId],
    )
  ).rows;
}

const sessionOf = async (who: Caller) =>
  (
    await ts.db.query<{ id: number }>(
      'select id from sessions where user_id = $1 order by id desc limit 1',
      [who.id],
    )
  ).rows[0]!.id;

describe('session expiry in the audit trail', () => {
  it('a session idle past its lifetime, found by the next request: 401 and one session.expired', async () => {
    const id = await sessionOf(alice);
    await ts.db.query(
      `update sessions set last_seen_at = now() - interval '30 days' where id = $1`,
      [id],
    );
    // The cached answer of the last request would still let it through: a new server-side read.
    ts.app.events.emit('session:revoked', { userId: alice.id, sessionId: id });
    const res = await api(ts, alice, 'GET', '/api/v4/login/current');
    expect(res.statusCode).toBe(401);
    const expired = (await events('session.expired', alice.id)).filter((e) => e.session_id === id);
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({ status: 401, detail: { reason: 'idle' } });
    expect(expired[0]!.client_ip).not.toBeNull();
    // The sweep finds nothing left of it to record again.
    await sweepExpired(ts.db, ts.app.config);
    expect(
      (await events('session.expired', alice.id)).filter((e) => e.session_id === id),
    ).toHaveLength(1);
  });

  it('a session past its absolute lifetime, ended by the sweep, is recorded in the same transaction', async () => {
    const id = await sessionOf(bob);
    await ts.db.query(
      `update sessions set expires_at = now() - interval '1 minute' where id = $1`,
      [id],
    );
    const swept = await sweepExpired(ts.db, ts.app.config);
    expect(swept.sessions).toBeGreaterThanOrEqual(1);
    const expired = (await events('session.expired', bob.id)).filter((e) => e.session_id === id);
    expect(expired).toHaveLength(1);
    expect(expired[0]!.detail).toMatchObject({ reason: 'lifetime' });
    const gone = await ts.db.query('select 1 from sessions where id = $1', [id]);
    expect(gone.rows).toHaveLength(0);
    expect((await verifyAudit(ts.db)).ok).toBe(true);
  });
});

describe('an advice transcript emailed', () => {
  it('is recorded with the conversation and the recipient', async () => {
    const cardiology = await teamId(ts, 'Cardiology Advice');
    const opened = await api(
      ts,
      carol,
      'POST',
      `/api/v4/teams/${cardiology.id}/advice-conversations`,
      { message: 'Transcript audit: bay 4, chest pain' },
    );
    expect(opened.statusCode, opened.body).toBe(201);
    const { id } = opened.json<{ id: number }>();
    const res = await api(
      ts,
      carol,
      'POST',
      `/api/v4/teams/${cardiology.id}/advice-conversations/${id}/export-to-email`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = await ts.db.query<{ resource_type: string; resource_id: string; detail: object }>(
      `select resource_type, resource_id, detail from audit_events
        where action = 'advice_transcript.email' and user_id = $1`,
      [carol.id],
    );
    expect(rows.rows).toEqual([
      {
        resource_type: 'advice_conversation',
        resource_id: String(id),
        detail: expect.objectContaining({ recipient: carol.email }) as object,
      },
    ]);
  });
});
