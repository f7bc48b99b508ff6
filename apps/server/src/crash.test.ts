import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer } from '../build.js';
import { openDatabase, type Database } from './db/client.js';
import { migrate } from './db/migrate.js';
import { createTestDataDir } from './testing/testDb.js';
import { sha256 } from './auth/crypto.js';

/**
 * Issue 4: "Killing the server with SIGKILL during 500 concurrent logins loses no committed
 * session or code." The server runs as a child process (a bundle of src/main.ts) on its own
 * database; every answer it gave before the kill must hold after a restart.
 */
const LOGINS = 500;
const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => {
        if (typeof addr === 'object' && addr) resolve(addr.port);
        else reject(new Error('no port'));
      });
    });
  });
}

interface Target {
  env: Record<string, string>;
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

async function embeddedTarget(): Promise<Target> {
  const dataDir = await createTestDataDir();
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    cleanup: () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

function postgresTarget(databaseUrl: string): Target {
  const schema = `crash_${randomBytes(6).toString('hex')}`;
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ dataDir: '', databaseUrl, pgSchema: schema }),
    cleanup: async () => {
      const db = await openDatabase({ dataDir: '', databaseUrl });
      try {
        await db.exec(`drop schema if exists "${schema}" cascade`);
      } finally {
        await db.close();
      }
    },
  };
}

