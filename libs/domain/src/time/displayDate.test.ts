import { describe, expect, it } from 'vitest';
import { formatIsoDate, maskDisplayDate, parseDisplayDate } from './format';

describe('calendar dates on screen (dd/mm/yyyy) and on the wire (ISO)', () => {
  it('shows an ISO date of birth as dd/mm/yyyy, and leaves anything else as it is', () => {
    expect(formatIsoDate('1948-03-14')).toBe('14/03/1948');
    expect(formatIsoDate('')).toBe('');
    expect(formatIsoDate('14/03/19')).toBe('14/03/19');
  });

  it('reads day first, whatever the separator, into ISO', () => {
    expect(parseDisplayDate('14/03/1948')).toEqual({ kind: 'date', iso: '1948-03-14' });
    expect(parseDisplayDate(' 1.3.1948 ')).toEqual({ kind: 'date', iso: '1948-03-01' });
    expect(parseDisplayDate('01-12-2026')).toEqual({ kind: 'date', iso: '2026-12-01' });
    expect(parseDisplayDate('14031948')).toEqual({ kind: 'date', iso: '1948-03-14' });
    expect(parseDisplayDate('29/02/2024')).toEqual({ kind: 'date', iso: '2024-02-29' });
    expect(parseDisplayDate('   ')).toEqual({ kind: 'empty' });
  });

  it('refuses what is not a day of the calendar, saying how to write it', () => {
    for (const text of [
      '31/02/2020',
      '29/02/2023',
      '12/13/1948',
      '00/01/2000',
      '14/03/48',
      'soon',
    ]) {
      expect(parseDisplayDate(text)).toEqual({
        kind: 'invalid',
        message: 'Enter a real date as dd/mm/yyyy, for example 14/03/1948.',
      });
    }
    // mm/dd/yyyy as an en-US browser would write it is not read as a date.
    expect(parseDisplayDate('03/14/1948').kind).toBe('invalid');
  });

  it('types the slashes while typing forward, never while deleting', () => {
    expect(maskDisplayDate('14', '1')).toBe('14/');
    expect(maskDisplayDate('14/03', '14/0')).toBe('14/03/');
    expect(maskDisplayDate('1/03', '1/0')).toBe('1/03/');
    expect(maskDisplayDate('14031948', '')).toBe('14/03/1948');
    expect(maskDisplayDate('14/03/1', '14/03/')).toBe('14/03/1');
    expect(maskDisplayDate('14//', '14/')).toBe('14/');
    expect(maskDisplayDate('14/03//', '14/03/')).toBe('14/03/');
    expect(maskDisplayDate('14', '14/')).toBe('14');
    expect(maskDisplayDate('14/0', '14/03')).toBe('14/0');
  });
  it('formats round trip', () => {
    const parsed = parseDisplayDate(formatIsoDate('2001-09-30'));
    expect(parsed).toEqual({ kind: 'date', iso: '2001-09-30' });
  });
});
