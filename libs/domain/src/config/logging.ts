import { z } from 'zod';
import { lazySchema } from '../wire/lazySchema';

/** Log levels (spec 02 §8): info, success, warn, error; critical is the reporter's top level. */
export const LOG_LEVELS = ['info', 'success', 'warn', 'error', 'critical'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Spec 02 §8: warnings, errors and critical events are forwarded to error reporting. */
export function isReportedLevel(level: LogLevel): boolean {
  return level === 'warn' || level === 'error' || level === 'critical';
}

/** Whether a message at `level` passes a configured minimum level. */
export function passesLogLevel(level: LogLevel, minimum: LogLevel): boolean {
  return LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(minimum);
}

/**
 * Demo mode options (spec 02 §9): admin enabled, dummy admin data, push-messaging and
 * error-reporting toggles; log level info. Read by apps/demo at start.
 */
export const DemoOptionsSchema = lazySchema(() =>
  z.object({
    admin_enabled: z.boolean().default(true),
    dummy_admin_data: z.boolean().default(true),
    push_messaging: z.boolean().default(false),
    error_reporting: z.boolean().default(false),
    log_level: z.enum(LOG_LEVELS).default('info'),
    /** Spec 02 §2 "no-data switch": when true the report shows no placeholder figures. */
    no_data: z.boolean().default(false),
  }),
);
export type DemoOptions = z.infer<typeof DemoOptionsSchema>;
