import fs from 'node:fs';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  DEFAULT_KNOWLEDGE_BASE_URL,
  DEFAULT_SUPPORT_URL,
  LOGIN_CODE_MINUTES as DEFAULT_LOGIN_CODE_MINUTES,
} from '@pando/domain';

let repoRootFound: string | undefined;

/**
 * The repository root (the nearest package.json with workspaces above this file), so relative
 * paths in the environment do not depend on the CWD, from src/ (tsx) and dist/ (bundle) alike.
 * Found on first use, not at module load: a browser build of the server has no file system.
 */
export function repoRoot(): string {
  repoRootFound ??= findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));
  return repoRootFound;
}

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
type Clock = () => Date;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = z.coerce.number().int().positive();

/**
 * Which reverse proxies in front of us are believed about the client's address (`X-Forwarded-For`)
 * and scheme (`X-Forwarded-Proto`): Fastify's `trustProxy` function form, called with each
 * address from the socket's peer (hop 0) back through the forwarded list; the client is the
 * first address not trusted. `false`: no proxy, the socket's peer is the client.
 */
export type ProxyTrust = false | ((address: string, hop: number) => boolean);

/** `::ffff:10.0.0.1` is the IPv4 address 10.0.0.1 (dual-stack sockets report it that way). */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}

/**
 * TRUST_PROXY: `false`/`0` (default), a hop count (`1`: one proxy in front, believe the last
 * `X-Forwarded-For` entry it appended), or a comma list of proxy addresses and CIDR ranges
 * (`10.0.0.0/8,192.168.1.5`, `loopback`). `true` is refused: trusting every hop means believing
 * the leftmost `X-Forwarded-For` entry, which any client can write (issue 14, finding 5).
 */
