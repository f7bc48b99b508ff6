import { describe, expect, it, vi } from 'vitest';
import { demoLogger, demoManageSettings, readDemoFlags } from './demoFlags';

describe('demo flags (spec 02 §9)', () => {
  it('default to the admin console on dummy data, push and error reporting off, log level info', () => {
    expect(readDemoFlags({})).toEqual({
      adminEnabled: true,
      dummyAdminData: true,
      reportPlaceholders: false,
      pushMessaging: false,
      errorReporting: false,
      logLevel: 'info',
    });
  });

  it('read true/false words and a level; anything else stops the demo naming the variable', () => {
    expect(
      readDemoFlags({
        VITE_DEMO_ADMIN: 'false',
        VITE_DEMO_DUMMY_DATA: 'off',
        VITE_DEMO_REPORT_PLACEHOLDERS: 'on',
        VITE_DEMO_PUSH: '1',
        VITE_DEMO_ERROR_REPORTING: 'yes',
        VITE_DEMO_LOG_LEVEL: ' WARN ',
      }),
    ).toEqual({
      adminEnabled: false,
      dummyAdminData: false,
      reportPlaceholders: true,
      pushMessaging: true,
      errorReporting: true,
      logLevel: 'warn',
    });
    expect(() => readDemoFlags({ VITE_DEMO_PUSH: 'maybe' })).toThrow(/VITE_DEMO_PUSH/);
    expect(() => readDemoFlags({ VITE_DEMO_REPORT_PLACEHOLDERS: 'random' })).toThrow(
      /VITE_DEMO_REPORT_PLACEHOLDERS/,
    );
    expect(() => readDemoFlags({ VITE_DEMO_LOG_LEVEL: 'debug' })).toThrow(/VITE_DEMO_LOG_LEVEL/);
  });

  it('the logger drops what is below the level; error reporting repeats warnings and errors', () => {
    const base = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), event: vi.fn() };
    const reported = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const logger = demoLogger(
      readDemoFlags({ VITE_DEMO_LOG_LEVEL: 'warn', VITE_DEMO_ERROR_REPORTING: 'true' }),
      base,
    );
    logger.info('hello');
    logger.event('login');
    logger.warn('careful');
    logger.error('broken');
    expect(base.info).not.toHaveBeenCalled();
    expect(base.event).not.toHaveBeenCalled();
    expect(base.warn).toHaveBeenCalledWith('careful', undefined);
    expect(base.error).toHaveBeenCalledWith('broken', undefined);
    expect(reported.mock.calls.map((c): unknown => c[0])).toEqual([
      '[error-reporting] warn: careful',
      '[error-reporting] error: broken',
    ]);
    reported.mockRestore();
  });

  it('the report opens on real figures; VITE_DEMO_REPORT_PLACEHOLDERS opens it on placeholder ones', () => {
    expect(demoManageSettings(readDemoFlags({}))).toEqual({ reportNoData: true });
    expect(demoManageSettings(readDemoFlags({ VITE_DEMO_REPORT_PLACEHOLDERS: 'true' }))).toEqual({
      reportNoData: false,
    });
  });
});
