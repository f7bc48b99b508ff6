import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProxyTrust, type Config } from '../config.js';
import { cookiesFrom, startTestServer, type TestServer } from '../testing/testServer.js';

/**
 * Issue 14, finding 5: "anyone can lock anyone out of login". Five `POST /auth` for an email gave
 * a 429 for ~12 minutes and each one killed the victim's pending code; the per-IP budget was
 * shared by everyone behind a proxy, and `TRUST_PROXY=true` believed a client-written leftmost
 * `X-Forwarded-For`. Tried over real HTTP through a trusted proxy (this test plays the proxy on
 * loopback, as a reverse proxy in front of the server would), with the default limits.
 */
const CODE = /\b([A-Z0-9]{3}-[A-Z0-9]{3})\b/;
const VICTIM = 'carol@example.org';

function trust(value: string): Config['trustProxy'] {
  const t = parseProxyTrust(value);
  if (typeof t === 'string') throw new Error(t);
  return t;
}

interface Attempt {
  status: number;
  challenge: string;
}

async function requestCode(ts: TestServer, email: string, forwardedFor?: string) {
  const res = await fetch(`${ts.url}/api/v4/auth`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify({ email }),
  });
  const challenge = [...cookiesFrom(res)].map(([k, v]) => `${k}=${v}`).join('; ');
  return { status: res.status, challenge } satisfies Attempt;
}

async function validate(ts: TestServer, attempt: Attempt, code: string, forwardedFor: string) {
  const res = await fetch(`${ts.url}/api/v4/auth/validate?cookie=true`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: attempt.challenge,
      'x-forwarded-for': forwardedFor,
    },
    body: JSON.stringify({ authorization_code: code }),
  });
  return res.status;
}

function newestCode(ts: TestServer, email: string): string {
  const code = CODE.exec(ts.app.devMailbox?.list(email)[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code for ${email}`);
  return code;
}

describe('login cannot be locked or broken by someone else', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({
      trustProxy: trust('loopback'),
      loginRateLimitPerEmail: 5,
      loginRateLimitPerIp: 30,
    });
  });
  afterAll(async () => {
    await (ts as TestServer | undefined)?.close();
  });

  it("a stranger's requests for the victim's email neither kill the code she is typing nor lock her out", async () => {
    const victimIp = '198.51.100.10';
    const attempt = await requestCode(ts, VICTIM, victimIp);
    expect(attempt.status).toBe(200);
    const code = newestCode(ts, VICTIM);
    // The attacker, from elsewhere, asks for codes for the victim until refused.
    const attacker = [];
    for (let i = 0; i < 8; i++)
      attacker.push((await requestCode(ts, VICTIM, '203.0.113.66')).status);
    expect(attacker.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(attacker.slice(5)).toEqual([429, 429, 429]);
    // The victim's code still works, and she can still ask for another one.
    expect(await validate(ts, attempt, code, victimIp)).toBe(200);
    expect((await requestCode(ts, VICTIM, victimIp)).status).toBe(200);
  });

  it('a new code from the same browser still ends that browser’s previous one', async () => {
    const ip = '198.51.100.11';
    const first = await requestCode(ts, 'bob@example.org', ip);
    const firstCode = newestCode(ts, 'bob@example.org');
    const res = await fetch(`${ts.url}/api/v4/auth`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: first.challenge,
        'x-forwarded-for': ip,
      },
      body: JSON.stringify({ email: 'bob@example.org' }),
    });
    expect(res.status).toBe(200);
    expect(await validate(ts, first, firstCode, ip)).toBe(400);
  });

  it('people behind one proxy each have their own address budget', async () => {
    for (let i = 0; i < 31; i++) {
      const status = (await requestCode(ts, `someone${i}@example.org`, `192.0.2.${i + 1}`)).status;
      expect(status).toBe(200);
    }
  });
});

describe('TRUST_PROXY: a hop count believes only what the proxies wrote', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ trustProxy: trust('1'), loginRateLimitPerIp: 3 });
  });
  afterAll(async () => {
    await (ts as TestServer | undefined)?.close();
  });

  it('a spoofed leftmost X-Forwarded-For buys no fresh per-address budget', async () => {
    const statuses = [];
    // The client writes a new address each time; our one proxy appends the real one.
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await requestCode(ts, `p${i}@example.org`, `10.9.9.${i}, 203.0.113.5`)).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Someone else behind the same proxy is not affected.
    expect((await requestCode(ts, 'p9@example.org', '203.0.113.6')).status).toBe(200);
  });
});

describe('without TRUST_PROXY, X-Forwarded-For is ignored', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ loginRateLimitPerIp: 2 });
  });
  afterAll(async () => {
    await (ts as TestServer | undefined)?.close();
  });

  it('every request counts against the socket’s own address', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await requestCode(ts, `q${i}@example.org`, `10.8.8.${i}`)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