export function parseProxyTrust(value: string | undefined): ProxyTrust | string {
  const v = (value ?? 'false').trim().toLowerCase();
  if (v === 'false' || v === '0' || v === 'no') return false;
  if (v === 'true' || v === 'yes') {
    return 'true trusts a client-written X-Forwarded-For; give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8)';
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 32) return 'at most 32 proxy hops';
    return (_address, hop) => hop < hops;
  }
  const list = new BlockList();
  for (const raw of v.split(',')) {
    const entry = raw.trim();
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [addr = '', bits] = entry.split('/');
    const family = isIP(addr);
    const max = family === 4 ? 32 : 128;
    const prefix = bits === undefined ? max : Number(bits);
    if (family === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > max) {
      return `"${entry}" is not an IP address or CIDR range (expected false, a hop count, or addresses such as 10.0.0.0/8,loopback)`;
    }
    list.addSubnet(addr, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return (address) => {
    const a = plainAddress(address);
    const family = isIP(a);
    return family !== 0 && list.check(a, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * Every environment variable the server reads. Documented in apps/server/README.md; keep both in step.
 */
const envSchema = z.object({
  // The binary alone is a production server; `npm start` and the test servers ask for the
  // local development mode explicitly (issue 14, finding 2).
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Pando <no-reply@pando.localhost>'),
  /** Where data export requests of the admin console are mailed (issue 20). */
  SUPPORT_EMAIL: z.email().default('support@pando.localhost'),
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
  LOGIN_CODE_MINUTES: positiveInt.default(DEFAULT_LOGIN_CODE_MINUTES),
  LOGIN_RATE_LIMIT_PER_EMAIL: positiveInt.default(5),
  /** The whole address's ceiling: a hospital behind NAT is one address (issue 36). */
  LOGIN_RATE_LIMIT_PER_IP: positiveInt.default(200),
  LOGIN_RATE_LIMIT_WINDOW_MINUTES: positiveInt.default(15),
  /** Chat files one person may email per window (POST /files/{id}/email, issue 24). */
  FILE_EMAIL_LIMIT_PER_USER: positiveInt.default(20),
  FILE_EMAIL_LIMIT_WINDOW_MINUTES: positiveInt.default(60),
  /** The largest file sent as an email attachment; larger ones answer 413 (download instead). */
  MAIL_ATTACHMENT_MAX_BYTES: positiveInt.default(26_214_400),
  DEMO_MODE: bool.default(false),
  DISABLE_LOGIN_REDIRECT: bool.default(false),
  ANALYTICS_FIXED_SCOPE: z
    .string()
    .regex(/^(organisation|network):[0-9a-zA-Z-]+$/, 'expected organisation:{id} or network:{id}')
    .optional(),
  /** Spec 02 §6 demo organisation: who is mapped (domains, one account) and to which organisation. */
  ANALYTICS_DEMO_EMAIL_DOMAINS: z
    .string()
    .regex(
      /^\s*[A-Za-z0-9.-]+\s*(,\s*[A-Za-z0-9.-]+\s*)*$/,
      'expected a comma list of email domains, e.g. pando.internal,sales.example.org',
    )
    .optional(),
  ANALYTICS_DEMO_ACCOUNT: z.email().optional(),
  ANALYTICS_DEMO_ORGANISATION: z
    .string()
    .regex(/^[0-9a-zA-Z-]+$/, 'expected the organisation uuid (or numeric id)')
    .optional(),
  /** The manage sidebar's external links (spec 02 §2; the spec gives no addresses). */
  SUPPORT_URL: z.url({ protocol: /^(https?|mailto)$/ }).default(DEFAULT_SUPPORT_URL),
  KNOWLEDGE_BASE_URL: z.url({ protocol: /^https?$/ }).default(DEFAULT_KNOWLEDGE_BASE_URL),
  TRUST_PROXY: z.string().optional(),
  XMPP_MAX_CONNECTIONS_PER_USER: positiveInt.default(10),
  XMPP_MAX_CONNECTIONS_PER_IP: positiveInt.default(1000),
  XMPP_BIND_TIMEOUT_SECONDS: positiveInt.default(10),
  XMPP_SESSION_CHECK_SECONDS: positiveInt.default(60),
  XMPP_MAX_QUEUED_KIB: positiveInt.default(2048),
  XMPP_RATE_LIMIT: z
    .string()
    .regex(/^\d+(:\d+)?$/, 'expected perSecond or perSecond:burst')
    .optional(),
  XMPP_LOG_BATCHES: bool.default(false),
  /**
   * Embedded database only (src/xmpp/journal.ts): the size of each of the chat journal's two
   * preallocated files in DATA_DIR, in MB. A message is acknowledged once its record is synced
   * there; the archive gets it a moment later.
   */
  XMPP_JOURNAL_SEGMENT_MB: positiveInt.default(32),
  /**
   * Embedded database only (db/checkpointer.ts): CHECKPOINT after this much WAL (MB) or this
   * long (s) since the last one; 0 turns that trigger off. From half the MB on, and when the time
   * is up, it waits for a quiet second of the chat (by time for at most twice as long). pg_wal
   * stays under 2 × the MB + 32 MB.
   */
  PGLITE_CHECKPOINT_WAL_MB: z.coerce.number().int().min(0).default(64),
  PGLITE_CHECKPOINT_SECONDS: z.coerce.number().int().min(0).default(300),
  /** Embedded database only (db/statistics.ts): ANALYZE every this many minutes; 0 turns it off. */
  PGLITE_ANALYZE_MINUTES: z.coerce.number().int().min(0).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The audit trail (src/audit/README.md): events older than this many days are removed. */
  AUDIT_RETENTION_DAYS: positiveInt.default(2190),
  /** Audited reads are written in batches: at most this long (ms) or this many events apart. */
  AUDIT_FLUSH_MS: positiveInt.default(250),
  AUDIT_FLUSH_EVENTS: positiveInt.default(200),
  /**
   * A read an open screen repeats (an open card refetches every 5 s) is recorded once per this
   * many seconds per session, user, action, resource and outcome (src/audit/trail.ts); the first
   * read of each window is always recorded, refusals and changes always. 0 records every read.
   */
  AUDIT_READ_REPEAT_SECONDS: z.coerce.number().int().min(0).default(300),
  /**
   * `off` records nothing: only for the audit benchmark's baseline (bench/api/audit.ts measures
   * the patient list with the trail on against off). Refused with NODE_ENV=production.
   */
  AUDIT_TRAIL: z.enum(['on', 'off']).default('on'),
});

type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  /**
   * The local development mode (`NODE_ENV=development`, what `npm start` sets, or `test`): the
   * demo seed by default on the embedded database, loopback-only by default, login codes in the
   * log and, without SMTP_URL, the dev mailbox. Never on by default.
   */
  localDev: boolean;
  /** GET /api/dev/mailbox exists: local development mode and no SMTP_URL. */
  devMailbox: boolean;
  host: string;
  port: number;
  /** Absolute path of the embedded database directory (unused with DATABASE_URL). */
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
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
  /** Emails of chat files per person per window (POST /files/{id}/email). */
  fileEmailLimit: { perUser: number; windowMs: number };
  /** The largest attachment an email carries (the relay's limit, before base64's third). */
  mailAttachmentMaxBytes: number;
  demoMode: boolean;
  disableLoginRedirect: boolean;
  analyticsFixedScope: { kind: 'organisation' | 'network'; id: string } | undefined;
  /**
   * Spec 02 §6: the internal email domains and the named account whose console report is the
   * demo organisation's (and who may read that organisation's analytics; src/analytics/access.ts).
   */
  analyticsDemo: { organisationId: string; emailDomains: string[]; accounts: string[] } | undefined;
  /** The manage sidebar's support and knowledge-base links, given to the SPA in /api/config. */
  supportUrl: string;
  knowledgeBaseUrl: string;
  trustProxy: ProxyTrust;
  xmpp: {
    /** Sockets one user may have past SASL (bound or not), on this node. */
    maxConnectionsPerUser: number;
    /** Sockets one client address may have open, authenticated or not, on this node. */
    maxConnectionsPerIp: number;
    /** After SASL succeeds, the resource must be bound within this time. */
    bindTimeoutMs: number;
    /** How often every chat socket's session is checked (expired idle or absolute, blocked). */
    sessionCheckMs: number;
    /** Output queued for a slow reader before the socket is dropped. */
    maxQueuedBytes: number;
    /** Stanzas per second per connection (XMPP_RATE_LIMIT; the benchmark lifts it). */
    rate: { perSecond: number; burst: number } | undefined;
    /** XMPP_LOG_BATCHES: a line every 2 s with the group-commit batch sizes. */
    logBatches: boolean;
    /** Embedded database only: the size of each chat journal file (XMPP_JOURNAL_SEGMENT_MB). */
    journalSegmentBytes: number;
  };
  /** When the embedded database checkpoints (PGLITE_CHECKPOINT_*; unused with DATABASE_URL). */
  pgliteCheckpoint: { walBytes: number; intervalMs: number };
  /** How often the embedded database's planner statistics are refreshed (PGLITE_ANALYZE_MINUTES). */
  pgliteAnalyzeMs: number;
  logLevel: Env['LOG_LEVEL'];
  /** The audit trail: retention, and the batch window of audited reads (src/audit/README.md). */
  audit: {
    retentionMs: number;
    flushMs: number;
    flushEvents: number;
    readRepeatMs: number;
    /** False only for the audit benchmark's baseline (AUDIT_TRAIL=off, never in production). */
    enabled: boolean;
  };
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
  const localDev = e.NODE_ENV !== 'production';
  const problems: string[] = [];
  if (!localDev && e.SEED === 'demo') {
    problems.push(
      'SEED: demo is refused with NODE_ENV=production (a production server never creates the demo accounts and their PANDO_ADMIN); use NODE_ENV=development, as npm start does',
    );
  }
  if (!localDev && e.AUDIT_TRAIL === 'off') {
    problems.push(
      "AUDIT_TRAIL: off is refused with NODE_ENV=production (every access to patient data is recorded); it exists only for the audit benchmark's baseline",
    );
  }
  const trustProxy = parseProxyTrust(e.TRUST_PROXY);
  if (typeof trustProxy === 'string') problems.push(`TRUST_PROXY: ${trustProxy}`);
  const demoDomains = (e.ANALYTICS_DEMO_EMAIL_DOMAINS ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  const demoAccounts = e.ANALYTICS_DEMO_ACCOUNT ? [e.ANALYTICS_DEMO_ACCOUNT.toLowerCase()] : [];
  const demoViewers = demoDomains.length > 0 || demoAccounts.length > 0;
  if (demoViewers && !e.ANALYTICS_DEMO_ORGANISATION) {
    problems.push(
      'ANALYTICS_DEMO_ORGANISATION: required when ANALYTICS_DEMO_EMAIL_DOMAINS or ANALYTICS_DEMO_ACCOUNT is set (the organisation they are mapped to)',
    );
  }
  if (!demoViewers && e.ANALYTICS_DEMO_ORGANISATION) {
    problems.push(
      'ANALYTICS_DEMO_ORGANISATION: set ANALYTICS_DEMO_EMAIL_DOMAINS or ANALYTICS_DEMO_ACCOUNT too (nobody is mapped to it otherwise)',
    );
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  const rate = e.XMPP_RATE_LIMIT?.split(':').map(Number);
  const publicUrl = e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : undefined;
  const scope = e.ANALYTICS_FIXED_SCOPE?.split(':');
  const config: Config = {
    env: e.NODE_ENV,
    localDev,
    devMailbox: localDev && !e.SMTP_URL,
    // Development listens on loopback only, so the dev mailbox is not offered to the network.
    host: e.HOST ?? (localDev ? '127.0.0.1' : '0.0.0.0'),
    port: e.PORT,
    dataDir: path.resolve(repoRoot(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    publicUrl,
    secure: publicUrl?.startsWith('https:') ?? false,
    xmppDomain: e.XMPP_DOMAIN,
    chatWsUrl: e.CHAT_WS_URL,
    webDistDir: path.resolve(repoRoot(), e.WEB_DIST_DIR),
    productName: e.PRODUCT_NAME,
    // In development the embedded database is a demo store by default; a real PostgreSQL, and
    // any production server, starts empty.
    seed: e.SEED ?? (localDev && !e.DATABASE_URL ? 'demo' : 'none'),
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    accessTokenMs: e.ACCESS_TOKEN_MINUTES * 60_000,
    chatTokenMs: e.CHAT_TOKEN_MINUTES * 60_000,
    loginCodeMs: e.LOGIN_CODE_MINUTES * 60_000,
    loginRateLimitPerEmail: e.LOGIN_RATE_LIMIT_PER_EMAIL,
    loginRateLimitPerIp: e.LOGIN_RATE_LIMIT_PER_IP,
    loginRateLimitWindowMs: e.LOGIN_RATE_LIMIT_WINDOW_MINUTES * 60_000,
    fileEmailLimit: {
      perUser: e.FILE_EMAIL_LIMIT_PER_USER,
      windowMs: e.FILE_EMAIL_LIMIT_WINDOW_MINUTES * 60_000,
    },
    mailAttachmentMaxBytes: e.MAIL_ATTACHMENT_MAX_BYTES,
    demoMode: e.DEMO_MODE,
    disableLoginRedirect: e.DISABLE_LOGIN_REDIRECT,
    analyticsFixedScope:
      scope && (scope[0] === 'organisation' || scope[0] === 'network') && scope[1]
        ? { kind: scope[0], id: scope[1] }
        : undefined,
    analyticsDemo:
      demoViewers && e.ANALYTICS_DEMO_ORGANISATION
        ? {
            organisationId: e.ANALYTICS_DEMO_ORGANISATION,
            emailDomains: demoDomains,
            accounts: demoAccounts,
          }
        : undefined,
    supportUrl: e.SUPPORT_URL,
    knowledgeBaseUrl: e.KNOWLEDGE_BASE_URL,
    trustProxy: typeof trustProxy === 'string' ? false : trustProxy,
    xmpp: {
      maxConnectionsPerUser: e.XMPP_MAX_CONNECTIONS_PER_USER,
      maxConnectionsPerIp: e.XMPP_MAX_CONNECTIONS_PER_IP,
      bindTimeoutMs: e.XMPP_BIND_TIMEOUT_SECONDS * 1000,
      sessionCheckMs: e.XMPP_SESSION_CHECK_SECONDS * 1000,
      maxQueuedBytes: e.XMPP_MAX_QUEUED_KIB * 1024,
      rate:
        rate?.[0] !== undefined ? { perSecond: rate[0], burst: rate[1] ?? rate[0] * 4 } : undefined,
      logBatches: e.XMPP_LOG_BATCHES,
      journalSegmentBytes: e.XMPP_JOURNAL_SEGMENT_MB * 1024 * 1024,
    },
    pgliteCheckpoint: {
      walBytes: e.PGLITE_CHECKPOINT_WAL_MB * 1024 * 1024,
      intervalMs: e.PGLITE_CHECKPOINT_SECONDS * 1000,
    },
    pgliteAnalyzeMs: e.PGLITE_ANALYZE_MINUTES * 60_000,
    logLevel: e.LOG_LEVEL,
    audit: {
      retentionMs: e.AUDIT_RETENTION_DAYS * 86_400_000,
      flushMs: e.AUDIT_FLUSH_MS,
      flushEvents: e.AUDIT_FLUSH_EVENTS,
      readRepeatMs: e.AUDIT_READ_REPEAT_SECONDS * 1000,
      enabled: e.AUDIT_TRAIL === 'on',
    },
    now: () => new Date(),
    ...overrides,
  };
  if (overrides.publicUrl !== undefined && overrides.secure === undefined) {
    config.secure = overrides.publicUrl.startsWith('https:');
  }
  // Overriding the mode or SMTP_URL (tests) keeps what follows from them consistent.
  if (overrides.env !== undefined && overrides.localDev === undefined) {
    config.localDev = overrides.env !== 'production';
  }
  if (
    (overrides.env !== undefined || overrides.smtpUrl !== undefined) &&
    overrides.devMailbox === undefined
  ) {
    config.devMailbox = config.localDev && !config.smtpUrl;
  }
  return config;
}
