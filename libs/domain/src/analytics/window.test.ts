import { describe, expect, it } from 'vitest';
import { analyticsWindow, MAX_ANALYTICS_WINDOW_DAYS } from './window';

describe('analyticsWindow (the server reads it)', () => {
  it('is whole UTC days, both ends included', () => {
    const answer = analyticsWindow({ from: '2026-02-27', to: '2026-03-01' });
    expect(answer).toEqual({
      window: {
        from: '2026-02-27',
        to: '2026-03-01',
        startMs: Date.UTC(2026, 1, 27),
        endMs: Date.UTC(2026, 2, 2),
        dates: ['2026-02-27', '2026-02-28', '2026-03-01'],
      },
    });
  });

  it('without `from` (the metrics that take `to` only) is the one day `to`', () => {
    const answer = analyticsWindow({ to: '2026-11-28' });
    expect('window' in answer && answer.window.dates).toEqual(['2026-11-28']);
  });

  it('refuses a window that ends before it starts, or longer than 366 days, naming `from`', () => {
    expect(analyticsWindow({ from: '2026-11-29', to: '2026-11-28' })).toEqual({
      error: {
        message: 'Invalid request: from',
        statusCode: 400,
        details: [{ path: 'from', message: 'must not be after to' }],
      },
    });
    const long = analyticsWindow({ from: '2024-01-01', to: '2025-01-01' });
    expect('error' in long && long.error.details).toEqual([
      { path: 'from', message: `the window is at most ${MAX_ANALYTICS_WINDOW_DAYS} days` },
    ]);
    expect('window' in analyticsWindow({ from: '2024-01-01', to: '2024-12-31' })).toBe(true);
  });
});
