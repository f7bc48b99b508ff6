import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { seedFingerprint } from '../seed/fingerprint.js';
import { seedDatabase } from '../seed/index.js';

/**
 * The seeded template is shared by every test, so its chat history uses the configured default
 * XMPP domain (what a test server has unless it sets XMPP_DOMAIN).
 */
const SEED_XMPP_DOMAIN = loadConfig({ NODE_ENV: 'test' }).xmppDomain;

export interface TestDatabase extends Database {
  /** PGlite: the temp DATA_DIR; PostgreSQL: the schema name. */
  location: string;
}

export interface TestDatabaseOptions {
  /** Seed the demo organisation (from a cached seeded template on PGlite). */
  seed?: boolean;
  now?: Date;
}

/**
 * Templates of older migrations (or days) are 40 MB each: remove those over an hour old.
 * Copying one takes well under a second, so no test can still be reading an hour-old one.
 */
function pruneOldTemplates(fingerprint: string, today: string): void {
  const prefix = 'pando-pglite-template-';
  const cutoff = Date.now() - 3_600_000;
  for (const name of fs.readdirSync(os.tmpdir())) {
    const full = path.join(os.tmpdir(), name);
    if (!name.startsWith(prefix)) continue;
    // Current templates stay: the migrated one, and today's seeded one.
    if (name.includes(fingerprint) && (name.endsWith('-migrated') || name.includes(today)))
      continue;
    try {
      if (fs.statSync(full).mtimeMs < cutoff) fs.rmSync(full, { recursive: true, force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
}

/**
 * Creating a PGlite database costs ~1-2 s and ~700 MB peak; copying a closed one costs
 * milliseconds. Templates are keyed by the migrations (and seed) content and the day, built
 * once per machine, published by an atomic rename so parallel test processes never see half
 * a template.
 */
async function template(seed: boolean, now: Date): Promise<string> {
  const fingerprint = seedFingerprint();
  const key = `${fingerprint}-${seed ? `seeded-${now.toISOString().slice(0, 10)}` : 'migrated'}`;
  const final = path.join(os.tmpdir(), `pando-pglite-template-${key}`);
  if (fs.existsSync(path.join(final, 'pglite', 'PG_VERSION'))) return final;
  const work = `${final}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const db = await openDatabase({ dataDir: work });
  try {
    await migrate(db);
    if (seed) await seedDatabase(db, { now, xmppDomain: SEED_XMPP_DOMAIN });
  } finally {
    await db.close();
  }
  fs.rmSync(path.join(work, 'pando.lock'), { force: true });
  try {
    fs.renameSync(work, final);
  } catch {
    // Another process published the same template first; ours is identical.
    fs.rmSync(work, { recursive: true, force: true });
  }
  pruneOldTemplates(fingerprint, now.toISOString().slice(0, 10));
  return final;
}

/**
 * A fresh PGlite DATA_DIR copied from the migrated (or seeded) template, not opened: for tests
 * that run the server as a child process on it.
 */
export async function createTestDataDir(options: TestDatabaseOptions = {}): Promise<string> {
  const source = await template(options.seed ?? false, options.now ?? new Date());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-test-db-'));
  fs.cpSync(source, dataDir, { recursive: true });
  return dataDir;
}

/**
 * A migrated, empty (or demo-seeded) database of its own: a PGlite copy in a temp dir, or a
 * fresh schema on PostgreSQL when DATABASE_URL is set. `close()` removes it.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const now = options.now ?? new Date();
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const cloned = await clonePostgresTemplate(databaseUrl, options.seed ?? false, now);
    if (cloned) return cloned;
    // The role may not create databases: a schema of its own, migrated and seeded here.
    const schemaName = `test_${process.pid}_${randomBytes(6).toString('hex')}`;
    const db = await openDatabase({ dataDir: '', databaseUrl, pgSchema: schemaName });
    await migrate(db);
    if (options.seed) await seedDatabase(db, { now, xmppDomain: SEED_XMPP_DOMAIN });
    const close = db.close.bind(db);
    return {
      ...db,
      location: schemaName,
      async close() {
        try {
          await db.exec(`drop schema if exists "${schemaName}" cascade`);
        } finally {
          await close();
        }
      },
    };
  }
  const source = await template(options.seed ?? false, now);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-test-db-'));
  fs.cpSync(source, dataDir, { recursive: true });
  const db = await openDatabase({ dataDir });
  // Migrations added since the template was built (another engineer's files) still apply.
  await migrate(db);
  const close = db.close.bind(db);
  return {
    ...db,
    location: dataDir,
    async close() {
      try {
        await close();
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** One statement on the PostgreSQL server of `databaseUrl`, on a connection of its own. */
async function adminQuery<T extends pg.QueryResultRow>(
  databaseUrl: string,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

const withDatabase = (databaseUrl: string, name: string) => {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * PostgreSQL's template database (migrated, or seeded for the day), built once per machine
 * under an advisory lock, as the PGlite templates above: migrating and seeding took 2-4 s per
 * test server, most of the PostgreSQL pass of the server suites. Undefined when the role may
 * not create databases.
 */
async function postgresTemplate(
  databaseUrl: string,
  seed: boolean,
  now: Date,
): Promise<string | undefined> {
  const fingerprint = seedFingerprint();
  const key = `${fingerprint}_${seed ? `seeded_${now.toISOString().slice(0, 10).replaceAll('-', '')}` : 'migrated'}`;
  const name = `pando_tpl_${key}`;
  const exists = async () =>
    (await adminQuery(databaseUrl, 'select 1 from pg_database where datname = $1', [name])).length >
    0;
  if (await exists()) return name;
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query(`select pg_advisory_lock(hashtext('pando-test-template'))`);
    if (await exists()) return name;
    const work = `${name}_w${String(process.pid)}`;
    try {
      await lock.query(`drop database if exists "${work}"`);
      await lock.query(`create database "${work}"`);
    } catch {
      return undefined;
    }
    const db = await openDatabase({ dataDir: '', databaseUrl: withDatabase(databaseUrl, work) });
    try {
      await migrate(db);
      if (seed) await seedDatabase(db, { now, xmppDomain: SEED_XMPP_DOMAIN });
    } finally {
      await db.close();
    }
    await lock.query(`alter database "${work}" rename to "${name}"`);
    await lock.query(`comment on database "${name}" is '${new Date().toISOString()}'`);
    // Templates of other migrations made over an hour ago (as the PGlite ones above: no run
    // still clones one). Never one of these migrations: another file of this run may be about
    // to clone it (a seed of another day, made hours ago by an earlier run, was dropped here
    // between a file's check and its clone: "template database … does not exist").
    const old = await lock.query<{ datname: string }>(
      `select datname from pg_database
        where datname like 'pando\\_tpl\\_%' and datname not like $1
          and coalesce(shobj_description(oid, 'pg_database'), '') < $2`,
      [`pando\\_tpl\\_${fingerprint}\\_%`, new Date(Date.now() - 3_600_000).toISOString()],
    );
    for (const { datname } of old.rows)
      await lock.query(`drop database if exists "${datname}"`).catch(() => undefined);
    return name;
  } finally {
    await lock
      .query(`select pg_advisory_unlock(hashtext('pando-test-template'))`)
      .catch(() => undefined);
    await lock.end();
  }
}

/**
 * A database of its own on PostgreSQL, cloned from the template (`CREATE DATABASE … TEMPLATE`
 * copies files: well under a second), dropped by `close()`. Undefined when the role may not
 * create databases (the caller falls back to a schema).
 */
async function clonePostgresTemplate(
  databaseUrl: string,
  seed: boolean,
  now: Date,
): Promise<TestDatabase | undefined> {
  const template = await postgresTemplate(databaseUrl, seed, now);
  if (!template) return undefined;
  const name = `pando_test_${String(process.pid)}_${randomBytes(6).toString('hex')}`;
  await adminQuery(databaseUrl, `create database "${name}" template "${template}"`);
  const db = await openDatabase({ dataDir: '', databaseUrl: withDatabase(databaseUrl, name) });
  // Migrations added since the template was built still apply.
  await migrate(db);
  const close = db.close.bind(db);
  return {
    ...db,
    location: name,
    async close() {
      try {
        await close();
      } finally {
        await dropDatabase(databaseUrl, name);
      }
    },
  };
}

/**
 * Drops a test database once the last connection to it has gone: a server's other clients
 * (its chat store's, a listener's) may still be closing after `close()`; forcing them off
 * earlier made their pools report "terminating connection due to administrator command".
 */
async function dropDatabase(databaseUrl: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await adminQuery(databaseUrl, `drop database if exists "${name}"`);
      return;
    } catch (err) {
      // 55006 object_in_use: someone is still connected.
      if ((err as { code?: string }).code !== '55006') throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await adminQuery(databaseUrl, `drop database if exists "${name}" with (force)`);
}
