import { describe, expect, it } from 'vitest';
import {
  daysToMs,
  fillDailySeries,
  fillHourlySeries,
  formatDate,
  formatDateTime,
  formatPercentDelta,
  lastActiveText,
  percentDelta,
  previousReportWindow,
  relativeTime,
  reportEndDate,
  reportWindow,
} from './format';

// Tests run with TZ=UTC (vitest.config.ts), so local time is UTC here.
const NOW = new Date('2026-01-10T12:00:00.000Z');
const ago = (s: number) => new Date(NOW.getTime() - s * 1000);

describe('relative time (spec 02 §9)', () => {
  it.each([
    [0, 'now'],
    [4, 'now'],
    [-30, 'now'],
    [5, '5 seconds ago'],
    [59, '59 seconds ago'],
    [60, 'about a minute ago'],
    [89, 'about a minute ago'],
    [90, '2 minutes ago'],
    [119, '2 minutes ago'],
    [120, 'today at 11:58'],
    [86_399, 'today at 12:00'],
    [86_400, 'yesterday at 12:00'],
    [172_799, 'yesterday at 12:00'],
    [172_800, '08/01/2026 12:00'],
  ])('%i s ago reads "%s"', (seconds, text) => {
    expect(relativeTime(ago(seconds), NOW)).toBe(text);
  });

  it('last active from seconds; unknown when the server has none', () => {
    expect(lastActiveText(30, NOW)).toBe('30 seconds ago');
    expect(lastActiveText(null, NOW)).toBe('Unknown');
    expect(lastActiveText(-1, NOW)).toBe('Unknown');
  });
});

describe('dates', () => {
  it('formats dd/mm/yyyy with HH:mm', () => {
    expect(formatDate(new Date('2026-03-04T05:06:00Z'))).toBe('04/03/2026');
    expect(formatDateTime(new Date('2026-03-04T05:06:00Z'))).toBe('04/03/2026 05:06');
  });

  it('the report window is 30 days ending yesterday', () => {
    const w = reportWindow(NOW);
    expect(w.to).toBe('2026-01-09');
    expect(w.from).toBe('2025-12-11');
    expect(w.days).toHaveLength(30);
    expect(reportEndDate(NOW)).toBe('09/01/2026');
    expect(previousReportWindow(NOW)).toEqual({ from: '2025-11-11', to: '2025-12-10' });
    expect(daysToMs(1)).toBe(86_400_000);
  });

  it('daily series get a point per day; the hourly chart has 24 points for hours 0 to 23', () => {
    const { days } = reportWindow(NOW);
    const daily = fillDailySeries(days, [
      { date: '2026-01-09', count: 3 },
      { date: '2026-01-09T00:00:00Z', count: 1 },
    ]);
    expect(daily).toHaveLength(30);
    expect(daily[29]).toEqual({ date: '2026-01-09', count: 4 });
    expect(daily[0]?.count).toBe(0);
    const hourly = fillHourlySeries([{ hour: 9, count: 12 }]);
    expect(hourly.map((p) => p.hour)).toEqual([...Array(24).keys()]);
    expect(hourly[9]?.count).toBe(12);
  });

  it('deltas show as a percent with one decimal', () => {
    expect(percentDelta(125, 100)).toBe(25);
    expect(percentDelta(1, 3)).toBe(-66.7);
    expect(percentDelta(5, 0)).toBeNull();
    expect(formatPercentDelta(25)).toBe('+25.0%');
    expect(formatPercentDelta(-66.7)).toBe('-66.7%');
    expect(formatPercentDelta(0)).toBe('0.0%');
    expect(formatPercentDelta(null)).toBe('–');
  });
});
