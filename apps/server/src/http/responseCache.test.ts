import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ServerEvents } from '../events.js';
import { ResponseCache, responseCache } from './responseCache.js';

const body = (s: string) => Buffer.from(s);

describe('ResponseCache', () => {
  it('keeps an answer for its TTL only', () => {
    const c = new ResponseCache(1000, 1 << 20);
    c.set('k', 1, body('a'), {}, c.begin(), 0);
    expect(c.get('k', 999)?.toString()).toBe('a');
    expect(c.get('k', 1000)).toBeUndefined();
    expect(c.size).toBe(0);
    // A clock that went backwards does not keep an entry alive either.
    c.set('k', 1, body('a'), {}, c.begin(), 5000);
    expect(c.get('k', 4000)).toBeUndefined();
  });

  it("forgets exactly the answers that show a changed user: the viewer's own, or one naming them", () => {
    const c = new ResponseCache(60_000, 1 << 20);
    c.set('alice', 1, body('a'), { users: [3] }, c.begin(), 0);
    c.set('bob', 2, body('b'), {}, c.begin(), 0);
    c.set('search', 2, body('s'), { directory: true }, c.begin(), 0);
    c.forgetUsers([9]);
    // Nobody shows user 9 except the search, which shows anyone.
    expect(c.get('alice', 1)?.toString()).toBe('a');
    expect(c.get('bob', 1)?.toString()).toBe('b');
    expect(c.get('search', 1)).toBeUndefined();
    c.forgetUsers([3]);
    expect(c.get('alice', 1)).toBeUndefined();
    expect(c.get('bob', 1)?.toString()).toBe('b');
    c.forgetUsers([2]);
    expect(c.get('bob', 1)).toBeUndefined();
  });

  it('forgets the answers showing a changed team and every answer of the people who joined or left it', () => {
    const c = new ResponseCache(60_000, 1 << 20);
    c.set('alice', 1, body('a'), { teams: [10, 11] }, c.begin(), 0);
    c.set('bob', 2, body('b'), { teams: [11] }, c.begin(), 0);
    c.set('carol', 3, body('c'), { teams: [12] }, c.begin(), 0);
    c.forgetTeams([10], [3]);
    expect(c.get('alice', 1)).toBeUndefined();
    expect(c.get('bob', 1)?.toString()).toBe('b');
    // carol's list did not show team 10 yet: she is the one who joined it.
    expect(c.get('carol', 1)).toBeUndefined();
  });

  it('does not store an answer computed while something was forgotten (the race with a write)', () => {
    const c = new ResponseCache(60_000, 1 << 20);
    const started = c.begin();
    c.forgetTeams([10]);
    c.set('alice', 1, body('stale'), { teams: [10] }, started, 0);
    expect(c.get('alice', 1)).toBeUndefined();
    c.set('alice', 1, body('fresh'), { teams: [10] }, c.begin(), 0);
    expect(c.get('alice', 1)?.toString()).toBe('fresh');
  });

  it('bounds the bytes it holds, dropping the oldest first', () => {
    const c = new ResponseCache(60_000, 10);
    c.set('a', 1, body('12345'), {}, c.begin(), 0);
    c.set('b', 2, body('12345'), {}, c.begin(), 0);
    expect(c.heldBytes).toBe(10);
    c.set('c', 3, body('123'), {}, c.begin(), 0);
    expect(c.get('a', 1)).toBeUndefined();
    expect(c.get('b', 1)?.toString()).toBe('12345');
    expect(c.heldBytes).toBe(8);
    // Replacing a key counts its bytes once; a body over the bound is not kept at all.
    c.set('c', 3, body('1234'), {}, c.begin(), 0);
    expect(c.heldBytes).toBe(9);
    c.set('d', 4, body('12345678901'), {}, c.begin(), 0);
    expect(c.get('d', 1)).toBeUndefined();
    expect(c.heldBytes).toBe(9);
  });

  it('shares one computation between concurrent misses of a key, within one generation only', async () => {
    const c = new ResponseCache(60_000, 1 << 20);
    let runs = 0;
    const gates: (() => void)[] = [];
    const compute = () => {
      runs++;
      const n = runs;
      return new Promise<{ body: Buffer; deps: object }>((resolve) => {
        gates.push(() => {
          resolve({ body: body(`v${n}`), deps: { teams: [10] } });
        });
      });
    };
    const first = c.getOrCompute('k', 1, () => 0, compute);
    const second = c.getOrCompute('k', 1, () => 0, compute);
    expect(runs).toBe(1);
    // A write lands: a call arriving now must not get the answer computed before it.
    c.forgetTeams([10]);
    const third = c.getOrCompute('k', 1, () => 0, compute);
    expect(runs).toBe(2);
    for (const open of gates) open();
    expect((await first).toString()).toBe('v1');
    expect((await second).toString()).toBe('v1');
    expect((await third).toString()).toBe('v2');
    // Only the computation that started after the write was kept.
    expect(c.get('k', 1)?.toString()).toBe('v2');
  });

  it('passes a failed computation to every caller that shared it and keeps nothing', async () => {
    const c = new ResponseCache(60_000, 1 << 20);
    const failing = () => Promise.reject(new Error('database down'));
    await expect(c.getOrCompute('k', 1, () => 0, failing)).rejects.toThrow('database down');
    expect(c.size).toBe(0);
    const ok = await c.getOrCompute(
      'k',
      1,
      () => 0,
      () => Promise.resolve({ body: body('ok'), deps: {} }),
    );
    expect(ok.toString()).toBe('ok');
  });
});

describe('responseCache(app)', () => {
  const fakeApp = (redisUrl: string | undefined) =>
    ({ config: { redisUrl }, events: new ServerEvents() }) as unknown as FastifyInstance;

  it('is off when several processes share the database (REDIS_URL)', () => {
    expect(responseCache(fakeApp('redis://127.0.0.1:6379'))).toBeNull();
  });

  it('forgets on the server events', () => {
    const app = fakeApp(undefined);
    const c = responseCache(app);
    if (!c) throw new Error('expected a cache');
    expect(responseCache(app)).toBe(c);
    const fill = () => {
      c.set('alice', 1, body('a'), { users: [5], teams: [10] }, c.begin(), Date.now());
      c.set('bob', 2, body('b'), { teams: [20] }, c.begin(), Date.now());
    };
    const held = () => ['alice', 'bob'].filter((k) => c.get(k, Date.now()) !== undefined);
    fill();
    app.events.emit('team:changed', { teamId: 10, userIds: [] });
    expect(held()).toEqual(['bob']);
    fill();
    app.events.emit('team:changed', { teamId: 99, userIds: [2] });
    expect(held()).toEqual(['alice']);
    fill();
    app.events.emit('advice:changed', { adviceId: 1, teamId: 20, requestorId: 7 });
    expect(held()).toEqual(['alice']);
    fill();
    app.events.emit('advice:changed', { adviceId: 1, teamId: 30, requestorId: 1 });
    expect(held()).toEqual(['bob']);
    fill();
    app.events.emit('user:changed', { userId: 5 });
    expect(held()).toEqual(['bob']);
    fill();
    app.events.emit('user:blocked', { userId: 2 });
    expect(held()).toEqual(['alice']);
  });
});
