import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { createTestDatabase, type TestDatabase } from './testDb.js';

export interface TestServer {
  /** http://127.0.0.1:{port} */
  url: string;
  app: FastifyInstance;
  db: TestDatabase;
  /** Logs in through POST /auth, the dev mailbox and POST /auth/validate; returns a Cookie header. */
  loginAs(email: string): Promise<string>;
  /** Same login, returning the access token (for bearer-auth APIs) and the cookie. */
  login(email: string): Promise<{ cookie: string; accessToken: string }>;
  close(): Promise<void>;
}

export interface TestServerOptions extends Partial<Omit<Config, 'seed'>> {
  /** Demo organisation seeded (default true). */
  seed?: boolean;
}

/** Extracts `name=value` pairs from Set-Cookie headers (ignores deletions). */
export function cookiesFrom(res: Response): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (!pair || eq < 1) continue;
    const value = pair.slice(eq + 1);
    if (value !== '') out.set(pair.slice(0, eq), value);
  }
  return out;
}

/**
 * The dev login (POST /auth, the code from the dev mailbox, POST /auth/validate) through any
 * `fetch` at `url`: a listening server's, or an embedded one's (./embeddedTestServer.ts).
 */
export async function loginThrough(
  fetch: (input: string, init?: RequestInit) => Promise<Response>,
  url: string,
  email: string,
): Promise<{ cookie: string; accessToken: string }> {
  const start = await fetch(`${url}/api/v4/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (start.status !== 200)
    throw new Error(`POST /auth for ${email}: ${start.status} ${await start.text()}`);
  const challenge = [...cookiesFrom(start)].map(([k, v]) => `${k}=${v}`).join('; ');
  const mail = await fetch(`${url}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const { results } = (await mail.json()) as { results: { text: string }[] };
  const code = /\b([A-Z0-9]{3}-[A-Z0-9]{3})\b/.exec(results[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no login code in the dev mailbox for ${email}`);
  const res = await fetch(`${url}/api/v4/auth/validate?cookie=true`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: challenge },
    body: JSON.stringify({ authorization_code: code }),
  });
  if (res.status !== 200)
    throw new Error(`validate for ${email}: ${res.status} ${await res.text()}`);
  const session = [...cookiesFrom(res)].find(([k]) => k.endsWith('pando_session'));
  if (!session) throw new Error('no session cookie set');
  const { access_token } = (await res.json()) as { access_token: string };
  return { cookie: `${session[0]}=${session[1]}`, accessToken: access_token };
}

/**
 * A listening server on a random loopback port with its own database (demo-seeded by default).
 * Login rate limits are raised so tests can log in freely; override them to test the limits.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { seed = true, ...overrides } = options;
  const db = await createTestDatabase({ seed });
  const config = loadConfig(
    // Small chat journal files: quicker to create, and a test's traffic crosses segments.
    { NODE_ENV: 'test', XMPP_JOURNAL_SEGMENT_MB: '1' },
    {
      host: '127.0.0.1',
      port: 0,
      logLevel: 'silent',
      loginRateLimitPerEmail: 1000,
      loginRateLimitPerIp: 100_000,
      webDistDir: '/nonexistent-web-dist',
      ...overrides,
    },
  );
  let app: FastifyInstance;
  try {
    app = await buildServer(config, { db });
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    await db.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    app,
    db,
    login: (email) => loginThrough(fetch, url, email),
    loginAs: async (email) => (await loginThrough(fetch, url, email)).cookie,
    async close() {
      try {
        await app.close();
      } finally {
        await db.close();
      }
    },
  };
}
