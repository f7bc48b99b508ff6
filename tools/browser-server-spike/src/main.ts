import './buffer-shim';
import './timers-shim';
import { buildServer } from '../../../apps/server/src/app';
import { loadConfig } from '../../../apps/server/src/config';
import { seedDatabase } from '../../../apps/server/src/seed/index';
import { randomToken } from '../../../apps/server/src/auth/crypto';
import { openBrowserDatabase, migrateBrowser } from './db';
import { measureResets } from './reset';
import type { PGlite } from '@electric-sql/pglite';

type Step = { step: string; ok: boolean; ms?: number; detail?: unknown };
const results: Step[] = [];
(window as any).__results = results;
const log = (s: Step) => { results.push(s); console.log('SPIKE ' + JSON.stringify(s)); };

async function timed<T>(step: string, fn: () => Promise<T>, detail?: (v: T) => unknown): Promise<T> {
  const t0 = performance.now();
  try {
    const v = await fn();
    log({ step, ok: true, ms: Math.round(performance.now() - t0), ...(detail ? { detail: detail(v) } : {}) });
    return v;
  } catch (err) {
    const e = err as Error;
    log({ step, ok: false, ms: Math.round(performance.now() - t0), detail: `${e?.name}: ${e?.message}\n${e?.stack?.split('\n').slice(0, 8).join('\n')}` });
    throw err;
  }
}

function cookieHeader(setCookie: string | string[] | undefined, jar: Map<string, string>) {
  for (const c of [setCookie ?? []].flat()) {
    const [pair] = c.split(';');
    const i = pair.indexOf('=');
    jar.set(pair.slice(0, i), pair.slice(i + 1));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

async function run() {
  const tAll = performance.now();
  { const b = Buffer.from([1, 250, 255]).toString('base64url'); log({ step: '0 base64url on the injected Buffer', ok: b === 'Afr_', detail: b }); }
  await timed('0b randomToken()', async () => randomToken(), (t) => t);
  const bdb = await timed('1 pglite open (in-memory, pg_trgm)', () => openBrowserDatabase());
  const { db, client } = bdb;
  await timed('1b select 1', () => db.query('select 1 as one'), (r) => r.rows);
  await timed('2 migrations', () => migrateBrowser(db), (a) => `${a.length} files`);
  const config = await timed('3a loadConfig', async () =>
    loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'warn', SEED: 'demo' } as NodeJS.ProcessEnv),
  );
  (window as any).__config = config;
  await timed('3b demo seed', () => seedDatabase(db, { now: config.now(), xmppDomain: config.xmppDomain }));
  const app = await timed('3c buildServer', () => buildServer(config, { db }));
  (window as any).__app = app;
  await timed('3d app.ready', () => app.ready());
  const health = await timed('4a inject GET /api/v4/health', () => app.inject({ method: 'GET', url: '/api/v4/health' }), (r) => ({ status: r.statusCode, body: r.body }));
  if (health.statusCode !== 200) return;
  const lat: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await app.inject({ method: 'GET', url: '/api/v4/health' });
    lat.push(performance.now() - t0);
  }
  lat.sort((a, b) => a - b);
  log({ step: '4b health x20', ok: true, detail: { medianMs: +lat[10].toFixed(2), minMs: +lat[0].toFixed(2), maxMs: +lat[19].toFixed(2) } });

  // Dev login (apps/server/README.md "Logging in with curl").
  const jar = new Map<string, string>();
  const email = 'alice@example.org';
  const auth = await timed('4c POST /api/v4/auth', () => app.inject({ method: 'POST', url: '/api/v4/auth', headers: { 'content-type': 'application/json' }, payload: { email } }), (r) => ({ status: r.statusCode, body: r.body }));
  let cookie = cookieHeader(auth.headers['set-cookie'] as string[], jar);
  const mail = await timed('4d GET /api/dev/mailbox', () => app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${email}` }), (r) => ({ status: r.statusCode }));
  const code = /\b[A-Z0-9]{3}-[A-Z0-9]{3}\b/.exec(mail.body)?.[0];
  const val = await timed('4e POST /api/v4/auth/validate', () => app.inject({ method: 'POST', url: '/api/v4/auth/validate?cookie=true', headers: { 'content-type': 'application/json', cookie }, payload: { authorization_code: code } }), (r) => ({ code, status: r.statusCode, body: r.body.slice(0, 300) }));
  cookie = cookieHeader(val.headers['set-cookie'] as string[], jar);
  await timed('4f GET /api/v4/login/current', () => app.inject({ method: 'GET', url: '/api/v4/login/current?embed=hospital', headers: { cookie } }), (r) => ({ status: r.statusCode, body: r.body.slice(0, 200) }));
  const teams = await timed('4g GET /api/v4/teams-with-advices-conversations', () => app.inject({ method: 'GET', url: '/api/v4/teams-with-advices-conversations', headers: { cookie } }), (r) => ({ status: r.statusCode, bytes: r.body.length, body: r.body.slice(0, 300) }));
  const lat2: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await app.inject({ method: 'GET', url: '/api/v4/teams-with-advices-conversations', headers: { cookie } });
    lat2.push(performance.now() - t0);
  }
  lat2.sort((a, b) => a - b);
  log({ step: '4h teams-with-advices x20', ok: teams.statusCode === 200, detail: { medianMs: +lat2[10].toFixed(2), minMs: +lat2[0].toFixed(2), maxMs: +lat2[19].toFixed(2) } });
  log({ step: 'total', ok: true, ms: Math.round(performance.now() - tAll) });

  // Startup from a dump instead of initdb + migrations + seed (what a demo/Storybook would ship).
  const dump = await timed('5a dumpDataDir(gzip) of the seeded db', () => (client as PGlite).dumpDataDir('gzip'), (b) => ({ bytes: b.size }));
  const dump2 = await timed('5a\' dumpDataDir(none)', () => (client as PGlite).dumpDataDir('none'), (b) => ({ bytes: b.size }));
  const re = await timed('5b pglite open from gzip dump (loadDataDir)', () => openBrowserDatabase({ loadDataDir: dump }));
  await timed('5c count users in reopened db', () => re.db.query('select count(*)::int as n from users'), (r) => r.rows);
  const app2 = await timed('5d buildServer on reopened db', () => buildServer({ ...(window as any).__config }, { db: re.db }));
  await timed('5e first inject on reopened', () => app2.inject({ method: 'GET', url: '/api/v4/health' }), (r) => r.statusCode);
  void dump2;
  await app2.close();
  await re.client.close();

  // Step 6: resetting the database between tests (src/reset.ts; README "Reset between tests").
  const q = new URLSearchParams(location.search);
  const t6 = performance.now();
  await measureResets({ bdb, app, log, aliceCookie: cookie, n: Number(q.get('n') ?? 20), nClone: Number(q.get('nclone') ?? 5) });
  log({ step: '6 total', ok: true, ms: Math.round(performance.now() - t6) });
}

run().then(
  () => { (window as any).__done = true; },
  (err) => { console.error('SPIKE FAILED', err); (window as any).__done = true; },
);
window.addEventListener('error', (e) => log({ step: 'window.error', ok: false, detail: String(e.message) }));
window.addEventListener('unhandledrejection', (e) => log({ step: 'unhandledrejection', ok: false, detail: String((e.reason as Error)?.stack ?? e.reason) }));
