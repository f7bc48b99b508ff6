import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, PatientCard } from '@pando/domain';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { api, type Caller, callerFor, demoCallers } from '../teams/testing.js';
import type { Database, DatabaseTx } from '../db/client.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { appendAudit } from './chain.js';

/** Issue 36 §2: GET /admin/audit and its CSV export, within each admin's reach. */

let ts: TestServer;
let alice: Caller;
let dave: Caller;
let orgAdmin: Caller;
let pandoAdmin: Caller;
let card: PatientCard;

const AUDIT = '/api/v4/admin/audit';

beforeAll(async () => {
  ts = await startTestServer();
  ({ alice, dave } = await demoCallers(ts));
  orgAdmin = await callerFor(ts, DEMO_ACCOUNTS.orgAdmin);
  pandoAdmin = await callerFor(ts, DEMO_ACCOUNTS.pandoAdmin);
  const created = await ts.app.inject({
    method: 'POST',
    url: `/api/v4/cards-multiple-reassign?assignee=users&assignee_id=${String(alice.id)}&with_empty_task=false`,
    headers: {
      cookie: alice.cookie,
      'content-type': 'application/json',
      'user-agent': '=cmd|"/c calc"!A1',
    },
    payload: JSON.stringify({ title: 'Audit API card', subtitle: '' }),
  });
  expect(created.statusCode, created.body).toBe(201);
  card = created.json<PatientCard>();
  await api(ts, alice, 'GET', `/api/v4/cards-multiple-reassign/${String(card.id)}`);
  const mailed = await api(
    ts,
    alice,
    'POST',
    `/api/v4/cards/${String(card.id)}/export-to-email`,
    {},
  );
  expect(mailed.statusCode).toBe(200);
  // Another network's person, refused: not in St Elsewhere's reach.
  await api(ts, dave, 'GET', `/api/v4/cards-multiple-reassign/${String(card.id)}`);
  await ts.app.audit.flush();
}, 120_000);

afterAll(async () => {
  await ts.close();
});

