import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The repository root (the nearest package.json with workspaces above this file), so relative
 * paths in the environment do not depend on the CWD, from src/ (tsx) and dist/ (bundle) alike.
 */
export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { workspaces?: unknown };
      if (pkg.workspaces !== undefined) return dir;
    }
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

/** Injected clock: tests move time forward to check expiry without sleeping. */
export type Clock = () => Date;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = z.coerce.number().int().positive();

/**
 * Every environment variable the server reads. Documented in apps/server/README.md; keep both in step.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Pando <no-reply@pando.localhost>'),
  PUBLIC_URL: z.url().optional(),
  XMPP_DOMAIN: z.string().min(1).default('localhost'),
  CHAT_WS_URL: z.url().optional(),
  WEB_DIST_DIR: z.string().min(1).default('apps/web/dist'),
  PRODUCT_NAME: z.string().min(1).default('Pando'),
  SEED: z.enum(['demo', 'none']).optional(),
  SESSION_IDLE_MINUTES: positiveInt.default(12 * 60),
  SESSION_ABSOLUTE_HOURS: positiveInt.default(30 * 24),
  ACCESS_TOKEN_MINUTES: positiveInt.default(60),
  CHAT_TOKEN_MINUTES: positiveInt.default(5),
  LOGIN_CODE_MINUTES: positiveInt.default(10),
  LOGIN_RATE_LIMIT_PER_EMAIL: positiveInt.default(5),
  LOGIN_RATE_LIMIT_PER_IP: positiveInt.default(30),
  LOGIN_RATE_LIMIT_WINDOW_MINUTES: positiveInt.default(15),
  DEMO_MODE: bool.default(false),
  DISABLE_LOGIN_REDIRECT: bool.default(false),
  ANALYTICS_FIXED_SCOPE: z
    .string()
    .regex(/^(organisation|network):[0-9a-zA-Z-]+$/, 'expected organisation:{id} or network:{id}')
    .optional(),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  /** Absolute path of the embedded database directory (unused with DATABASE_URL). */
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Origin the browser uses (no trailing slash), or undefined for "the request's own origin". */
  publicUrl: string | undefined;
  /** True when PUBLIC_URL is https: Secure cookies, __Host- prefix, HSTS. */
  secure: boolean;
  xmppDomain: string;
  /** Explicit chat WebSocket URL; otherwise derived from the request (ws[s]://host/xmpp). */
  chatWsUrl: string | undefined;
  webDistDir: string;
  productName: string;
  seed: 'demo' | 'none';
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  accessTokenMs: number;
  chatTokenMs: number;
  loginCodeMs: number;
  loginRateLimitPerEmail: number;
  loginRateLimitPerIp: number;
  loginRateLimitWindowMs: number;
  demoMode: boolean;
  disableLoginRedirect: boolean;
  analyticsFixedScope: { kind: 'organisation' | 'network'; id: string } | undefined;
  trustProxy: boolean;
  logLevel: Env['LOG_LEVEL'];
  now: Clock;
}

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  // Empty strings in the environment mean "unset" (docker-compose writes VAR= for blanks).
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : undefined;
  const scope = e.ANALYTICS_FIXED_SCOPE?.split(':');
  const config: Config = {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(REPO_ROOT, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    secure: publicUrl?.startsWith('https:') ?? false,
    xmppDomain: e.XMPP_DOMAIN,
    chatWsUrl: e.CHAT_WS_URL,
    webDistDir: path.resolve(REPO_ROOT, e.WEB_DIST_DIR),
    productName: e.PRODUCT_NAME,
    // The embedded database is a demo/dev store by default; a real PostgreSQL starts empty.
    seed: e.SEED ?? (e.DATABASE_URL ? 'none' : 'demo'),
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    accessTokenMs: e.ACCESS_TOKEN_MINUTES * 60_000,
    chatTokenMs: e.CHAT_TOKEN_MINUTES * 60_000,
    loginCodeMs: e.LOGIN_CODE_MINUTES * 60_000,
    loginRateLimitPerEmail: e.LOGIN_RATE_LIMIT_PER_EMAIL,
    loginRateLimitPerIp: e.LOGIN_RATE_LIMIT_PER_IP,
    loginRateLimitWindowMs: e.LOGIN_RATE_LIMIT_WINDOW_MINUTES * 60_000,
    demoMode: e.DEMO_MODE,
    disableLoginRedirect: e.DISABLE_LOGIN_REDIRECT,
    analyticsFixedScope:
      scope && (scope[0] === 'organisation' || scope[0] === 'network') && scope[1]
        ? { kind: scope[0], id: scope[1] }
        : undefined,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    now: () => new Date(),
    ...overrides,
  };
  if (overrides.publicUrl !== undefined && overrides.secure === undefined) {
    config.secure = overrides.publicUrl.startsWith('https:');
  }
  return config;
}
