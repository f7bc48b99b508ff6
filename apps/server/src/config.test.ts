import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config.js';

describe('configuration from the environment', () => {
  it('has working defaults: port 3000, PGlite in ./.data of the repository, demo seed', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe(path.join(REPO_ROOT, '.data'));
    expect(c.webDistDir).toBe(path.join(REPO_ROOT, 'apps/web/dist'));
    expect(c.seed).toBe('demo');
    expect(c.secure).toBe(false);
    expect(c.loginCodeMs).toBe(10 * 60_000);
    expect(c.loginRateLimitPerEmail).toBeGreaterThan(0);
    expect(REPO_ROOT).toBe(path.resolve(import.meta.dirname, '../../..'));
  });

  it('a real PostgreSQL starts unseeded unless SEED says otherwise', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seed).toBe('none');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED: 'demo' }).seed).toBe('demo');
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
});
