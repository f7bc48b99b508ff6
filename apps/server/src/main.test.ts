import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer } from '../build.js';
import { openDatabase } from './db/client.js';
import { createTestDataDir } from './testing/testDb.js';
import { freePort } from './xmpp/testing/childServer.js';

/**
 * Issue 14, finding 2: "the dev mailbox and the demo seed are on by default". The built server
 * binary started with no mode variables (what an operator runs) is a production server: no dev
 * mailbox, no demo accounts, no login codes in its log, `SEED=demo` refused. The local
 * development mode is asked for explicitly (`npm start` sets NODE_ENV=development) and listens on
 * loopback only.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const bundle = path.join(here, '..', 'dist', `main-test-${process.pid}.js`);
const CODE = /\b[A-Z0-9]{3}-[A-Z0-9]{3}\b/;

interface Started {
  child: ChildProcess;
  base: string;
  port: number;
  output: () => string;
}

const children: ChildProcess[] = [];
const dirs: string[] = [];

/** The environment of a fresh shell: none of the test runner's mode or database variables. */
function cleanEnv(): NodeJS.ProcessEnv {
  const {
    NODE_ENV: _mode,
    DATABASE_URL: _db,
    REDIS_URL: _redis,
    SEED: _seed,
    HOST: _host,
    SMTP_URL: _smtp,
    VITEST: _vitest,
    ...rest
  } = process.env;
  return rest;
}

function run(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let out = '';
  const child = spawn(process.execPath, [bundle], {
    env: { ...cleanEnv(), WEB_DIST_DIR: '/nonexistent-web-dist', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return { child, output: () => out };
}

async function start(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const { child, output } = run({ PORT: String(port), ...env });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output()}`);
    const ok = await fetch(`${base}/api/v4/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base, port, output };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${output()}`);
}

async function stop(s: { child: ChildProcess }): Promise<void> {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  await exited;
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-main-test-'));
  dirs.push(dir);
  return dir;
}

/** An address of this machine that is not loopback (undefined on a machine without one). */
function externalAddress(): string | undefined {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) if (!a.internal && a.family === 'IPv4') return a.address;
  }
  return undefined;
}

async function reachable(url: string): Promise<boolean> {
  return fetch(url, { signal: AbortSignal.timeout(3_000) }).then(
    () => true,
    () => false,
  );
}

async function requestCode(base: string, email: string): Promise<void> {
  const res = await fetch(`${base}/api/v4/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBe(200);
}

let bundleFiles: string[] = [];
beforeAll(async () => {
  bundleFiles = await bundleServer(bundle);
});

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  for (const f of bundleFiles) fs.rmSync(f, { force: true });
});

describe('the server binary with no mode variables is a production server', () => {
  it('has no dev mailbox, seeds no demo accounts, and listens on every interface', async () => {
    const dataDir = tempDir();
    const s = await start({ DATA_DIR: dataDir });
    try {
      expect(s.output()).toContain('SMTP_URL is not set');
      const mailbox = await fetch(`${s.base}/api/dev/mailbox?to=alice@example.org`);
      expect(mailbox.status).toBe(404);
      const everyone = await fetch(`${s.base}/api/dev/mailbox`);
      expect(everyone.status).toBe(404);
      await requestCode(s.base, 'pando.admin@example.org');
      const ip = externalAddress();
      if (ip) expect(await reachable(`http://${ip}:${s.port}/api/v4/health`)).toBe(true);
    } finally {
      await stop(s);
    }
    const db = await openDatabase({ dataDir });
    try {
      const users = await db.query<{ n: number }>('select count(*)::int as n from users');
      expect(users.rows[0]?.n).toBe(0);
    } finally {
      await db.close();
    }
  });

  it('never prints a login code to its log (the email text is redacted)', async () => {
    const dataDir = await createTestDataDir({ seed: true });
    dirs.push(dataDir);
    const s = await start({ DATA_DIR: dataDir });
    try {
      await requestCode(s.base, 'alice@example.org');
      await expect.poll(() => s.output(), { timeout: 5_000 }).toContain('text redacted');
      expect(s.output()).toContain('alice@example.org');
      expect(s.output()).not.toMatch(CODE);
      expect(s.output()).not.toContain('login code is');
    } finally {
      await stop(s);
    }
  });

  it('refuses SEED=demo with one clear line, before touching the database', async () => {
    const dataDir = tempDir();
    const { child, output } = run({ DATA_DIR: dataDir, SEED: 'demo', PORT: '0' });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output()).toContain('SEED: demo is refused with NODE_ENV=production');
    expect(output()).not.toContain('    at '); // an operator message, not a stack trace
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});

describe('the local development mode (npm start) is asked for explicitly', () => {
  it('seeds the demo, listens on loopback only, and its mailbox answers one recipient at a time', async () => {
    const s = await start({ DATA_DIR: tempDir(), NODE_ENV: 'development' });
    try {
      const ip = externalAddress();
      if (ip) expect(await reachable(`http://${ip}:${s.port}/api/v4/health`)).toBe(false);
      await requestCode(s.base, 'alice@example.org');
      await requestCode(s.base, 'bob@example.org');
      const all = await fetch(`${s.base}/api/dev/mailbox`);
      expect(all.status).toBe(400);
      expect(JSON.stringify(await all.json())).toContain('"path":"to"');
      const alice = await fetch(`${s.base}/api/dev/mailbox?to=alice@example.org`);
      const { results } = (await alice.json()) as { results: { to: string; text: string }[] };
      expect(results.map((m) => m.to)).toEqual(['alice@example.org']);
      expect(results[0]?.text).toMatch(CODE);
    } finally {
      await stop(s);
    }
  });

  it('never keeps mail in a dev mailbox when SMTP_URL is set', async () => {
    const s = await start({
      DATA_DIR: tempDir(),
      NODE_ENV: 'development',
      SEED: 'none',
      SMTP_URL: 'smtp://127.0.0.1:9',
    });
    try {
      const res = await fetch(`${s.base}/api/dev/mailbox?to=alice@example.org`);
      expect(res.status).toBe(404);
    } finally {
      await stop(s);
    }
  });
});
