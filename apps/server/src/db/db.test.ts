import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDb.js';
import { DEMO_ACCOUNTS, seedDatabase } from '../seed/index.js';
import { openDatabase, UnsafeDatabaseError } from './client.js';
import { acquireDataDirLock, DataDirLockedError } from './lock.js';
import { migrate } from './migrate.js';
import * as schema from './schema/index.js';

describe('schema', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ seed: true });
  });
  afterAll(async () => {
    await db.close();
  });

  it('the migrated database has exactly the tables and columns of the Drizzle schema', async () => {
    const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
    expect(tables.length).toBeGreaterThan(25);
    const r = await db.query<{ table_name: string; column_name: string; is_nullable: string }>(
      `select table_name, column_name, is_nullable from information_schema.columns
        where table_schema = current_schema() and table_name <> 'schema_migrations'`,
    );
    const inDb = new Map<string, Map<string, boolean>>();
    for (const row of r.rows) {
      const cols = inDb.get(row.table_name) ?? new Map<string, boolean>();
      cols.set(row.column_name, row.is_nullable === 'NO');
      inDb.set(row.table_name, cols);
    }
    const inDrizzle = new Map<string, Map<string, boolean>>();
    for (const t of tables) {
      const cfg = getTableConfig(t);
      inDrizzle.set(cfg.name, new Map(cfg.columns.map((c) => [c.name, c.notNull])));
    }
    expect([...inDb.keys()].sort()).toEqual([...inDrizzle.keys()].sort());
    for (const [table, cols] of inDrizzle) {
      expect(Object.fromEntries(inDb.get(table) ?? []), table).toEqual(Object.fromEntries(cols));
    }
  });

  it('the demo organisation has the documented accounts, levels and organisations', async () => {
    const r = await db.query<{
      email: string;
      access_level: string;
      hospital: string;
      network: string;
    }>(
      `select u.email, u.access_level, h.name as hospital, n.name as network
         from users u join hospitals h on h.id = u.hospital_id join networks n on n.id = h.network_id
        where u.email = any($1::text[]) order by u.email`,
      [Object.values(DEMO_ACCOUNTS)],
    );
    const byEmail = Object.fromEntries(r.rows.map((row) => [row.email, row]));
    expect(byEmail[DEMO_ACCOUNTS.pandoAdmin]).toMatchObject({
      access_level: 'PANDO_ADMIN',
      hospital: 'St Elsewhere General',
    });
    expect(byEmail[DEMO_ACCOUNTS.networkAdmin]).toMatchObject({
      access_level: 'NETWORK_ADMIN',
      network: 'Demo Health Network',
    });
    expect(byEmail[DEMO_ACCOUNTS.orgAdmin]).toMatchObject({ access_level: 'ORGANISATION_ADMIN' });
    expect(byEmail[DEMO_ACCOUNTS.alice]).toMatchObject({
      access_level: 'USER_VERIFIED',
      hospital: 'St Elsewhere General',
    });
    expect(byEmail[DEMO_ACCOUNTS.bob]).toMatchObject({ access_level: 'USER_VERIFIED' });
    expect(byEmail[DEMO_ACCOUNTS.carol]).toMatchObject({
      access_level: 'USER',
      hospital: 'Riverside Hospital',
      network: 'Demo Health Network',
    });
    expect(byEmail[DEMO_ACCOUNTS.dave]).toMatchObject({
      access_level: 'USER_VERIFIED',
      hospital: 'Northgate Clinic',
      network: 'Northgate Network',
    });

    const teams = await db.query<{
      name: string;
      mim_id: string;
      discoverable: boolean;
      auto_accept: boolean;
      enabled: string | null;
      members: string[];
    }>(
      `select t.name, t.mim_id, t.discoverable, t.auto_accept, t.public_data->>'enabled' as enabled,
              array(select u.email from team_members m join users u on u.id = m.user_id where m.team_id = t.id) as members
         from teams t`,
    );
    const team = (name: string) => teams.rows.find((t) => t.name === name)!;
    expect(team('Ward 7 Team').members).toEqual(
      expect.arrayContaining([DEMO_ACCOUNTS.alice, DEMO_ACCOUNTS.bob]),
    );
    expect(team('Junior Doctors Forum')).toMatchObject({ discoverable: true, auto_accept: true });
    expect(team('Cardiology Advice').enabled).toBe('true');
    expect(team('Cardiology Advice').members).toContain(DEMO_ACCOUNTS.bob);
    expect(team('Cardiology Advice').members).not.toContain(DEMO_ACCOUNTS.alice);
    expect(team('Cardiology Advice').members).toHaveLength(3);
    expect(teams.rows.every((t) => t.mim_id.length > 0)).toBe(true);

    const counts = await db.query<{
      users: number;
      cards: number;
      tasks: number;
      wards: number;
      events: number;
      days: number;
    }>(
      `select (select count(*)::int from users) as users, (select count(*)::int from patient_cards) as cards,
              (select count(*)::int from tasks) as tasks, (select count(*)::int from wards) as wards,
              (select count(*)::int from analytics_events) as events,
              (select count(distinct occurred_at::date)::int from analytics_events) as days`,
    );
    const c = counts.rows[0]!;
    expect(c.users).toBeGreaterThanOrEqual(65);
    expect(c.cards).toBeGreaterThan(10);
    expect(c.tasks).toBeGreaterThan(c.cards);
    expect(c.wards).toBeGreaterThan(5);
    expect(c.days).toBeGreaterThanOrEqual(29);
  });

  it('seeding is idempotent: a second run changes nothing', async () => {
    const before = await db.query<{ n: number }>('select count(*)::int as n from users');
    expect(await seedDatabase(db, { now: new Date(), xmppDomain: 'localhost' })).toBe(false);
    const after = await db.query<{ n: number }>('select count(*)::int as n from users');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('migrating again applies nothing and records every file once', async () => {
    expect(await migrate(db)).toEqual([]);
    const r = await db.query<{ version: number }>(
      'select version from schema_migrations order by version',
    );
    expect(r.rows.map((x) => x.version)).toContain(1);
  });
});

