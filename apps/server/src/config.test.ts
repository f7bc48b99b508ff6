import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, repoRoot } from './config.js';

describe('configuration from the environment', () => {
  it('has working defaults: port 3000, PGlite in ./.data of the repository, production', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe(path.join(repoRoot(), '.data'));
    expect(c.webDistDir).toBe(path.join(repoRoot(), 'apps/web/dist'));
    expect(c.env).toBe('production');
    expect(c.localDev).toBe(false);
    expect(c.devMailbox).toBe(false);
    expect(c.seed).toBe('none');
    expect(c.host).toBe('0.0.0.0');
    expect(c.secure).toBe(false);
    expect(c.loginCodeMs).toBe(10 * 60_000);
    expect(c.loginRateLimitPerEmail).toBeGreaterThan(0);
    expect(repoRoot()).toBe(path.resolve(import.meta.dirname, '../../..'));
  });

  it('the local development mode is asked for: demo seed on PGlite, loopback, dev mailbox', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const c = loadConfig({ NODE_ENV });
      expect(c.localDev).toBe(true);
      expect(c.seed).toBe('demo');
      expect(c.host).toBe('127.0.0.1');
      expect(c.devMailbox).toBe(true);
    }
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('never a dev mailbox with SMTP_URL, even in development', () => {
    const c = loadConfig({ NODE_ENV: 'development', SMTP_URL: 'smtp://mail.example.org:587' });
    expect(c.devMailbox).toBe(false);
  });

  it('a real PostgreSQL starts unseeded unless SEED says otherwise', () => {
    const dev = { NODE_ENV: 'development', DATABASE_URL: 'postgres://u@h/db' };
    expect(loadConfig(dev).seed).toBe('none');
    expect(loadConfig({ ...dev, SEED: 'demo' }).seed).toBe('demo');
  });

  it('production refuses SEED=demo with a message saying why and what to do', () => {
    expect(() => loadConfig({ SEED: 'demo' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED: 'demo' })).toThrow(
      /SEED: demo is refused with NODE_ENV=production.*NODE_ENV=development/,
    );
  });

  it('TRUST_PROXY: a hop count or an address list; true (any client-written hop) is refused', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true trusts/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY: "10.0.0.0\/99"/);
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy;
    if (!hops) throw new Error('expected a trust function');
    expect([hops('203.0.113.9', 0), hops('203.0.113.9', 1)]).toEqual([true, false]);
    const list = loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback,2001:db8::1' }).trustProxy;
    if (!list) throw new Error('expected a trust function');
    expect(list('10.1.2.3', 0)).toBe(true);
    expect(list('::ffff:10.1.2.3', 0)).toBe(true);
    expect(list('127.0.0.1', 3)).toBe(true);
    expect(list('2001:db8::1', 0)).toBe(true);
    expect(list('11.0.0.1', 0)).toBe(false);
    expect(list('not an address', 0)).toBe(false);
  });

  it('chat limits have documented defaults and can be changed', () => {
    const d = loadConfig({}).xmpp;
    expect(d).toMatchObject({
      maxConnectionsPerUser: 10,
      maxConnectionsPerIp: 1000,
      bindTimeoutMs: 10_000,
      sessionCheckMs: 60_000,
      maxQueuedBytes: 2 * 1024 * 1024,
      rate: undefined,
    });
    const c = loadConfig({ XMPP_MAX_CONNECTIONS_PER_USER: '3', XMPP_RATE_LIMIT: '1000' }).xmpp;
    expect(c.maxConnectionsPerUser).toBe(3);
    expect(c.rate).toEqual({ perSecond: 1000, burst: 4000 });
  });

  it('https PUBLIC_URL turns on Secure cookies (and keeps only the origin)', () => {
    const c = loadConfig({ PUBLIC_URL: 'https://pando.example.org/some/path' });
    expect(c.secure).toBe(true);
    expect(c.publicUrl).toBe('https://pando.example.org');
  });

  it('refuses bad values with one message naming every bad variable', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', SMTP_URL: 'not a url', SESSION_IDLE_MINUTES: '0' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT.*SMTP_URL.*SESSION_IDLE_MINUTES/s);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PUBLIC_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('reads the rate limits tests and e2e raise', () => {
    const c = loadConfig({ LOGIN_RATE_LIMIT_PER_EMAIL: '1000', LOGIN_RATE_LIMIT_PER_IP: '5000' });
    expect(c.loginRateLimitPerEmail).toBe(1000);
    expect(c.loginRateLimitPerIp).toBe(5000);
  });

  it('spec 02 §6 demo organisation: internal domains and one account, mapped to an organisation', () => {
    expect(loadConfig({}).analyticsDemo).toBeUndefined();
    expect(
      loadConfig({
        ANALYTICS_DEMO_EMAIL_DOMAINS: ' Pando.Internal , sales.example.org',
        ANALYTICS_DEMO_ACCOUNT: 'Demo.Lead@Example.org',
        ANALYTICS_DEMO_ORGANISATION: '0b7e6c1e-5d1a-4b7a-9d38-3c1f2a4e5b6c',
      }).analyticsDemo,
    ).toEqual({
      organisationId: '0b7e6c1e-5d1a-4b7a-9d38-3c1f2a4e5b6c',
      emailDomains: ['pando.internal', 'sales.example.org'],
      accounts: ['demo.lead@example.org'],
    });
    // One of the two lists is enough.
    expect(
      loadConfig({ ANALYTICS_DEMO_ACCOUNT: 'a@b.co', ANALYTICS_DEMO_ORGANISATION: '12' })
        .analyticsDemo,
    ).toEqual({ organisationId: '12', emailDomains: [], accounts: ['a@b.co'] });
  });

  it('refuses a half-configured or malformed demo organisation, naming the setting', () => {
    expect(() => loadConfig({ ANALYTICS_DEMO_EMAIL_DOMAINS: 'pando.internal' })).toThrow(
      /ANALYTICS_DEMO_ORGANISATION: required when/,
    );
    expect(() => loadConfig({ ANALYTICS_DEMO_ORGANISATION: '12' })).toThrow(
      /ANALYTICS_DEMO_ORGANISATION: set ANALYTICS_DEMO_EMAIL_DOMAINS or ANALYTICS_DEMO_ACCOUNT/,
    );
    expect(() =>
      loadConfig({
        ANALYTICS_DEMO_EMAIL_DOMAINS: 'a.org,,b.org',
        ANALYTICS_DEMO_ORGANISATION: '1',
      }),
    ).toThrow(/ANALYTICS_DEMO_EMAIL_DOMAINS: expected a comma list of email domains/);
    expect(() =>
      loadConfig({ ANALYTICS_DEMO_ACCOUNT: 'not-an-email', ANALYTICS_DEMO_ORGANISATION: '1' }),
    ).toThrow(/ANALYTICS_DEMO_ACCOUNT/);
    expect(() =>
      loadConfig({ ANALYTICS_DEMO_ACCOUNT: 'a@b.co', ANALYTICS_DEMO_ORGANISATION: 'x y' }),
    ).toThrow(/ANALYTICS_DEMO_ORGANISATION: expected the organisation uuid/);
  });

  it('the manage sidebar links default to ours and can point at a deployment’s own pages', () => {
    const defaults = loadConfig({});
    expect(defaults.supportUrl).toBe('https://pando.health/support');
    expect(defaults.knowledgeBaseUrl).toBe('https://pando.health/knowledge-base');
    const own = loadConfig({
      SUPPORT_URL: 'mailto:it-help@hospital.example',
      KNOWLEDGE_BASE_URL: 'https://intranet.hospital.example/pando',
    });
    expect(own.supportUrl).toBe('mailto:it-help@hospital.example');
    expect(own.knowledgeBaseUrl).toBe('https://intranet.hospital.example/pando');
    // A link the sidebar would run as script is refused.
    expect(() => loadConfig({ KNOWLEDGE_BASE_URL: 'javascript:alert(1)' })).toThrow(
      /KNOWLEDGE_BASE_URL/,
    );
    expect(() => loadConfig({ SUPPORT_URL: 'javascript:alert(1)' })).toThrow(/SUPPORT_URL/);
  });
});
