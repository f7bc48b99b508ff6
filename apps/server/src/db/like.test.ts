import { describe, expect, it } from 'vitest';
import { containsPattern } from './like.js';

describe('containsPattern', () => {
  it('wraps the lower-cased term in % and escapes LIKE characters so they match themselves', () => {
    expect(containsPattern('Jones')).toBe('%jones%');
    expect(containsPattern('50%_off\\x')).toBe('%50\\%\\_off\\\\x%');
  });

  it('leaves spaces alone (callers decide whether to trim)', () => {
    expect(containsPattern(' a b ')).toBe('% a b %');
  });
});
