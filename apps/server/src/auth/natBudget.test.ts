import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseProxyTrust, type Config } from '../config.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';

/**
 * Issue 36 (low): a hospital's staff reach the server from one address (NAT, a proxy). Each
 * person has their own budget there (per address and email); the address as a whole has a
 * ceiling high enough for a ward's colleagues that still stops a flood. With the DEFAULT limits.
 */
const NAT = '203.0.113.7';

const defaults = loadConfig({ NODE_ENV: 'test' });

function trust(value: string): Config['trustProxy'] {
  const t = parseProxyTrust(value);
  if (typeof t === 'string') throw new Error(t);
  return t;
}

async function requestCode(ts: TestServer, email: string, from: string) {
  const res = await fetch(`${ts.url}/api/v4/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ email }),
  });
  const body = (await res.json()) as { details?: { path: string }[] };
  return { status: res.status, field: body.details?.[0]?.path };
}

describe('the login budget behind one address (defaults)', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({
      trustProxy: trust('loopback'),
      loginRateLimitPerEmail: defaults.loginRateLimitPerEmail,
      loginRateLimitPerIp: defaults.loginRateLimitPerIp,
      loginRateLimitWindowMs: defaults.loginRateLimitWindowMs,
    });
  });
  afterAll(async () => {
    await (ts as TestServer | undefined)?.close();
  });

  it('one person hammering is stopped; six colleagues behind the same address each still get their codes; a flood of emails meets the ceiling', async () => {
    const perPerson = defaults.loginRateLimitPerEmail;
    // One person asks again and again: stopped after their own budget, by email.
    const hammer = [];
    for (let i = 0; i < perPerson + 10; i++)
      hammer.push(await requestCode(ts, 'impatient@example.org', NAT));
    expect(hammer.slice(0, perPerson).every((a) => a.status === 200)).toBe(true);
    expect(hammer.slice(perPerson).every((a) => a.status === 429 && a.field === 'email')).toBe(
      true,
    );

    // Six colleagues on the same ward, each with a few tries of their own (a typo, a resend).
    for (let c = 0; c < 6; c++)
      for (let i = 0; i < perPerson; i++)
        expect((await requestCode(ts, `colleague${c}@example.org`, NAT)).status).toBe(200);

    // A script trying email after email from that address meets the address's ceiling.
    // Codes sent from the address so far: the impatient person's and the colleagues'.
    let sent = perPerson * 7;
    let refused: { status: number; field?: string } | undefined;
    for (let i = 0; i < defaults.loginRateLimitPerIp + 5 && !refused; i++) {
      const a = await requestCode(ts, `flood${i}@example.org`, NAT);
      if (a.status === 200) sent++;
      else refused = a;
    }
    expect(refused).toEqual({ status: 429, field: 'ip' });
    expect(sent).toBe(defaults.loginRateLimitPerIp);
    // Somewhere else is not affected.
    expect((await requestCode(ts, 'elsewhere@example.org', '198.51.100.20')).status).toBe(200);
  }, 60_000);

  it('the defaults: five codes per person and address, 200 per address, in 15 minutes', () => {
    expect(defaults.loginRateLimitPerEmail).toBe(5);
    expect(defaults.loginRateLimitPerIp).toBe(200);
    expect(defaults.loginRateLimitWindowMs).toBe(15 * 60_000);
  });
});
