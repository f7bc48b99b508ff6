import { describe, expect, it } from 'vitest';
import { SessionCache } from './sessionCache.js';

const entry = (sessionId: number, userId: number) => ({
  value: `s${sessionId}`,
  sessionId,
  userId,
});

describe('SessionCache', () => {
  it('answers for ttlMs after the store, then forgets (and never for a clock that went back)', () => {
    const cache = new SessionCache<string>(5_000, 10);
    cache.set('a', entry(1, 1), cache.begin(), 1_000);
    expect(cache.get('a', 1_000)?.value).toBe('s1');
    expect(cache.get('a', 5_999)?.value).toBe('s1');
    expect(cache.get('a', 6_000)).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set('b', entry(2, 1), cache.begin(), 10_000);
    expect(cache.get('b', 9_000)).toBeUndefined();
  });

  it('forgets by session and by user', () => {
    const cache = new SessionCache<string>(5_000, 10);
    cache.set('a', entry(1, 7), cache.begin(), 0);
    cache.set('b', entry(2, 7), cache.begin(), 0);
    cache.set('c', entry(3, 8), cache.begin(), 0);
    cache.forgetSession(1);
    expect([cache.get('a', 1), cache.get('b', 1)?.value]).toEqual([undefined, 's2']);
    cache.forgetUser(7);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 1)?.value).toBe('s3');
    cache.delete('c');
    expect(cache.size).toBe(0);
    cache.set('d', entry(4, 9), cache.begin(), 0);
    cache.clear();
    expect(cache.get('d', 1)).toBeUndefined();
  });

  it('does not store a lookup that ran while something was forgotten (logout during the lookup)', () => {
    const cache = new SessionCache<string>(5_000, 10);
    for (const forget of [
      () => {
        cache.forgetSession(1);
      },
      () => {
        cache.forgetUser(1);
      },
      () => {
        cache.delete('x');
      },
      () => {
        cache.clear();
      },
    ]) {
      const startedIn = cache.begin();
      forget();
      cache.set('a', entry(1, 1), startedIn, 0);
      expect(cache.get('a', 1)).toBeUndefined();
    }
    cache.set('a', entry(1, 1), cache.begin(), 0);
    expect(cache.get('a', 1)?.value).toBe('s1');
  });

  it('keeps at most maxEntries, dropping the oldest stores first', () => {
    const cache = new SessionCache<string>(5_000, 2);
    cache.set('a', entry(1, 1), cache.begin(), 0);
    cache.set('b', entry(2, 2), cache.begin(), 0);
    cache.set('a', entry(1, 1), cache.begin(), 1);
    cache.set('c', entry(3, 3), cache.begin(), 2);
    expect(cache.size).toBe(2);
    expect(cache.get('b', 3)).toBeUndefined();
    expect(cache.get('a', 3)?.value).toBe('s1');
    expect(cache.get('c', 3)?.value).toBe('s3');
  });

  it('stores nothing with a TTL of 0 (cache off)', () => {
    const cache = new SessionCache<string>(0, 10);
    cache.set('a', entry(1, 1), cache.begin(), 0);
    expect(cache.size).toBe(0);
  });
});