describe('GET /admin/audit', () => {
  it('the organisation admin finds alice’s read and email of the card by the patient', async () => {
    const res = await api(ts, orgAdmin, 'GET', `${AUDIT}?patient_id=${String(card.patient_id)}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<AuditPage>();
    expect(page.results.map((e) => e.action)).toEqual(['card.email', 'card.read', 'card.create']);
    const email = page.results[0];
    expect(email).toMatchObject({
      user_id: alice.id,
      user_email: DEMO_ACCOUNTS.alice,
      outcome: 'allowed',
      detail: { recipient: DEMO_ACCOUNTS.alice },
    });
    expect(email?.user_name).toMatch(/\S+ \S+/);
    expect(Date.parse(email?.at ?? '')).toBeGreaterThan(Date.now() - 600_000);
    expect(page).toMatchObject({ page: 0, pageSize: 50, totalResults: 3 });
  });

  it('filters by user, action, resource type and time, and pages', async () => {
    const byAction = await api(
      ts,
      orgAdmin,
      'GET',
      `${AUDIT}?user_id=${String(alice.id)}&action=card.email&resource_type=card`,
    );
    expect(byAction.json<AuditPage>().results.map((e) => e.resource_id)).toEqual([String(card.id)]);
    const future = await api(ts, orgAdmin, 'GET', `${AUDIT}?from=2999-01-01`);
    expect(future.json<AuditPage>().totalResults).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const paged = await api(
      ts,
      orgAdmin,
      'GET',
      `${AUDIT}?patient_id=${String(card.patient_id)}&from=${today}&to=${today}&page=1&page-size=2`,
    );
    expect(paged.json<AuditPage>()).toMatchObject({ page: 1, pageSize: 2, totalResults: 3 });
    expect(paged.json<AuditPage>().results.map((e) => e.action)).toEqual(['card.create']);
  });

  it('names a person without a name by their email, in the list and the CSV, as every screen', async () => {
    const bob = await ts.db.query<{ id: number; hospital_id: number; network_id: number }>(
      `select u.id, u.hospital_id, h.network_id from users u join hospitals h on h.id = u.hospital_id
        where u.email = $1`,
      [DEMO_ACCOUNTS.bob],
    );
    const who = bob.rows[0]!;
    await appendAudit(ts.db, [
      {
        at: new Date(),
        userId: who.id,
        sessionId: null,
        accessLevel: 'USER_VERIFIED',
        organisationId: who.hospital_id,
        networkId: who.network_id,
        clientIp: '127.0.0.1',
        userAgent: null,
        action: 'nameless.read',
        resourceType: 'card',
        resourceId: null,
        patientId: null,
        outcome: 'allowed',
        status: 200,
        detail: {},
      },
    ]);
    const names = await ts.db.query<{ first_name: string; last_name: string }>(
      'select first_name, last_name from users where id = $1',
      [who.id],
    );
    await ts.db.query(`update users set first_name = '', last_name = '' where id = $1`, [who.id]);
    try {
      const list = await api(ts, orgAdmin, 'GET', `${AUDIT}?action=nameless.read`);
      expect(list.json<AuditPage>().results.map((e) => e.user_name)).toEqual([DEMO_ACCOUNTS.bob]);
      const csv = await api(ts, orgAdmin, 'GET', `${AUDIT}/export?action=nameless.read`);
      const [, row] = csv.body.trim().split('\r\n');
      expect(row?.split(',').slice(1, 4)).toEqual([
        String(who.id),
        DEMO_ACCOUNTS.bob,
        DEMO_ACCOUNTS.bob,
      ]);
    } finally {
      const { first_name, last_name } = names.rows[0]!;
      await ts.db.query('update users set first_name = $2, last_name = $3 where id = $1', [
        who.id,
        first_name,
        last_name,
      ]);
    }
  });

  it('keeps to the reach: another network’s events only for a product admin', async () => {
    const mine = await api(ts, orgAdmin, 'GET', `${AUDIT}?user_id=${String(dave.id)}`);
    expect(mine.json<AuditPage>().totalResults).toBe(0);
    const all = await api(ts, pandoAdmin, 'GET', `${AUDIT}?user_id=${String(dave.id)}`);
    const refused = all.json<AuditPage>().results.find((e) => e.action === 'card.read');
    expect(refused).toMatchObject({ outcome: 'refused', status: 404 });
  });

  it('refuses people who are no admin, a network outside the reach, and a bad filter', async () => {
    expect((await api(ts, alice, 'GET', AUDIT)).statusCode).toBe(403);
    const net = await ts.db.query<{ uuid: string }>(
      `select n.uuid::text as uuid from networks n join hospitals h on h.network_id = n.id
         join users u on u.hospital_id = h.id where u.id = $1`,
      [dave.id],
    );
    expect(
      (await api(ts, orgAdmin, 'GET', `${AUDIT}?network=${net.rows[0]?.uuid ?? ''}`)).statusCode,
    ).toBe(403);
    const bad = await api(ts, orgAdmin, 'GET', `${AUDIT}?from=yesterday`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ details: { path: string }[] }>().details[0]?.path).toBe('from');
  });

  it('reading the trail is itself recorded', async () => {
    await ts.app.audit.flush();
    const r = await ts.db.query<{ n: number }>(
      `select count(*)::int as n from audit_events where action = 'admin.audit.read' and user_id = $1`,
      [orgAdmin.id],
    );
    expect(r.rows[0]?.n).toBeGreaterThan(0);
  });
});

describe('GET /admin/audit/export', () => {
  it('is the filtered view as CSV, every cell formula-escaped', async () => {
    const res = await api(
      ts,
      orgAdmin,
      'GET',
      `${AUDIT}/export?patient_id=${String(card.patient_id)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^time,user_id,user_name,user_email/);
    // alice's browser sent a formula as its user agent: it stays text in a spreadsheet.
    expect(res.body).toContain(`"'=cmd|""/c calc""!A1"`);
    expect(res.body).not.toMatch(/(^|,)"?=/m);
  });
});

describe('a page of the trail and its total', () => {
  it('agree when an event is written between reading the one and the other', async () => {
    const db = ts.app.db;
    const query = db.query.bind(db);
    const transaction = db.transaction.bind(db);
    const alicesRow = await query<{ hospital_id: number; network_id: number }>(
      'select u.hospital_id, h.network_id from users u join hospitals h on h.id = u.hospital_id where u.id = $1',
      [alice.id],
    );
    const where = alicesRow.rows[0]!;
    // Another read of the card, written (and committed) by another request the moment after the
    // page was read and before the total is: the interleaving two separate reads allow.
    const another = () =>
      appendAudit(db, [
        {
          at: new Date(),
          userId: alice.id,
          sessionId: null,
          accessLevel: 'USER_VERIFIED',
          organisationId: where.hospital_id,
          networkId: where.network_id,
          clientIp: '127.0.0.1',
          userAgent: null,
          action: 'card.read',
          resourceType: 'card',
          resourceId: String(card.id),
          patientId: card.patient_id ?? null,
          outcome: 'allowed',
          status: 200,
          detail: {},
        },
      ]);
    let pageRead: (() => void) | undefined;
    const pageDone = new Promise<void>((resolve) => {
      pageRead = resolve;
    });
    let written: Promise<void> | undefined;
    const isPage = (text: string) => /from audit_events e left join users u/.test(text);
    const isTotal = (text: string) => /select count\(\*\)::int as n from audit_events/.test(text);
    const around =
      (run: DatabaseTx['query']) =>
      async (text: string, params?: unknown[]): Promise<{ rows: never[] }> => {
        if (isTotal(text)) {
          await pageDone;
          written ??= another();
          // On PGlite a write waits while a transaction holds the one connection.
          await Promise.race([written, new Promise((resolve) => setTimeout(resolve, 300))]);
        }
        const result = await run<never>(text, params);
        if (isPage(text)) pageRead?.();
        return result;
      };
    db.query = around(query);
    db.transaction = ((fn: (tx: DatabaseTx) => Promise<unknown>) =>
      transaction((tx) => fn({ query: around(tx.query.bind(tx)) }))) as Database['transaction'];
    let page: AuditPage;
    try {
      const res = await api(ts, orgAdmin, 'GET', `${AUDIT}?patient_id=${String(card.patient_id)}`);
      expect(res.statusCode, res.body).toBe(200);
      page = res.json<AuditPage>();
    } finally {
      db.query = query;
      db.transaction = transaction;
      await written;
    }
    expect(written).toBeDefined();
    expect(page.totalResults).toBe(page.results.length);
    // The event written meanwhile shows in the next read, in the page and the total alike.
    const next = (
      await api(ts, orgAdmin, 'GET', `${AUDIT}?patient_id=${String(card.patient_id)}`)
    ).json<AuditPage>();
    expect(next.totalResults).toBe(page.totalResults + 1);
    expect(next.results).toHaveLength(next.totalResults);
  });
});
