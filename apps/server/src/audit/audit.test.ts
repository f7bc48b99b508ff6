import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createTestDatabase, createTestDataDir, type TestDatabase } from '../testing/testDb.js';
import { type AuditEvent, appendAudit } from './chain.js';
import { verifyAudit } from './verify.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const event = (over: Partial<AuditEvent> = {}): AuditEvent => ({
  at: new Date('2026-03-01T10:00:00.123Z'),
  userId: 4,
  sessionId: 17,
  accessLevel: 'USER_VERIFIED',
  organisationId: 1,
  networkId: 1,
  clientIp: '10.1.2.3',
  userAgent: 'Mozilla/5.0 (test)',
  action: 'card.read',
  resourceType: 'card',
  resourceId: '12',
  patientId: 7,
  outcome: 'allowed',
  status: 200,
  detail: { recipient: 'gp@example.org', nested: { b: 1, a: [1, 'x'] } },
  ...over,
});

/** What someone with database access would do: bypass the application's refusal, then edit. */
async function tamper(db: TestDatabase, sql: string, params: unknown[] = []): Promise<void> {
  await db.exec('alter table audit_events disable trigger audit_events_immutable');
  try {
    await db.query(sql, params);
  } finally {
    await db.exec('alter table audit_events enable trigger audit_events_immutable');
  }
}

async function idOf(db: TestDatabase, chain: number, seq: number): Promise<number> {
  const r = await db.query<{ id: number }>(
    'select id from audit_events where chain = $1 and seq = $2',
    [chain, seq],
  );
  return Number(r.rows[0]?.id);
}

