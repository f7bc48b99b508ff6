// The smoke page of the server-in-browser plugin (../vitePlugin.ts): the embedded server
// (src/embedded) on an in-memory PGlite in this page, asked what a client asks first, first the
// way the MSW bridge (src/embedded/mswBridge.ts) asks it, then through MSW's worker with the
// page's own fetch, as the demo will. It reports what it got on `window.smoke` (../smokeSuite.ts
// reads it) and times each step (README.md).
import { setupWorker } from 'msw/browser';
import type { EmbeddedServer } from '../../src/embedded/embeddedServer.js';
import { embeddedApi } from '../../src/embedded/mswBridge.js';
import { startServerInPage } from '../../src/embedded/page.js';

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

interface Ask {
  method?: string;
  json?: unknown;
  /** The Cookie header, passed beside the request: a page's `Request` drops one. */
  cookie?: string;
  /** The name the answer is reported under (default: method and path). */
  as?: string;
}

/**
 * Asks the embedded server as the MSW bridge does in a page: a `Request` in, plain parts out (a
 * page's `Response` drops `Set-Cookie`). Returns the answer's cookies as a Cookie header.
 */
async function ask(server: EmbeddedServer, path: string, init: Ask = {}): Promise<string> {
  const method = init.method ?? 'GET';
  const request = new Request(new URL(path, location.origin), {
    method,
    ...(init.json === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.json) }),
  });
  const { status, headers, body } = await server.answer(request, init.cookie);
  const text = body ? new TextDecoder().decode(body) : '';
  const json = headers.get('content-type')?.startsWith('application/json');
  report.answers[init.as ?? `${method} ${path}`] = {
    status,
    body: json ? (JSON.parse(text) as unknown) : text,
  };
  return headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

const SIDEBAR = '/api/v4/teams-with-advices-conversations';

/** The page's own fetch, answered by MSW's worker; cookies are the browser's (MSW's store). */
async function fetched(path: string, init: { method?: string; json?: unknown } = {}) {
  const method = init.method ?? 'GET';
  const res = await fetch(path, {
    method,
    ...(init.json === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.json) }),
  });
  const json = res.headers.get('content-type')?.startsWith('application/json');
  const answer = {
    status: res.status,
    body: json ? ((await res.json()) as unknown) : await res.text(),
  };
  report.answers[`fetch ${method} ${path.split('?')[0] ?? path}`] = answer;
  return answer;
}

/** The dev login again, as the web app does it: fetch, cookies kept by the browser side. */
async function loginWithFetch(email: string): Promise<void> {
  await fetched('/api/v4/auth', { method: 'POST', json: { email } });
  const mail = await fetched(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const { results } = mail.body as { results: { text: string }[] };
  const code = /\b([A-Z0-9]{3}-[A-Z0-9]{3})\b/.exec(results[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no login code in the dev mailbox for ${email}`);
  await fetched('/api/v4/auth/validate?cookie=true', {
    method: 'POST',
    json: { authorization_code: code },
  });
}

async function run(): Promise<void> {
  const start = performance.now();
  // The page entry the demo and Storybook use: PGlite from the seeded dump, the server on it.
  const server = await step('start', () => startServerInPage({ origin: location.origin }));
  const applied = await server.app.db.query<{ n: number }>(
    'select count(*)::int as n from schema_migrations',
  );
  report.migrations = applied.rows[0]?.n ?? 0;
  await step('first answer', () => ask(server, '/api/v4/health'));
  report.timings['start to first answer'] = Math.round(performance.now() - start);

  const cookie = await step('login', () => server.login('alice@example.org'));
  report.answers['login'] = { status: 200, body: cookie };
  await step('sidebar', () => ask(server, SIDEBAR, { cookie }));
  // The patient image list streams its answer (Readable.from, which the page's stream lacked).
  const john = await server.app.db.query<{ id: number }>(
    `select id from patients where first_name = 'John' and last_name = 'Jones'`,
  );
  await ask(server, `/api/v4/images?patient_id=${String(john.rows[0]?.id ?? 0)}`, {
    cookie,
    as: 'GET /api/v4/images',
  });
  report.answers['chat directory'] = {
    status: 200,
    body: await step('chat directory', () => server.chatDirectory()),
  };
  // The access hooks: the same list without the session cookie.
  await ask(server, SIDEBAR, { as: `GET ${SIDEBAR}, no cookie` });
  // A reset undoes the login: the session it made is gone.
  await step('reset', () => server.reset());
  await ask(server, SIDEBAR, { cookie, as: `GET ${SIDEBAR}, after a reset` });

  // The demo's path: MSW's worker (mockServiceWorker.js, served beside this page) hands the
  // page's requests to the bridge; unhandled ones are loud (CONVENTIONS.md "MSW trio").
  const worker = setupWorker(embeddedApi(server, location.origin));
  await step('msw start', () => worker.start({ onUnhandledFrame: 'error', quiet: true }));
  await step('msw login', () => loginWithFetch('alice@example.org'));
  await step('msw sidebar', () => fetched(SIDEBAR));
  await worker.stop();
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
