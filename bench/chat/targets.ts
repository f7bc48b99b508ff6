import { execSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { RawXmpp } from './xmppClient.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Our server is this checkout's, or with BENCH_TREE=<checkout> that one's (the A/B harness's base). */
const REPO = path.resolve(process.env.BENCH_TREE ?? path.join(here, '../..'));
const PEERS = path.resolve(here, '../peers');
/**
 * The V8 flags that tree's `npm start` passes (apps/server/nodeFlags.mjs), read from REPO so that an
 * A/B against an older BENCH_TREE runs each server with its own flags (none before the file).
 */
const flagsFile = path.join(REPO, 'apps/server/nodeFlags.mjs');
export const SERVER_NODE_FLAGS: string[] = fs.existsSync(flagsFile)
  ? ((await import(pathToFileURL(flagsFile).href)) as { SERVER_NODE_FLAGS: string[] })
      .SERVER_NODE_FLAGS
  : [];
const DOMAIN = 'localhost';

export interface Account {
  user: string;
  /** Read once per login: ours hands out a fresh chat token each time (tokens are single-use). */
  password: string;
  /** Bare JID. */
  jid: string;
}

export interface Target {
  name: string;
  wsUrl: string;
  domain: string;
  accounts: Account[];
  /** PIDs whose resident memory is the server's. */
  pids(): number[];
  stop(): Promise<void>;
}

export function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else
      child.once('exit', () => {
        resolve();
      });
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => {
        resolve(port);
      });
    });
  });
}

export async function waitForPort(
  port: number,
  child: ChildProcess | undefined,
  what: string,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.destroy();
        resolve(true);
      });
      s.on('error', () => {
        resolve(false);
      });
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not listen on ${port}`);
}

/** Peers come from Debian; installed here (not in CI) when missing. */
export function ensurePeersInstalled(): void {
  const missing = ['ejabberdctl', 'prosody'].filter(
    (b) => spawnSync('sh', ['-c', `command -v ${b}`]).status !== 0,
  );
  if (missing.length === 0) return;
  console.log(`Installing ejabberd and prosody from Debian (missing: ${missing.join(', ')})...`);
  execSync(
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ejabberd prosody',
    { stdio: 'inherit' },
  );
  // The packages start system services where an init system exists; the bench runs its own.
  spawnSync('sh', ['-c', 'service ejabberd stop; service prosody stop'], { stdio: 'ignore' });
}

export function peerVersions(): { ejabberd: string; prosody: string } {
  const v = (pkg: string) =>
    spawnSync('dpkg-query', ['-W', '-f=${Version}', pkg]).stdout.toString().trim();
  return { ejabberd: v('ejabberd'), prosody: v('prosody') };
}

function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/@([A-Z]+)@/g, (m, k: string) => vars[k] ?? m);
}

function tmpDirFor(owner: string | undefined, name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pando-bench-${name}-`));
  if (owner) execSync(`chown -R ${owner}:${owner} ${dir}`);
  fs.chmodSync(dir, 0o755);
  return dir;
}

function pidsMatching(re: RegExp): number[] {
  const out: number[] = [];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (re.test(cmd)) out.push(Number(d));
    } catch {
      // process ended
    }
  }
  return out;
}