async function startServer(target: Target, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [bundle], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...target.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_EMAIL: '100',
      LOGIN_RATE_LIMIT_PER_IP: '100000',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited early (${child.exitCode}): ${stderr}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v4/health`);
      if (res.status === 200) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
}

/** Runs checks 16 at a time: enough to keep the server busy without queueing hundreds. */
async function inBatches<T>(items: readonly T[], check: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += 16) await Promise.all(items.slice(i, i + 16).map(check));
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else
      child.once('exit', () => {
        resolve();
      });
  });
}

const children: ChildProcess[] = [];
// A bundle starts in a fraction of tsx's time (which compiles every file at start).
const bundle = path.join(serverDir, 'dist', `crash-test-${process.pid}.js`);
let bundleFiles: string[] = [];
beforeAll(async () => {
  bundleFiles = await bundleServer(bundle);
});
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const f of bundleFiles) fs.rmSync(f, { force: true });
});

async function crashDuringLogins(target: Target) {
  // 500 accounts, so 500 logins run at once without the newest-code rule cancelling each other.
  const setup = await target.open();
  try {
    await migrate(setup);
    const h = await setup.query<{ id: number }>(
      `insert into hospitals (uuid, name) values (gen_random_uuid(), 'Crash Test Hospital') returning id`,
    );
    await setup.query(
      `insert into users (uuid, email, first_name, last_name, access_level, hospital_id)
       select gen_random_uuid(), 'load' || i || '@example.org', 'Load', 'User ' || i, 'USER', $2
         from generate_series(1, $1::int) as i`,
      [LOGINS, h.rows[0]!.id],
    );
  } finally {
    await setup.close();
  }

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let t = Date.now();
  const server = await startServer(target, port);
  console.info(`server started in ${Date.now() - t} ms`);
  t = Date.now();
  children.push(server);

  const ackedCodes: { email: string; challenge: string; code: string }[] = [];
  const ackedSessions: { email: string; cookie: string }[] = [];
  let killed = false;
  const json = { 'content-type': 'application/json' };

  async function login(i: number): Promise<void> {
    const email = `load${i}@example.org`;
    const start = await fetch(`${base}/api/v4/auth`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email }),
    });
    if (start.status !== 200) return;
    const challenge = start.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('pando_login='))!;
    const mail = (await (await fetch(`${base}/api/dev/mailbox?to=${email}`)).json()) as {
      results: { text: string }[];
    };
    const code = /\b([A-Z0-9]{3}-[A-Z0-9]{3})\b/.exec(mail.results[0]?.text ?? '')![1]!;
    ackedCodes.push({ email, challenge, code });
    const res = await fetch(`${base}/api/v4/auth/validate?cookie=true`, {
      method: 'POST',
      headers: { ...json, cookie: challenge },
      body: JSON.stringify({ authorization_code: code }),
    });
    if (res.status !== 200) return;
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('pando_session='))!;
    ackedSessions.push({ email, cookie });
    if (!killed && ackedSessions.length >= LOGINS / 3) {
      killed = true;
      server.kill('SIGKILL');
    }
  }
  await Promise.allSettled(Array.from({ length: LOGINS }, (_, i) => login(i + 1)));
  await exited(server);
  console.info(`logins until kill and drain: ${Date.now() - t} ms`);
  expect(killed).toBe(true);
  expect(server.signalCode).toBe('SIGKILL');

  // Straight after the kill, read the database as it was left (the killed server's DATA_DIR
  // lock is stale and taken over): every acknowledged code must be there.
  const usedEmails = new Set<string>();
  const after = await target.open();
  try {
    for (const c of ackedCodes) {
      const row = await after.query<{ used_at: Date | null; sessions: number }>(
        `select l.used_at, (select count(*)::int from sessions s join users u on u.id = s.user_id where u.email = l.email) as sessions
           from login_codes l where l.challenge_hash = $1`,
        [sha256(c.challenge.slice('pando_login='.length))],
      );
      expect(row.rows, `code of ${c.email}`).toHaveLength(1);
      // A code used by a validation that committed just before the kill left its session behind.
      if (row.rows[0]!.used_at) {
        usedEmails.add(c.email);
        expect(row.rows[0]!.sessions, `session of ${c.email}`).toBeGreaterThan(0);
      }
    }
  } finally {
    await after.close();
  }

  const restarted = await startServer(target, port);
  children.push(restarted);
  try {
    await inBatches(ackedSessions, async (s) => {
      const me = await fetch(`${base}/api/v4/login/current`, { headers: { cookie: s.cookie } });
      expect(me.status, `session of ${s.email}`).toBe(200);
    });
    // Every acknowledged code that no committed validation used still opens a session.
    const unused = ackedCodes.filter((c) => !usedEmails.has(c.email));
    await inBatches(unused, async (c) => {
      const res = await fetch(`${base}/api/v4/auth/validate?cookie=true`, {
        method: 'POST',
        headers: { ...json, cookie: c.challenge },
        body: JSON.stringify({ authorization_code: c.code }),
      });
      expect(res.status, `code of ${c.email}`).toBe(200);
    });
    return {
      ackedCodes: ackedCodes.length,
      ackedSessions: ackedSessions.length,
      usedUnacked: usedEmails.size - ackedSessions.length,
      unusedStillValid: unused.length,
    };
  } finally {
    restarted.kill('SIGTERM');
    await exited(restarted);
  }
}

// The DATA_DIR lock exists only for the embedded database.
if (!process.env.DATABASE_URL) {
  describe('one server per DATA_DIR, graceful shutdown', () => {
    it('refuses a second server with one clear line, and SIGTERM releases the lock', async () => {
      const target = await embeddedTarget();
      try {
        const port = await freePort();
        const first = await startServer(target, port);
        children.push(first);
        const second = spawn(process.execPath, [bundle], {
          env: { ...process.env, ...target.env, PORT: String(await freePort()), SEED: 'none' },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        second.stderr.on('data', (d: Buffer) => {
          stderr += d.toString();
        });
        await exited(second);
        expect(second.exitCode).toBe(1);
        expect(stderr.trim()).toMatch(
          /^DATA_DIR .* is in use by another Pando server \(pid \d+\); stop it first/,
        );
        expect(stderr.trim().split('\n')).toHaveLength(1);
        expect((await fetch(`http://127.0.0.1:${port}/api/v4/health`)).status).toBe(200);

        first.kill('SIGTERM');
        await exited(first);
        expect(first.exitCode).toBe(0);
        expect(fs.existsSync(path.join(target.env.DATA_DIR ?? '', 'pando.lock'))).toBe(false);
      } finally {
        await target.cleanup();
      }
    }, 120_000);
  });
}

describe('crash safety', () => {
  it('SIGKILL during 500 concurrent logins loses no committed session or code', async () => {
    const databaseUrl = process.env.DATABASE_URL;
    const target = databaseUrl ? postgresTarget(databaseUrl) : await embeddedTarget();
    try {
      const result = await crashDuringLogins(target);
      expect(result.ackedSessions).toBeGreaterThanOrEqual(LOGINS / 3);
      expect(result.ackedCodes).toBeGreaterThan(result.ackedSessions);
      console.info(`crash test (${databaseUrl ? 'PostgreSQL' : 'PGlite'}):`, result);
    } finally {
      await target.cleanup();
    }
  }, 240_000);
});
