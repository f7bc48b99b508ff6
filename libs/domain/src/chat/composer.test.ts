import { describe, expect, it } from 'vitest';
import { canSendText, composerText } from './composer';
import { isReportedLevel, passesLogLevel, DemoOptionsSchema } from '../config/logging';

describe('composer', () => {
  it('blocks empty and whitespace-only messages, and over-long ones', () => {
    expect(canSendText('hi')).toBe(true);
    expect(canSendText('  \n ')).toBe(false);
    expect(canSendText('x'.repeat(20_001))).toBe(false);
    expect(composerText('\n  line one\n  line two  \n\n')).toBe('  line one\n  line two');
  });
});

describe('logging and demo options (spec 02 §8, §9)', () => {
  it('warnings, errors and critical events are forwarded to error reporting', () => {
    expect(isReportedLevel('warn')).toBe(true);
    expect(isReportedLevel('critical')).toBe(true);
    expect(isReportedLevel('success')).toBe(false);
    expect(passesLogLevel('warn', 'info')).toBe(true);
    expect(passesLogLevel('info', 'warn')).toBe(false);
  });

  it('demo mode defaults: admin on, dummy data on, push and error reporting off, log level info', () => {
    expect(DemoOptionsSchema.parse({})).toEqual({
      admin_enabled: true,
      dummy_admin_data: true,
      push_messaging: false,
      error_reporting: false,
      log_level: 'info',
      no_data: false,
    });
    expect(DemoOptionsSchema.safeParse({ log_level: 'debug' }).error?.issues[0]?.path).toEqual([
      'log_level',
    ]);
  });
});