/** Registers accounts over XEP-0077 on a few streams in parallel. */
async function registerAll(wsUrl: string, accounts: Account[], parallel = 16): Promise<void> {
  let next = 0;
  const worker = async () => {
    let c: RawXmpp | undefined;
    while (next < accounts.length) {
      const a = accounts[next++]!;
      for (let attempt = 0; ; attempt++) {
        try {
          if (!c || c.closed) {
            c = await RawXmpp.connect(wsUrl);
            await c.open(DOMAIN);
          }
          await c.register(a.user, a.password);
          break;
        } catch (err) {
          c?.close();
          c = undefined;
          if (attempt >= 3) throw err;
        }
      }
    }
    c?.close();
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

function peerAccounts(n: number): Account[] {
  return Array.from({ length: n }, (_, i) => ({
    user: `u${i + 1}`,
    password: `pw${i + 1}`,
    jid: `u${i + 1}@${DOMAIN}`,
  }));
}

export async function startEjabberd(nAccounts: number): Promise<Target> {
  const dir = tmpDirFor('ejabberd', 'ejabberd');
  const port = await freePort();
  const node = `bench${port}@localhost`;
  const cfg = path.join(dir, 'ejabberd.yml');
  const ctl = path.join(dir, 'ejabberdctl.cfg');
  fs.writeFileSync(
    cfg,
    fill(fs.readFileSync(path.join(PEERS, 'ejabberd/ejabberd.yml'), 'utf8'), {
      PORT: String(port),
      DIR: dir,
    }),
  );
  fs.writeFileSync(
    ctl,
    fill(fs.readFileSync(path.join(PEERS, 'ejabberd/ejabberdctl.cfg'), 'utf8'), {
      PORT: String(port),
      DIR: dir,
    }),
  );
  fs.mkdirSync(path.join(dir, 'spool'));
  fs.mkdirSync(path.join(dir, 'logs'));
  execSync(`chown -R ejabberd:ejabberd ${dir}`);
  const args = [
    '--ctl-config',
    ctl,
    '--config',
    cfg,
    '--spool',
    path.join(dir, 'spool'),
    '--logs',
    path.join(dir, 'logs'),
    '--node',
    node,
  ];
  // As the ejabberd user through setpriv, not su: su applies PAM limits (1,024 open files),
  // which 5,000 idle connections exceed; setpriv keeps ours.
  const asEjabberd = ['--reuid=ejabberd', '--regid=ejabberd', '--init-groups', 'ejabberdctl'];
  const env = { ...process.env, HOME: '/var/lib/ejabberd' };
  const child = spawn('setpriv', [...asEjabberd, ...args, 'foreground'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    cwd: dir,
    env,
  });
  await waitForPort(port, child, 'ejabberd');
  const wsUrl = `ws://127.0.0.1:${port}/xmpp`;
  const accounts = peerAccounts(nAccounts);
  await registerAll(wsUrl, accounts);
  return {
    name: 'ejabberd',
    wsUrl,
    domain: DOMAIN,
    accounts,
    pids: () => pidsMatching(new RegExp(`beam\\.smp.*${node.replace('.', '\\.')}`)),
    async stop() {
      spawnSync('setpriv', [...asEjabberd, ...args, 'stop'], { stdio: 'ignore', cwd: dir, env });
      await exitOf(child);
      for (const pid of pidsMatching(new RegExp(`beam\\.smp.*${node}`)))
        process.kill(pid, 'SIGKILL');
      // Keep the last run's log for a post-mortem (ejabberd has fallen over under the idle test).
      fs.cpSync(path.join(dir, 'logs'), path.join(os.tmpdir(), 'pando-bench-ejabberd-last-logs'), {
        recursive: true,
      });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function startProsody(nAccounts: number): Promise<Target> {
  const dir = tmpDirFor('prosody', 'prosody');
  const port = await freePort();
  const cfg = path.join(dir, 'prosody.cfg.lua');
  fs.writeFileSync(
    cfg,
    fill(fs.readFileSync(path.join(PEERS, 'prosody/prosody.cfg.lua'), 'utf8'), {
      PORT: String(port),
      DIR: dir,
    }),
  );
  fs.mkdirSync(path.join(dir, 'data'));
  execSync(`chown -R prosody:prosody ${dir}`);
  // Prosody refuses to run as root; setpriv (unlike su/runuser) keeps our open-files limit.
  const child = spawn(
    'setpriv',
    ['--reuid=prosody', '--regid=prosody', '--init-groups', 'prosody', '--config', cfg, '-F'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      cwd: dir,
    },
  );
  await waitForPort(port, child, 'prosody');
  const wsUrl = `ws://127.0.0.1:${port}/xmpp-websocket`;
  const accounts = peerAccounts(nAccounts);
  await registerAll(wsUrl, accounts);
  return {
    name: 'prosody',
    wsUrl,
    domain: DOMAIN,
    accounts,
    pids: () => pidsMatching(new RegExp(`lua.*prosody.*${cfg.replace(/[.]/g, '\\.')}`)),
    async stop() {
      const exited = exitOf(child);
      for (const pid of pidsMatching(new RegExp(`prosody.*${cfg.replace(/[.]/g, '\\.')}`))) {
        try {
          process.kill(pid, 'SIGTERM');
        } catch {
          // gone
        }
      }
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `CHAT_BENCH_CPU_PROF=<dir>` writes a V8 CPU profile of our server there (for profiling). */
function profileArgs(): string[] {
  const dir = process.env.CHAT_BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

/** Logins one bench account may make on our server in one run (each needs its own chat token). */
const TOKENS_PER_ACCOUNT = 32;

/** The environment our server runs with in the benches (plus DATA_DIR or DATABASE_URL). */
export function oursEnv(port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    SEED: 'none',
    LOG_LEVEL: 'warn',
    XMPP_DOMAIN: DOMAIN,
    CHAT_TOKEN_MINUTES: '600',
    // One load-generator stream sends thousands of stanzas a second.
    XMPP_RATE_LIMIT: '1000000',
    // Every load-generator socket comes from 127.0.0.1.
    XMPP_MAX_CONNECTIONS_PER_IP: '1000000',
    WEB_DIST_DIR: '/nonexistent',
    ...extra,
  };
}

/** Our server as `npm start` runs it (src/main.ts, from BENCH_TREE's sources, with its V8 flags). */
function spawnOurs(env: NodeJS.ProcessEnv, stdout: 'ignore' | 'pipe' = 'ignore'): ChildProcess {
  const main = path.join(REPO, 'apps/server/src/main.ts');
  const args = [...SERVER_NODE_FLAGS, ...profileArgs(), '--import', 'tsx', main];
  return spawn(process.execPath, args, {
    cwd: REPO,
    env,
    stdio: ['ignore', stdout, 'inherit'],
  });
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the row type, as pg's query<T> does
type Sql = <T>(text: string, params?: unknown[]) => Promise<{ rows: T[] }>;

/**
 * Users, sessions and chat tokens in SQL (the password is the chat token), all in one
 * organisation: DMs follow canSeeUser (issue 14), and people of no organisation cannot see each
 * other, so their messages would be refused and the scenarios wait forever.
 */
export async function provisionAccounts(sql: Sql, nAccounts: number): Promise<Account[]> {
  await sql(`insert into hospitals (uuid, name) values (gen_random_uuid(), 'Bench Hospital')`);
  await sql(
    `insert into users (uuid, email, first_name, last_name, hospital_id)
     select gen_random_uuid(), 'bench' || i || '@example.org', 'Bench', 'User ' || i,
            (select id from hospitals where name = 'Bench Hospital')
       from generate_series(1, $1::int) i`,
    [nAccounts],
  );
  await sql(
    `insert into sessions (token_hash, user_id, expires_at)
     select encode(sha256(convert_to('bench-session-' || id, 'utf8')), 'hex'), id, now() + interval '1 day' from users where email like 'bench%'`,
  );
  // A chat token opens one connection, and the scenarios log the same accounts in again and
  // again: TOKENS_PER_ACCOUNT tokens each, handed out in turn by the `password` getter below.
  await sql(
    `insert into chat_tokens (token_hash, user_id, session_id, expires_at)
     select encode(sha256(convert_to('bench-token-' || u.id || '-' || k, 'utf8')), 'hex'), u.id, s.id, now() + interval '10 hours'
       from users u join sessions s on s.user_id = u.id cross join generate_series(1, $1::int) k
      where u.email like 'bench%'`,
    [TOKENS_PER_ACCOUNT],
  );
  const rows = (
    await sql<{ id: number; uuid: string }>(
      `select id, uuid::text as uuid from users where email like 'bench%' order by id`,
    )
  ).rows;
  return rows.map((r) => {
    let used = 0;
    return {
      user: r.uuid,
      get password() {
        used = (used % TOKENS_PER_ACCOUNT) + 1;
        return `bench-token-${r.id}-${used}`;
      },
      jid: `${r.uuid}@${DOMAIN}`,
    };
  });
}

/** SQL on our server's embedded database while the server is stopped (it holds the lock). */
export async function withPglite<T>(dataDir: string, fn: (sql: Sql) => Promise<T>): Promise<T> {
  // The same extensions as the server's own PGlite (its search indexes use pg_trgm).
  const db = await PGlite.create({
    dataDir: path.join(dataDir, 'pglite'),
    extensions: { pg_trgm },
  });
  try {
    return await fn(async (text, params) => ({
      rows: (await db.query(text, params)).rows as never[],
    }));
  } finally {
    await db.close();
  }
}

/**
 * PostgreSQL for "ours-pg": BENCH_PG_URL (default the machine's trusted local server) is where
 * a fresh database per run is created and, at the end, dropped.
 */
export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function withPg<T>(url: string, fn: (sql: Sql) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(async (text, params) => ({
      rows: (await c.query(text, params)).rows as never[],
    }));
  } finally {
    await c.end();
  }
}

export interface OursOptions {
  /** On PostgreSQL (a fresh database under BENCH_PG_URL) instead of the embedded PGlite. */
  postgres?: boolean;
}

/**
 * Our server exactly as `npm start` runs it (src/main.ts), on a fresh database, with users,
 * sessions and chat tokens created in SQL first (the password is the chat token).
 */
export async function startOurs(nAccounts: number, opts: OursOptions = {}): Promise<Target> {
  const dir = tmpDirFor(undefined, 'ours');
  const port = await freePort();
  let databaseUrl: string | undefined;
  let dbName = '';
  if (opts.postgres) {
    dbName = `pando_bench_${port}`;
    await withPg(PG_ADMIN_URL, (sql) => sql(`create database ${dbName}`));
    const u = new URL(PG_ADMIN_URL);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const env = oursEnv(port, databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dir });
  // First start creates and migrates the database; then the accounts go in; then the real start.
  let child = spawnOurs(env);
  await waitForPort(port, child, 'our server');
  child.kill('SIGTERM');
  await exitOf(child);
  const provision = (sql: Sql) => provisionAccounts(sql, nAccounts);
  const accounts = databaseUrl
    ? await withPg(databaseUrl, provision)
    : await withPglite(dir, provision);
  child = spawnOurs(env);
  await waitForPort(port, child, 'our server');
  return {
    name: opts.postgres ? 'ours-pg' : 'ours',
    wsUrl: `ws://127.0.0.1:${port}/xmpp`,
    domain: DOMAIN,
    accounts,
    pids: () => (child.pid ? [child.pid] : []),
    async stop() {
      child.kill('SIGTERM');
      await exitOf(child);
      fs.rmSync(dir, { recursive: true, force: true });
      if (dbName)
        await withPg(PG_ADMIN_URL, (sql) => sql(`drop database if exists ${dbName} with (force)`));
    },
  };
}

export function rssKiB(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += Number(m?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return total;
}