describe('the audit trail: hash chain, immutability, retention', () => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase();
  });
  afterEach(async () => {
    await db.close();
  });

  it('chains each organisation’s events and verifies them', async () => {
    await appendAudit(db, [event(), event({ organisationId: 2, action: 'patient.read' })]);
    await db.transaction((tx) => appendAudit(tx, [event({ action: 'card.update' })]));
    await appendAudit(db, [event({ organisationId: null, userId: null, action: 'login.failure' })]);
    const rows = await db.query<{ chain: number; seq: number }>(
      'select chain, seq from audit_events order by id',
    );
    expect(rows.rows.map((r) => [r.chain, r.seq])).toEqual([
      [1, 1],
      [2, 1],
      [1, 2],
      [0, 1],
    ]);
    expect(await verifyAudit(db)).toEqual({ ok: true, events: 4, chains: 3 });
  });

  it('many writers at once keep one unbroken chain', async () => {
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        db.transaction((tx) => appendAudit(tx, [event({ resourceId: String(i) })])),
      ),
    );
    const result = await verifyAudit(db);
    expect(result).toMatchObject({ ok: true, events: 40 });
  });

  it('a change and its record commit together: a rolled-back change leaves no event', async () => {
    await expect(
      db.transaction(async (tx) => {
        await appendAudit(tx, [event({ action: 'card.delete' })]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const r = await db.query<{ n: number }>('select count(*)::int as n from audit_events');
    expect(r.rows[0]?.n).toBe(0);
  });

  it('refuses to change or remove an event through the database connection', async () => {
    await appendAudit(db, [event()]);
    await expect(db.query(`update audit_events set action = 'x'`)).rejects.toThrow(
      /audit events cannot be changed or removed/,
    );
    await expect(db.query('delete from audit_events')).rejects.toThrow(
      /audit events cannot be changed or removed/,
    );
    await expect(db.exec('truncate audit_events')).rejects.toThrow(/cannot be changed/);
  });

  it('names the event whose row was edited in the database', async () => {
    await appendAudit(db, [event(), event({ resourceId: '13' }), event({ resourceId: '14' })]);
    const second = await idOf(db, 1, 2);
    await tamper(db, `update audit_events set user_id = 99 where id = $1`, [second]);
    const result = await verifyAudit(db);
    expect(result.ok).toBe(false);
    expect(result.problem).toContain(`altered: event ${String(second)} (organisation 1, #2`);
  });

  it('names an event whose row was edited and its hash recomputed (the next one links elsewhere)', async () => {
    await appendAudit(db, [event(), event({ resourceId: '13' }), event({ resourceId: '14' })]);
    const first = await idOf(db, 1, 1);
    await tamper(
      db,
      `update audit_events set detail = '{}'::jsonb, hash = repeat('a', 64) where id = $1`,
      [first],
    );
    const result = await verifyAudit(db);
    expect(result.ok).toBe(false);
    expect(result.problem).toMatch(new RegExp(`altered: event ${String(first)} .*`));
  });

  it('names an event removed from the middle, and one removed from the end', async () => {
    await appendAudit(db, [event(), event({ resourceId: '13' }), event({ resourceId: '14' })]);
    await tamper(db, 'delete from audit_events where chain = 1 and seq = 2');
    expect((await verifyAudit(db)).problem).toMatch(
      /removed: event #2 of organisation 1 is missing/,
    );
  });

  it('notices the last event removed', async () => {
    await appendAudit(db, [event(), event({ resourceId: '13' })]);
    await tamper(db, 'delete from audit_events where chain = 1 and seq = 2');
    expect((await verifyAudit(db)).problem).toMatch(
      /removed: the last events of organisation 1 are missing \(#2–#2\)/,
    );
  });

  it('retention removes whole old runs and the rest still verifies', async () => {
    const old = new Date('2020-01-01T00:00:00Z');
    const recent = new Date('2026-03-01T00:00:00Z');
    await appendAudit(db, [
      event({ at: old }),
      event({ at: old, resourceId: '2' }),
      event({ at: recent, resourceId: '3' }),
      event({ at: old, organisationId: 2 }),
    ]);
    const app = await buildServer(
      loadConfig({ NODE_ENV: 'test' }, { logLevel: 'silent', now: () => recent }),
      { db },
    );
    try {
      const { expireAudit } = await import('./hooks.js');
      expect(await expireAudit(app)).toBe(3);
    } finally {
      await app.close();
    }
    const left = await db.query<{ chain: number; seq: number }>(
      'select chain, seq from audit_events order by chain, seq',
    );
    expect(left.rows.map((r) => [r.chain, r.seq])).toEqual([[1, 3]]);
    await appendAudit(db, [event({ at: recent, organisationId: 2 })]);
    expect(await verifyAudit(db)).toEqual({ ok: true, events: 2, chains: 2 });
    // The checkpoint is what retention left; the first kept event must still link to it.
    await tamper(db, `update audit_chains set base_hash = repeat('b', 64) where chain = 1`);
    expect((await verifyAudit(db)).problem).toMatch(/does not link to the chain's start/);
  });

  it('reads are queued and written on a clean stop, not one write per read', async () => {
    const config = loadConfig(
      { NODE_ENV: 'test' },
      {
        logLevel: 'silent',
        audit: {
          retentionMs: 1e12,
          flushMs: 60_000,
          flushEvents: 1000,
          readRepeatMs: 0,
          enabled: true,
        },
      },
    );
    const app = await buildServer(config, { db });
    await app.ready();
    for (let i = 0; i < 5; i += 1) app.audit.record(event({ resourceId: String(i) }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = await db.query<{ n: number }>('select count(*)::int as n from audit_events');
    expect(before.rows[0]?.n).toBe(0);
    await app.close();
    const after = await db.query<{ n: number }>('select count(*)::int as n from audit_events');
    expect(after.rows[0]?.n).toBe(5);
    expect((await verifyAudit(db)).ok).toBe(true);
  });

  it('writes a batch once the window passes or it is full', async () => {
    const config = loadConfig(
      { NODE_ENV: 'test' },
      {
        logLevel: 'silent',
        audit: { retentionMs: 1e12, flushMs: 30, flushEvents: 3, readRepeatMs: 0, enabled: true },
      },
    );
    const app = await buildServer(config, { db });
    await app.ready();
    try {
      app.audit.record(event());
      await expect
        .poll(async () => (await db.query('select 1 from audit_events')).rows.length)
        .toBe(1);
      for (let i = 0; i < 3; i += 1) app.audit.record(event({ resourceId: String(i) }));
      await expect
        .poll(async () => (await db.query('select 1 from audit_events')).rows.length)
        .toBe(4);
    } finally {
      await app.close();
    }
  });
});

describe('npm run audit:verify', () => {
  it('exits 1 and names the altered event of the database it is pointed at', async () => {
    if (process.env.DATABASE_URL) return; // the command on PostgreSQL is the same code path
    const dataDir = await createTestDataDir();
    const db = await openDatabase({ dataDir });
    await appendAudit(db, [event(), event({ resourceId: '13' })]);
    await db.exec('alter table audit_events disable trigger audit_events_immutable');
    await db.query(`update audit_events set client_ip = '192.0.2.1' where seq = 1`);
    const id = Number(
      (await db.query<{ id: number }>('select id from audit_events where seq = 1')).rows[0]?.id,
    );
    await db.close();
    const run = promisify(execFile)('npx', ['tsx', 'src/audit/verifyCli.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', DATABASE_URL: '' },
    });
    const failure = (await run.then(
      () => undefined,
      (err: unknown) => err,
    )) as { code: number; stdout: string } | undefined;
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toContain(`Audit trail BROKEN: altered: event ${String(id)}`);
  }, 60_000);
});
