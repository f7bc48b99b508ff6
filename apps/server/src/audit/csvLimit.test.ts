import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_CSV_MAX_ROWS } from '@pando/domain';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { api, type Caller, callerFor } from '../teams/testing.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { type AuditEvent, appendAudit } from './chain.js';

/**
 * GET /admin/audit/export holds at most AUDIT_CSV_MAX_ROWS events; a filtered view with more is
 * refused (413, the dates to narrow), never cut short: an auditor must not take part of the
 * trail for all of it. Played with the real limit, on events of two days of their own.
 */

let ts: TestServer;
let orgAdmin: Caller;

const DAY_ONE = '2026-03-01';
const DAY_TWO = '2026-03-02';
const ACTION = 'card.read';

beforeAll(async () => {
  ts = await startTestServer();
  orgAdmin = await callerFor(ts, DEMO_ACCOUNTS.orgAdmin);
  const actor = await ts.db.query<{ hospital_id: number; network_id: number | null }>(
    'select u.hospital_id, h.network_id from users u join hospitals h on h.id = u.hospital_id where u.id = $1',
    [orgAdmin.id],
  );
  const { hospital_id: organisationId, network_id: networkId } = actor.rows[0]!;
  const event = (at: Date, n: number): AuditEvent => ({
    at,
    userId: orgAdmin.id,
    sessionId: null,
    accessLevel: 'USER_VERIFIED',
    organisationId,
    networkId,
    clientIp: '127.0.0.1',
    userAgent: 'CsvLimitTest',
    action: ACTION,
    resourceType: 'card',
    resourceId: String(n),
    patientId: null,
    outcome: 'allowed',
    status: 200,
    detail: {},
  });
  // Exactly the limit on day one (a millisecond apart), one more on day two.
  const start = Date.parse(`${DAY_ONE}T00:00:00Z`);
  const BATCH = 5_000;
  for (let i = 0; i < AUDIT_CSV_MAX_ROWS; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, AUDIT_CSV_MAX_ROWS - i) }, (_, k) =>
      event(new Date(start + i + k), i + k),
    );
    await appendAudit(ts.db, batch);
  }
  await appendAudit(ts.db, [event(new Date(`${DAY_TWO}T12:00:00Z`), AUDIT_CSV_MAX_ROWS)]);
}, 300_000);

afterAll(async () => {
  await ts.close();
});

const exportOf = (from: string, to: string) =>
  api(
    ts,
    orgAdmin,
    'GET',
    `/api/v4/admin/audit/export?action=${ACTION}&user_id=${String(orgAdmin.id)}&from=${from}&to=${to}`,
  );

describe('GET /admin/audit/export at its limit', () => {
  it(`exports a view of exactly ${String(AUDIT_CSV_MAX_ROWS)} events whole`, async () => {
    const res = await exportOf(DAY_ONE, DAY_ONE);
    expect(res.statusCode).toBe(200);
    expect(res.body.trim().split('\r\n')).toHaveLength(AUDIT_CSV_MAX_ROWS + 1);
  });

  it('refuses a view of one event more with 413 and what to do, instead of a file that looks whole', async () => {
    const res = await exportOf(DAY_ONE, DAY_TWO);
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    const body = res.json<{ message: string; internalCode?: string }>();
    expect(body.message).toMatch(/more than 50,000 events/);
    expect(body.message).toMatch(/narrow the dates/i);
    expect(body.internalCode).toBe('AUDIT_EXPORT_TOO_LARGE');
  });

  it('records the refused export in the trail', async () => {
    await ts.app.audit.flush();
    const r = await ts.db.query<{ outcome: string; status: number }>(
      `select outcome, status from audit_events
        where action = 'admin.audit.export' and user_id = $1 order by at, id`,
      [orgAdmin.id],
    );
    expect(r.rows).toEqual([
      { outcome: 'allowed', status: 200 },
      { outcome: 'refused', status: 413 },
    ]);
  });
});
