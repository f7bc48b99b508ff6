// The smoke page of the server-in-browser plugin (../vitePlugin.ts): the embedded server
// (src/embedded) on an in-memory PGlite in this page, asked what a client asks first. It reports
// what it got on `window.smoke` (../browser.test.ts reads it) and times each step (README.md).
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../../src/config.js';
import { applyMigrations } from '../../src/db/applyMigrations.js';
import { startEmbeddedServer } from '../../src/embedded/embeddedServer.js';
import { holdForRollback } from '../../src/embedded/rollbackDatabase.js';
import { seedDatabase } from '../../src/seed/index.js';
import { MIGRATIONS, plainDatabase } from './pageDatabase.js';

/** One answer as the test needs it. */
export interface SmokeAnswer {
  status: number;
  body: unknown;
}

export interface SmokeReport {
  done: boolean;
  /** The first thing that failed, with its stack; nothing else runs after it. */
  error?: string;
  /** Milliseconds per step, in order. */
  timings: Record<string, number>;
  migrations?: number;
  answers: Record<string, SmokeAnswer>;
}

declare global {
  interface Window {
    smoke: SmokeReport;
  }
}

const report: SmokeReport = { done: false, timings: {}, answers: {} };
window.smoke = report;

async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const value = await fn();
  report.timings[name] = Math.round(performance.now() - start);
  return value;
}

function injected(res: LightMyRequestResponse): SmokeAnswer {
  const json = res.headers['content-type']?.toString().startsWith('application/json');
  return { status: res.statusCode, body: json ? res.json() : res.body };
}

async function fetched(res: Response): Promise<SmokeAnswer> {
  const json = res.headers.get('content-type')?.startsWith('application/json');
  return { status: res.status, body: json ? await res.json() : await res.text() };
}

/** `name=value` pairs of Set-Cookie headers, as a Cookie header (testing/testServer.ts). */
function cookies(res: LightMyRequestResponse): string {
  return res.cookies
    .filter((c) => c.value !== '')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
}

/**
 * The dev login of testing/testServer.ts: POST /auth, the code from the mailbox, validate. Through
 * `app.inject`, not the embedded server's `fetch`: a page's `Request` drops a Cookie header and
 * its `Response` a Set-Cookie header (forbidden header names), so cookies cannot pass that way.
 */
async function login(app: FastifyInstance, email: string): Promise<string> {
  const start = await app.inject({ method: 'POST', url: '/api/v4/auth', payload: { email } });
  report.answers['POST /api/v4/auth'] = injected(start);
  const mail = await app.inject({
    method: 'GET',
    url: `/api/dev/mailbox?to=${encodeURIComponent(email)}`,
  });
  report.answers['GET /api/dev/mailbox'] = injected(mail);
  const { results } = mail.json<{ results: { text: string }[] }>();
  const code = /\b([A-Z0-9]{3}-[A-Z0-9]{3})\b/.exec(results[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no login code in the dev mailbox for ${email}`);
  const validated = await app.inject({
    method: 'POST',
    url: '/api/v4/auth/validate?cookie=true',
    headers: { cookie: cookies(start) },
    payload: { authorization_code: code },
  });
  report.answers['POST /api/v4/auth/validate'] = injected(validated);
  return cookies(validated);
}

const SIDEBAR = '/api/v4/teams-with-advices-conversations';

async function run(): Promise<void> {
  const start = performance.now();
  // In memory (no dataDir); pg_trgm for the search indexes (migration 0200).
  const client = await step('pglite open', () => PGlite.create({ extensions: { pg_trgm } }));
  const plain = plainDatabase(client);
  report.migrations = (await step('migrations', () => applyMigrations(plain, MIGRATIONS))).length;
  // As testing/embeddedTestServer.ts: the local development mode (dev mailbox), quiet, logins
  // unlimited, and this page's origin as the server's own (the Origin checks of writes).
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      logLevel: 'silent',
      loginRateLimitPerEmail: 1000,
      loginRateLimitPerIp: 100_000,
      publicUrl: location.origin,
    },
  );
  await step('seed', () =>
    seedDatabase(plain, { now: config.now(), xmppDomain: config.xmppDomain }),
  );
  const server = await step('start', async () =>
    startEmbeddedServer(await holdForRollback(client), config),
  );
  // The way a page's requests reach it: a Request in, a Response out.
  const health = await step('first answer', () =>
    server.fetch(new Request(new URL('/api/v4/health', location.origin))),
  );
  report.timings['start to first answer'] = Math.round(performance.now() - start);
  report.answers['GET /api/v4/health'] = await fetched(health);

  const { app } = server;
  const cookie = await step('login', () => login(app, 'alice@example.org'));
  const sidebar = await step('sidebar', () =>
    app.inject({ method: 'GET', url: SIDEBAR, headers: { cookie } }),
  );
  report.answers[`GET ${SIDEBAR}`] = injected(sidebar);
  // The access hooks: the same list without the session cookie.
  report.answers[`GET ${SIDEBAR}, no cookie`] = injected(
    await app.inject({ method: 'GET', url: SIDEBAR }),
  );
  // A reset undoes the login: the session it made is gone.
  await step('reset', () => server.reset());
  report.answers[`GET ${SIDEBAR}, after a reset`] = injected(
    await app.inject({ method: 'GET', url: SIDEBAR, headers: { cookie } }),
  );
  await step('close', () => server.close());
}

run().then(
  () => {
    report.done = true;
  },
  (err: unknown) => {
    report.error = err instanceof Error ? (err.stack ?? err.message) : String(err);
    report.done = true;
  },
);