// Registered only for the database in use, so neither run reports skipped tests.
if (!process.env.DATABASE_URL)
  describe('embedded PGlite durability', () => {
    it('runs with fsync on and the WAL synced with open_datasync (no -F)', async () => {
      const db = await createTestDatabase();
      try {
        const r = await db.query<{ fsync: string; method: string; sc: string }>(
          `select current_setting('fsync') as fsync, current_setting('wal_sync_method') as method,
                current_setting('synchronous_commit') as sc`,
        );
        expect(r.rows[0]).toEqual({ fsync: 'on', method: 'open_datasync', sc: 'on' });
      } finally {
        await db.close();
      }
    });

    it('refuses a second server on the same DATA_DIR with a clear message', () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-lock-'));
      const release = acquireDataDirLock(dir);
      try {
        expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
        // Another live process holding it: use our parent's pid, which is certainly alive.
        release();
        fs.writeFileSync(
          path.join(dir, 'pando.lock'),
          JSON.stringify({ pid: process.ppid, host: os.hostname() }),
        );
        expect(() => acquireDataDirLock(dir)).toThrow(/in use by another Pando server \(pid \d+\)/);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('takes over a stale lock left by a dead process', () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-lock-'));
      try {
        // PIDs above the kernel's pid_max never exist.
        fs.writeFileSync(
          path.join(dir, 'pando.lock'),
          JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname() }),
        );
        const release = acquireDataDirLock(dir);
        const holder = JSON.parse(fs.readFileSync(path.join(dir, 'pando.lock'), 'utf8')) as {
          pid: number;
        };
        expect(holder.pid).toBe(process.pid);
        release();
        expect(fs.existsSync(path.join(dir, 'pando.lock'))).toBe(false);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

if (process.env.DATABASE_URL)
  describe('PostgreSQL durability', () => {
    it('refuses to start when synchronous_commit is off', async () => {
      const url = new URL(process.env.DATABASE_URL!);
      url.searchParams.set('options', '-c synchronous_commit=off');
      await expect(openDatabase({ dataDir: '', databaseUrl: url.toString() })).rejects.toThrow(
        UnsafeDatabaseError,
      );
      await expect(openDatabase({ dataDir: '', databaseUrl: url.toString() })).rejects.toThrow(
        /synchronous_commit/,
      );
    });
  });
