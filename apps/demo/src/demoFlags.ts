import type { HttpLogger } from '@pando/data-access';
import type { ManageSettings } from '@pando/features';

/**
 * The demo's switches (spec 02 §9 "Demo mode: an environment option; flags for admin enabled,
 * dummy admin data, push-messaging and error-reporting toggles; log level info"), read from the
 * build's environment (`VITE_DEMO_*`, see apps/demo/README.md) so one static build is one demo.
 */
export interface DemoFlags {
  /** Sign in as the demo network admin and show the admin console (else alice, a clinician). */
  adminEnabled: boolean;
  /** The made-up admin data: invitations, pagers, a month of analytics, a started login. */
  dummyAdminData: boolean;
  /**
   * The report opens on randomly generated placeholder figures, its no-data switch off (spec 02
   * §2 "placeholder figures unless a no-data switch is set"); off: the seeded month of the server
   * in the page.
   */
  reportPlaceholders: boolean;
  /** The demo has no push service: when on, what would be pushed is logged instead. */
  pushMessaging: boolean;
  /** The demo reports to no service: when on, warnings and errors are logged as if forwarded. */
  errorReporting: boolean;
  /** The lowest level logged: info (the spec's default), success, warn or error. */
  logLevel: LogLevel;
}

const LOG_LEVELS = ['info', 'success', 'warn', 'error'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

type Env = Partial<Record<string, string | boolean | undefined>>;

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (typeof raw === 'boolean') return raw;
  const value = raw.trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(value)) return true;
  if (['false', '0', 'off', 'no'].includes(value)) return false;
  throw new Error(`${name} must be true or false, not "${raw}".`);
}

export function readDemoFlags(env: Env): DemoFlags {
  const level = String(env.VITE_DEMO_LOG_LEVEL ?? 'info')
    .trim()
    .toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw new Error(
      `VITE_DEMO_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${String(env.VITE_DEMO_LOG_LEVEL)}".`,
    );
  return {
    adminEnabled: flag(env, 'VITE_DEMO_ADMIN', true),
    dummyAdminData: flag(env, 'VITE_DEMO_DUMMY_DATA', true),
    reportPlaceholders: flag(env, 'VITE_DEMO_REPORT_PLACEHOLDERS', false),
    pushMessaging: flag(env, 'VITE_DEMO_PUSH', false),
    errorReporting: flag(env, 'VITE_DEMO_ERROR_REPORTING', false),
    logLevel: level as LogLevel,
  };
}

/**
 * The console logger at the flags' level; with error reporting on, warnings and errors are also
 * written as the report that would have been sent (spec 02 §8: "forwarded to an error-reporting
 * service"), so a demo shows the behaviour without a service.
 */
export function demoLogger(flags: DemoFlags, base: HttpLogger): HttpLogger {
  const rank = (level: LogLevel) => LOG_LEVELS.indexOf(level);
  const shown = (level: LogLevel) => rank(level) >= rank(flags.logLevel);
  const report = (level: string, message: string, context?: Record<string, unknown>) => {
    if (flags.errorReporting) console.info(`[error-reporting] ${level}: ${message}`, context ?? '');
  };
  return {
    info: (message, context) => {
      if (shown('info')) base.info(message, context);
    },
    warn: (message, context) => {
      if (shown('warn')) base.warn(message, context);
      report('warn', message, context);
    },
    error: (message, context) => {
      base.error(message, context);
      report('error', message, context);
    },
    event: (name, properties) => {
      if (shown('info')) base.event(name, properties);
    },
  };
}

/** The admin console's settings the flags decide: where the report's no-data switch starts. */
export function demoManageSettings(flags: DemoFlags): Partial<ManageSettings> {
  return { reportNoData: !flags.reportPlaceholders };
}
