import { describe, expect, it } from 'vitest';
import { isHeaderSearchVisible } from './shellRules';

describe('isHeaderSearchVisible', () => {
  it.each([
    ['/', true],
    ['/search', true],
    ['/teams/12', true],
    ['/patients', false],
    ['/patients/42', false],
    ['/manage', false],
    ['/manage/users', false],
    ['/patientsearch', true],
  ])('search box hidden on /patients and /manage: %s → %s', (path, visible) => {
    expect(isHeaderSearchVisible(path)).toBe(visible);
  });
});
