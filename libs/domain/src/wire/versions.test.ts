import { describe, expect, it } from 'vitest';
import { ifMatchVersion, isStaleVersion } from './versions';

describe('stale changes (issue 35)', () => {
  it('reads the version an If-Match header names', () => {
    expect(ifMatchVersion('"2026-11-28T07:00:00.000Z"')).toBe('2026-11-28T07:00:00.000Z');
    expect(ifMatchVersion('W/"2026-11-28T07:00:00.000Z"')).toBe('2026-11-28T07:00:00.000Z');
    expect(ifMatchVersion(' 2026-11-28T07:00:00.000Z ')).toBe('2026-11-28T07:00:00.000Z');
    expect(ifMatchVersion(['"a"', '"b"'])).toBe('a');
    for (const none of [undefined, '', '*', '"a", "b"', '""'])
      expect(ifMatchVersion(none)).toBe(undefined);
  });

  it('a change on the stored version passes; on another, or an unreadable one, it is stale', () => {
    const stored = new Date('2026-11-28T07:00:00.000Z');
    expect(isStaleVersion(stored, undefined)).toBe(false);
    expect(isStaleVersion(stored, '2026-11-28T07:00:00Z')).toBe(false);
    expect(isStaleVersion('2026-11-28T07:00:00.000Z', '2026-11-28T08:00:00.000+01:00')).toBe(false);
    expect(isStaleVersion(stored, '2026-11-28T06:59:59.999Z')).toBe(true);
    expect(isStaleVersion(stored, 'yesterday')).toBe(true);
  });
});
