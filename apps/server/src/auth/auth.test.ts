import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiErrorSchema, AuthValidateResponseSchema, CurrentUserSchema } from '@pando/domain';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { setCookies, TestBrowser } from '../testing/browser.js';
import { DEMO_ACCOUNTS, DEMO_INVITE_EMAIL } from '../seed/index.js';
import { announceBlocked, blockUser } from '../users/block.js';
import { verifyChatToken } from './chatToken.js';
import { hashLoginCode, randomToken, sha256 } from './crypto.js';
import { SESSION_CACHE_TTL_MS } from './sessions.js';

const MINUTE = 60_000;
let server: TestServer;
let clock = Date.now();
const advance = (ms: number) => {
  clock += ms;
};

beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(clock) });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  // Each test starts a day later so earlier attempts never count against its rate limits.
  advance(24 * 60 * MINUTE);
});

function latestCode(email: string): string {
  const text = server.app.devMailbox?.list(email)[0]?.text ?? '';
  const code = /\b([A-Z0-9]{3}-[A-Z0-9]{3})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

async function startLogin(email: string, browser = new TestBrowser(server.app)) {
  const res = await browser.request('POST', '/api/v4/auth', { email });
  return { browser, res };
}

async function staffEmail(offset: number): Promise<string> {
  const r = await server.db.query<{ email: string }>(
    `select email from users where email like '%.%.%@example.org' and not blocked order by id offset $1 limit 1`,
    [offset],
  );
  return r.rows[0]!.email;
}

describe('POST /api/v4/auth', () => {
  it('answers an unknown email with the same status and body as a known one (no enumeration)', async () => {
    const known = await startLogin(DEMO_ACCOUNTS.carol);
    const unknown = await startLogin('nobody.here@example.org');
    expect(known.res.statusCode).toBe(200);
    expect(unknown.res.statusCode).toBe(known.res.statusCode);
    expect(unknown.res.json()).toEqual({ message: 'Email sent to nobody.here@example.org' });
    expect(known.res.json()).toEqual({ message: 'Email sent to carol@example.org' });
    // Both get a challenge cookie, so the responses look alike on the wire too.
    expect(setCookies(unknown.res).map((c) => c.name)).toEqual(
      setCookies(known.res).map((c) => c.name),
    );
    expect(server.app.devMailbox?.list('nobody.here@example.org')).toHaveLength(0);
    expect(server.app.devMailbox?.list(DEMO_ACCOUNTS.carol)[0]?.subject).toContain('login code');
  });

  it('mails a 6-character code shown as XXX-XXX from the 32-symbol alphabet', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) {
      await startLogin(DEMO_ACCOUNTS.carol);
      const code = latestCode(DEMO_ACCOUNTS.carol);
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{3}-[A-HJ-NP-Z2-9]{3}$/);
      codes.add(code);
    }
    expect(codes.size).toBeGreaterThan(1);
  });

  it('sets the login challenge cookie HttpOnly, SameSite=Strict and short-lived', async () => {
    const { res } = await startLogin(DEMO_ACCOUNTS.carol);
    const challenge = setCookies(res).find((c) => c.name === 'pando_login');
    expect(challenge?.attributes.get('httponly')).toBe(true);
    expect(challenge?.attributes.get('samesite')).toBe('Strict');
    expect(challenge?.attributes.get('path')).toBe('/');
    expect(Number(challenge?.attributes.get('max-age'))).toBe(600);
  });

  it('answers a syntactically invalid email with 422 naming the field', async () => {
    const { res } = await startLogin('not-an-email');
    expect(res.statusCode).toBe(422);
    const body = ApiErrorSchema.parse(res.json());
    expect(body.details).toEqual([expect.objectContaining({ path: 'email' })]);
  });

  it('answers other malformed bodies with 400 naming the field', async () => {
    const browser = new TestBrowser(server.app);
    const missing = await browser.request('POST', '/api/v4/auth', {});
    expect(missing.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(missing.json()).details).toEqual([
      expect.objectContaining({ path: 'email' }),
    ]);
    const wrongType = await browser.request('POST', '/api/v4/auth', { email: 42 });
    expect(wrongType.statusCode).toBe(400);
    const badToken = await browser.request('POST', '/api/v4/auth', {
      email: 'carol@example.org',
      fcm_token: '',
    });
    expect(badToken.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(badToken.json()).details).toEqual([
      expect.objectContaining({ path: 'fcm_token' }),
    ]);
    const notJson = await server.app.inject({
      method: 'POST',
      url: '/api/v4/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(notJson.json()).message).toMatch(/JSON/);
  });

  it('lower-cases the email before looking it up', async () => {
    const { browser } = await startLogin('  Carol@Example.ORG ');
    const res = await browser.request('POST', '/api/v4/auth/validate?cookie=true', {
      authorization_code: latestCode(DEMO_ACCOUNTS.carol),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  let limited: TestServer;
  let limitedClock = Date.now();
  beforeAll(async () => {
    limited = await startTestServer({
      now: () => new Date(limitedClock),
      loginRateLimitPerEmail: 3,
      loginRateLimitPerIp: 5,
      loginRateLimitWindowMs: 15 * MINUTE,
    });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 with Retry-After once an email asked too often, and lets it in after the window', async () => {
    const browser = new TestBrowser(limited.app, '10.0.0.1');
    for (let i = 0; i < 3; i++) {
      expect(
        (await browser.request('POST', '/api/v4/auth', { email: 'bob@example.org' })).statusCode,
      ).toBe(200);
      limitedClock += MINUTE;
    }
    const refused = await browser.request('POST', '/api/v4/auth', { email: 'bob@example.org' });
    expect(refused.statusCode).toBe(429);
    // The first of the 3 attempts was 3 minutes ago: it leaves the 15-minute window in 12.
    expect(Number(refused.headers['retry-after'])).toBe(12 * 60);
    expect(ApiErrorSchema.parse(refused.json()).statusCode).toBe(429);
    // The wait as a person says it, not "720 seconds" (issue 35).
    expect(ApiErrorSchema.parse(refused.json()).message).toBe(
      'Too many login attempts. Try again in 12 minutes.',
    );
    // Unknown emails are limited exactly like known ones.
    const other = new TestBrowser(limited.app, '10.0.0.2');
    for (let i = 0; i < 3; i++)
      await other.request('POST', '/api/v4/auth', { email: 'ghost@example.org' });
    expect(
      (await other.request('POST', '/api/v4/auth', { email: 'ghost@example.org' })).statusCode,
    ).toBe(429);
    limitedClock += 12 * MINUTE + 1000;
    expect(
      (await browser.request('POST', '/api/v4/auth', { email: 'bob@example.org' })).statusCode,
    ).toBe(200);
  });

  it('answers 429 with Retry-After once an IP asked too often, whatever the emails', async () => {
    limitedClock += 60 * MINUTE;
    const browser = new TestBrowser(limited.app, '10.0.0.9');
    for (let i = 0; i < 5; i++) {
      expect(
        (await browser.request('POST', '/api/v4/auth', { email: `person${i}@example.org` }))
          .statusCode,
      ).toBe(200);
    }
    const refused = await browser.request('POST', '/api/v4/auth', {
      email: 'person99@example.org',
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    const elsewhere = new TestBrowser(limited.app, '10.0.0.10');
    expect(
      (await elsewhere.request('POST', '/api/v4/auth', { email: 'person99@example.org' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('POST /api/v4/auth/validate', () => {
  it('opens a session with an HttpOnly, SameSite=Lax, Path=/ cookie (no Secure on plain http) and returns an access_token', async () => {
    const { browser } = await startLogin(DEMO_ACCOUNTS.alice);
    const res = await browser.request('POST', '/api/v4/auth/validate?cookie=true', {
      authorization_code: latestCode(DEMO_ACCOUNTS.alice),
    });
    expect(res.statusCode).toBe(200);
    const body = AuthValidateResponseSchema.parse(res.json());
    const session = setCookies(res).find((c) => c.name === 'pando_session');
    expect(session).toBeDefined();
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    expect(session?.attributes.get('httponly')).toBe(true);
    expect(session?.attributes.get('samesite')).toBe('Lax');
    expect(session?.attributes.get('path')).toBe('/');
    expect(session?.attributes.has('secure')).toBe(false);
    // The session id is stored hashed, never as is.
    const stored = await server.db.query('select 1 from sessions where token_hash = $1', [
      session!.value,
    ]);
    expect(stored.rows).toHaveLength(0);
    const hashed = await server.db.query('select 1 from sessions where token_hash = $1', [
      sha256(session!.value),
    ]);
    expect(hashed.rows).toHaveLength(1);
    const me = await browser.request('GET', '/api/v4/login/current?embed=hospital');
    expect(me.statusCode).toBe(200);
    const user = CurrentUserSchema.parse(me.json());
    expect(user.email).toBe(DEMO_ACCOUNTS.alice);
    expect(user.hospital?.name).toBe('St Elsewhere General');
    // The bearer token works for the bearer-auth APIs.
    const bearer = await server.app.inject({
      method: 'GET',
      url: '/api/v4/login/current',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(bearer.statusCode).toBe(200);
  });

  it('accepts the code typed with a dash and in lower case', async () => {
    const { browser } = await startLogin(DEMO_ACCOUNTS.bob);
    const res = await browser.request('POST', '/api/v4/auth/validate?cookie=true', {
      authorization_code: latestCode(DEMO_ACCOUNTS.bob).toLowerCase(),
    });
    expect(res.statusCode).toBe(200);
  });

  it('without cookie=true returns the access token but sets no session cookie', async () => {
    const { browser } = await startLogin(DEMO_ACCOUNTS.bob);
    const res = await browser.request('POST', '/api/v4/auth/validate', {
      authorization_code: latestCode(DEMO_ACCOUNTS.bob),
    });
    expect(res.statusCode).toBe(200);
    expect(setCookies(res).some((c) => c.name === 'pando_session' && c.value !== '')).toBe(false);
  });

  it('refuses a code after 10 minutes (expiry, with an injected clock)', async () => {
    const fresh = await startLogin(DEMO_ACCOUNTS.bob);
    const code = latestCode(DEMO_ACCOUNTS.bob);
    advance(10 * MINUTE - 1000);
    const justInTime = await fresh.browser.request('POST', '/api/v4/auth/validate?cookie=true', {
      authorization_code: code,
    });
    expect(justInTime.statusCode).toBe(200);

    const late = await startLogin(DEMO_ACCOUNTS.bob);
    const lateCode = latestCode(DEMO_ACCOUNTS.bob);
    advance(10 * MINUTE);
    const expired = await late.browser.request('POST', '/api/v4/auth/validate?cookie=true', {
      authorization_code: lateCode,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ message: 'Invalid code', statusCode: 400 });
  });

  it('accepts a code only once (single use)', async () => {
    const { browser } = await startLogin(DEMO_ACCOUNTS.bob);
    const code = latestCode(DEMO_ACCOUNTS.bob);
    const challenge = browser.cookies.get('pando_login')!;
    expect(
      (
        await browser.request('POST', '/api/v4/auth/validate?cookie=true', {
          authorization_code: code,
        })
      ).statusCode,
    ).toBe(200);
    // Replaying the same challenge and code (e.g. a copied request) fails.
    const replay = new TestBrowser(server.app);
    replay.cookies.set('pando_login', challenge);
    const res = await replay.request('POST', '/api/v4/auth/validate?cookie=true', {
      authorization_code: code,
    });
    expect(res.statusCode).toBe(400);
  });

  it('only the newest code is valid', async () => {
    const email = await staffEmail(0);
    const browser = new TestBrowser(server.app);
    await browser.request('POST', '/api/v4/auth', { email });
    const firstChallenge = browser.cookies.get('pando_login')!;
    const first = latestCode(email);
    await browser.request('POST', '/api/v4/auth', { email });
    const second = latestCode(email);
    const old = new TestBrowser(server.app);
    old.cookies.set('pando_login', firstChallenge);
    expect(
      (
        await old.request('POST', '/api/v4/auth/validate?cookie=true', {
          authorization_code: first,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await browser.request('POST', '/api/v4/auth/validate?cookie=true', {
          authorization_code: second,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('a code is dead after 5 wrong attempts', async () => {
    const email = await staffEmail(1);
    const { browser } = await startLogin(email);
    const code = latestCode(email).replace('-', '');
    const wrong = code.endsWith('A') ? `${code.slice(0, 5)}B` : `${code.slice(0, 5)}A`;
    for (let i = 0; i < 5; i++) {
      const res = await browser.request('POST', '/api/v4/auth/validate?cookie=true', {
        authorization_code: wrong,
      });
      expect(res.statusCode).toBe(400);
    }
    const right = await browser.request('POST', '/api/v4/auth/validate?cookie=true', {
      authorization_code: code,
    });
    expect(right.statusCode).toBe(400);
    const failures = await server.db.query<{ n: number }>(
      `select count(*)::int as n from analytics_events where type = 'login_unsuccessful' and data->>'type' = 'auth_code_invalid'`,
    );
    expect(failures.rows[0]!.n).toBeGreaterThanOrEqual(6);
  });

  it('4 wrong attempts still leave the right code usable', async () => {
    const email = await staffEmail(2);
    const { browser } = await startLogin(email);
    const code = latestCode(email).replace('-', '');
    const wrong = code.endsWith('A') ? `${code.slice(0, 5)}B` : `${code.slice(0, 5)}A`;
    for (let i = 0; i < 4; i++)
      await browser.request('POST', '/api/v4/auth/validate', { authorization_code: wrong });
    expect(
      (await browser.request('POST', '/api/v4/auth/validate', { authorization_code: code }))
        .statusCode,
    ).toBe(200);
  });

  it("binds a validation to its login attempt: the right code with someone else's attempt (or none) fails", async () => {
    const victim = await staffEmail(3);
    await startLogin(victim);
    const victimCode = latestCode(victim);
    // The attacker started their own login and "guessed" the victim's code.
    const attacker = (await startLogin(DEMO_ACCOUNTS.carol)).browser;
    const res = await attacker.request('POST', '/api/v4/auth/validate?cookie=true', {
      authorization_code: victimCode,
    });
    expect(res.statusCode).toBe(400);
    const noAttempt = new TestBrowser(server.app);
    const none = await noAttempt.request('POST', '/api/v4/auth/validate?cookie=true', {
      authorization_code: victimCode,
    });
    expect(none.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(none.json()).details).toEqual([
      expect.objectContaining({ path: 'authorization_code' }),
    ]);
  });

  it('answers a malformed code with 400 naming authorization_code', async () => {
    const { browser } = await startLogin(DEMO_ACCOUNTS.carol);
    const res = await browser.request('POST', '/api/v4/auth/validate', {
      authorization_code: '12',
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).details).toEqual([
      expect.objectContaining({ path: 'authorization_code' }),
    ]);
  });

  it('only existing users or pending invitations can complete a login; the invitee becomes a user at first login', async () => {
    // A stranger who somehow holds a right code for their own attempt still gets no account.
    const challenge = randomToken();
    const challengeHash = sha256(challenge);
    const now = new Date(clock);
    await server.db.query(
      `insert into login_codes (email, code_hash, challenge_hash, ip, created_at, expires_at) values ($1, $2, $3, '127.0.0.1', $4, $5)`,
      [
        'stranger@example.org',
        hashLoginCode(challengeHash, 'abcdef'),
        challengeHash,
        now,
        new Date(now.getTime() + 10 * MINUTE),
      ],
    );
    const stranger = new TestBrowser(server.app);
    stranger.cookies.set('pando_login', challenge);
    const refused = await stranger.request('POST', '/api/v4/auth/validate?cookie=true', {
      authorization_code: 'ABC-DEF',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: "You don't have permission to use the web application.",
    });
    expect(
      (await server.db.query('select 1 from users where email = $1', ['stranger@example.org']))
        .rows,
    ).toHaveLength(0);

    const { browser } = await startLogin(DEMO_INVITE_EMAIL);
    const res = await browser.request('POST', '/api/v4/auth/validate?cookie=true', {
      authorization_code: latestCode(DEMO_INVITE_EMAIL),
    });
    expect(res.statusCode).toBe(200);
    const me = CurrentUserSchema.parse(
      (await browser.request('GET', '/api/v4/login/current?embed=hospital')).json(),
    );
    expect(me).toMatchObject({
      email: DEMO_INVITE_EMAIL,
      access_level: 'USER',
      first_name: 'New',
      last_name: 'Starter',
    });
    expect(me.hospital?.name).toBe('St Elsewhere General');
    const invite = await server.db.query<{ accepted_at: Date | null }>(
      'select accepted_at from invites where email = $1',
      [DEMO_INVITE_EMAIL],
    );
    expect(invite.rows[0]!.accepted_at).not.toBeNull();
  });

  it('a blocked user gets no code and cannot log in', async () => {
    const email = await staffEmail(4);
    await server.db.query('update users set blocked = true where email = $1', [email]);
    const { res } = await startLogin(email);
    expect(res.statusCode).toBe(200);
    expect(server.app.devMailbox?.list(email)).toHaveLength(0);
  });
});

describe('sessions', () => {
  async function loggedIn(email: string) {
    const { browser } = await startLogin(email);
    const res = await browser.request('POST', '/api/v4/auth/validate?cookie=true', {
      authorization_code: latestCode(email),
    });
    expect(res.statusCode).toBe(200);
    return browser;
  }

  it('issues a new session id at every login and ends the previous one (rotation)', async () => {
    const browser = await loggedIn(DEMO_ACCOUNTS.alice);
    const first = browser.cookies.get('pando_session')!;
    await browser.request('POST', '/api/v4/auth', { email: DEMO_ACCOUNTS.alice });
    await browser.request('POST', '/api/v4/auth/validate?cookie=true', {
      authorization_code: latestCode(DEMO_ACCOUNTS.alice),
    });
    const second = browser.cookies.get('pando_session')!;
    expect(second).not.toBe(first);
    const old = new TestBrowser(server.app);
    old.cookies.set('pando_session', first);
    expect((await old.request('GET', '/api/v4/login/current')).statusCode).toBe(401);
    expect((await browser.request('GET', '/api/v4/login/current')).statusCode).toBe(200);
  });

  it('logout deletes the session server-side, clears the cookie and tells the chat server', async () => {
    const browser = await loggedIn(DEMO_ACCOUNTS.alice);
    const cookie = browser.cookies.get('pando_session')!;
    const revoked: unknown[] = [];
    const listener = (e: unknown) => revoked.push(e);
    server.app.events.on('session:revoked', listener);
    // Bodyless, with the JSON content type, as the web client sends it.
    const res = await browser.request('DELETE', '/api/v4/login?single=true');
    server.app.events.off('session:revoked', listener);
    expect(res.statusCode).toBe(204);
    const cleared = setCookies(res).find((c) => c.name === 'pando_session');
    expect(cleared?.value).toBe('');
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toEqual({
      userId: expect.any(Number) as number,
      sessionId: expect.any(Number) as number,
    });
    const replay = new TestBrowser(server.app);
    replay.cookies.set('pando_session', cookie);
    expect((await replay.request('GET', '/api/v4/login/current')).statusCode).toBe(401);
    expect(
      (await server.db.query('select 1 from sessions where token_hash = $1', [sha256(cookie)]))
        .rows,
    ).toHaveLength(0);
  });

  it('logout with single=true keeps the other devices logged in; single=false ends them all', async () => {
    const laptop = await loggedIn(DEMO_ACCOUNTS.bob);
    const phone = await loggedIn(DEMO_ACCOUNTS.bob);
    const tablet = await loggedIn(DEMO_ACCOUNTS.bob);
    await laptop.request('DELETE', '/api/v4/login?single=true');
    expect((await phone.request('GET', '/api/v4/login/current')).statusCode).toBe(200);
    await phone.request('DELETE', '/api/v4/login?single=false');
    expect((await tablet.request('GET', '/api/v4/login/current')).statusCode).toBe(401);
  });

  it('ends a session left idle longer than the idle lifetime', async () => {
    const browser = await loggedIn(DEMO_ACCOUNTS.carol);
    const idle = server.app.config.sessionIdleMs;
    advance(idle - MINUTE * 2);
    expect((await browser.request('GET', '/api/v4/login/current')).statusCode).toBe(200);
    // That use counted as activity: the window starts again.
    advance(idle - MINUTE * 2);
    expect((await browser.request('GET', '/api/v4/login/current')).statusCode).toBe(200);
    advance(idle + 1000);
    expect((await browser.request('GET', '/api/v4/login/current')).statusCode).toBe(401);
  });

  it('ends a session at its absolute lifetime however active it is', async () => {
    const browser = await loggedIn(DEMO_ACCOUNTS.carol);
    const { sessionAbsoluteMs, sessionIdleMs } = server.app.config;
    let elapsed = 0;
    while (elapsed + sessionIdleMs / 2 < sessionAbsoluteMs) {
      advance(sessionIdleMs / 2);
      elapsed += sessionIdleMs / 2;
      expect((await browser.request('GET', '/api/v4/login/current')).statusCode).toBe(200);
    }
    advance(sessionAbsoluteMs - elapsed);
    expect((await browser.request('GET', '/api/v4/login/current')).statusCode).toBe(401);
  });

  it('answers 401 without a session', async () => {
    const res = await new TestBrowser(server.app).request('GET', '/api/v4/login/current');
    expect(res.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(res.json()).statusCode).toBe(401);
  });

  it('GET /login/token gives a short-lived, single-use chat password bound to the session', async () => {
    const browser = await loggedIn(DEMO_ACCOUNTS.alice);
    const chatToken = async () =>
      (await browser.request('GET', '/api/v4/login/token')).json<{ token: string }>().token;
    const alice = await server.db.query<{ uuid: string; id: number }>(
      'select uuid, id from users where email = $1',
      [DEMO_ACCOUNTS.alice],
    );
    const { uuid, id } = alice.rows[0]!;
    const now = new Date(clock);
    const token = await chatToken();
    // A wrong token or someone else's uuid does not use the token up.
    expect(await verifyChatToken(server.db, uuid, `${token}x`, now)).toBeNull();
    const bob = await server.db.query<{ uuid: string }>('select uuid from users where email = $1', [
      DEMO_ACCOUNTS.bob,
    ]);
    expect(await verifyChatToken(server.db, bob.rows[0]!.uuid, token, now)).toBeNull();
    expect(await verifyChatToken(server.db, uuid, token, now)).toMatchObject({ userId: id });
    // One connection per token (issue 14, finding 8).
    expect(await verifyChatToken(server.db, uuid, token, now)).toBeNull();
    const late = await chatToken();
    expect(
      await verifyChatToken(server.db, uuid, late, new Date(clock + server.app.config.chatTokenMs)),
    ).toBeNull();
    const idle = await chatToken();
    expect(
      await verifyChatToken(
        server.db,
        uuid,
        idle,
        new Date(clock + server.app.config.sessionIdleMs + MINUTE),
        server.app.config.sessionIdleMs,
      ),
    ).toBeNull();
    const orphan = await chatToken();
    await browser.request('DELETE', '/api/v4/login?single=true');
    expect(await verifyChatToken(server.db, uuid, orphan, now)).toBeNull();
  });
});

describe('session cache (a few seconds of reuse, forgotten at once on logout, block and change)', () => {
  async function loggedIn(email: string) {
    const { browser } = await startLogin(email);
    const res = await browser.request('POST', '/api/v4/auth/validate?cookie=true', {
      authorization_code: latestCode(email),
    });
    expect(res.statusCode).toBe(200);
    const me = await browser.request('GET', '/api/v4/login/current');
    expect(me.statusCode).toBe(200);
    return { browser, me: CurrentUserSchema.parse(me.json()) };
  }

  const current = (browser: TestBrowser) => browser.request('GET', '/api/v4/login/current');

  it('reuses a looked-up session for at most SESSION_CACHE_TTL_MS (an unannounced change shows after it)', async () => {
    const email = await staffEmail(11);
    const { browser, me } = await loggedIn(email);
    // A write that tells nobody (no user:changed): the cached answer may stand, but not longer
    // than the TTL.
    await server.db.query(`update users set first_name = 'Renamed' where id = $1`, [me.id]);
    expect(CurrentUserSchema.parse((await current(browser)).json()).first_name).toBe(me.first_name);
    advance(SESSION_CACHE_TTL_MS);
    expect(CurrentUserSchema.parse((await current(browser)).json()).first_name).toBe('Renamed');
  });

  it('a logged-out session is refused at once, though it was just answered from the cache', async () => {
    const { browser } = await loggedIn(DEMO_ACCOUNTS.alice);
    const cookie = browser.cookies.get('pando_session')!;
    expect((await current(browser)).statusCode).toBe(200);
    expect((await browser.request('DELETE', '/api/v4/login?single=true')).statusCode).toBe(204);
    const replay = new TestBrowser(server.app);
    replay.cookies.set('pando_session', cookie);
    expect((await current(replay)).statusCode).toBe(401);
  });

  it('logging out everywhere refuses every other device at once', async () => {
    const { browser: laptop } = await loggedIn(DEMO_ACCOUNTS.bob);
    const { browser: phone } = await loggedIn(DEMO_ACCOUNTS.bob);
    expect((await current(phone)).statusCode).toBe(200);
    await laptop.request('DELETE', '/api/v4/login?single=false');
    expect((await current(phone)).statusCode).toBe(401);
  });

  it('a blocked user is refused at once, on the cookie and on the bearer token', async () => {
    const email = await staffEmail(12);
    const { browser, me } = await loggedIn(email);
    const login = await browser.request('POST', '/api/v4/auth', { email });
    expect(login.statusCode).toBe(200);
    const validated = await browser.request('POST', '/api/v4/auth/validate?cookie=true', {
      authorization_code: latestCode(email),
    });
    const { access_token } = AuthValidateResponseSchema.parse(validated.json());
    const bearer = { authorization: `Bearer ${access_token}` };
    const viaBearer = () =>
      server.app.inject({ method: 'GET', url: '/api/v4/login/current', headers: bearer });
    expect((await current(browser)).statusCode).toBe(200);
    expect((await viaBearer()).statusCode).toBe(200);
    // As PATCH /admin/users/{id} does: written in a transaction, announced after it.
    const revoked = await server.app.db.transaction((tx) =>
      blockUser(tx, me.id, server.app.config.now()),
    );
    announceBlocked(server.app, me.id, revoked);
    expect((await current(browser)).statusCode).toBe(401);
    expect((await viaBearer()).statusCode).toBe(401);
  });

  it('a rotated session (new login in the same browser) is refused at once', async () => {
    const { browser } = await loggedIn(DEMO_ACCOUNTS.carol);
    const first = browser.cookies.get('pando_session')!;
    const old = new TestBrowser(server.app);
    old.cookies.set('pando_session', first);
    expect((await current(old)).statusCode).toBe(200);
    await browser.request('POST', '/api/v4/auth', { email: DEMO_ACCOUNTS.carol });
    await browser.request('POST', '/api/v4/auth/validate?cookie=true', {
      authorization_code: latestCode(DEMO_ACCOUNTS.carol),
    });
    expect((await current(old)).statusCode).toBe(401);
  });

  it('a status change shows at once (user:changed)', async () => {
    const { browser } = await loggedIn(DEMO_ACCOUNTS.alice);
    for (const status of ['UNAVAILABLE', 'AVAILABLE'] as const) {
      expect((await current(browser)).statusCode).toBe(200);
      const put = await browser.request('PUT', '/api/v4/users/me/status', { status });
      expect(put.statusCode).toBe(200);
      expect(CurrentUserSchema.parse((await current(browser)).json()).status).toBe(status);
    }
  });

  it('a cached session past its idle window is refused (the expiry is checked on every hit)', async () => {
    // Idle window shorter than the cache's TTL, so the cached entry outlives the session.
    const short = await startTestServer({ now: () => new Date(clock), sessionIdleMs: 2_000 });
    try {
      const browser = new TestBrowser(short.app);
      await browser.request('POST', '/api/v4/auth', { email: DEMO_ACCOUNTS.carol });
      const text = short.app.devMailbox?.list(DEMO_ACCOUNTS.carol)[0]?.text ?? '';
      const code = /\b([A-Z0-9]{3}-[A-Z0-9]{3})\b/.exec(text)?.[1] ?? '';
      await browser.request('POST', '/api/v4/auth/validate?cookie=true', {
        authorization_code: code,
      });
      expect((await current(browser)).statusCode).toBe(200);
      advance(1_000);
      expect((await current(browser)).statusCode).toBe(200);
      advance(2_500);
      expect(SESSION_CACHE_TTL_MS).toBeGreaterThan(3_500);
      expect((await current(browser)).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('CSRF', () => {
  it('refuses a non-GET under /api without the JSON content type (403)', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', undefined]) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/v4/auth',
        headers: type ? { 'content-type': type } : {},
        payload: type ? 'email=carol@example.org' : undefined,
      });
      expect(res.statusCode).toBe(403);
      expect(ApiErrorSchema.parse(res.json()).details).toEqual([
        expect.objectContaining({ path: 'content-type' }),
      ]);
    }
  });

  it('refuses a foreign Origin and accepts the request’s own origin', async () => {
    const browser = new TestBrowser(server.app);
    const foreign = await browser.request(
      'POST',
      '/api/v4/auth',
      { email: 'carol@example.org' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    const own = await browser.request(
      'POST',
      '/api/v4/auth',
      { email: 'carol@example.org' },
      { origin: 'http://localhost:80', host: 'localhost:80' },
    );
    expect(own.statusCode).toBe(200);
  });

  it('with PUBLIC_URL https: the Origin must be PUBLIC_URL, cookies get __Host- and Secure, HSTS is sent', async () => {
    const secure = await startTestServer({ publicUrl: 'https://pando.example.org' });
    try {
      const browser = new TestBrowser(secure.app);
      const wrong = await browser.request(
        'POST',
        '/api/v4/auth',
        { email: 'carol@example.org' },
        { origin: 'http://localhost' },
      );
      expect(wrong.statusCode).toBe(403);
      const start = await browser.request(
        'POST',
        '/api/v4/auth',
        { email: 'carol@example.org' },
        { origin: 'https://pando.example.org' },
      );
      expect(start.statusCode).toBe(200);
      expect(start.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const challenge = setCookies(start).find((c) => c.name === '__Host-pando_login');
      expect(challenge?.attributes.get('secure')).toBe(true);
      const text = secure.app.devMailbox?.list('carol@example.org')[0]?.text ?? '';
      const code = /\b([A-Z0-9]{3}-[A-Z0-9]{3})\b/.exec(text)?.[1] ?? '';
      const res = await browser.request(
        'POST',
        '/api/v4/auth/validate?cookie=true',
        { authorization_code: code },
        { origin: 'https://pando.example.org' },
      );
      expect(res.statusCode).toBe(200);
      const session = setCookies(res).find((c) => c.name === '__Host-pando_session');
      expect(session?.attributes.get('secure')).toBe(true);
      expect(session?.attributes.get('path')).toBe('/');
      expect(session?.attributes.has('domain')).toBe(false);
    } finally {
      await secure.close();
    }
  });
});
