import { CHAT_RECONNECT_TIMEOUT_MS, TEXTS } from '@pando/domain';
import { describe, expect, it } from 'vitest';
import { ConnectionSupervisor, reconnectDelay } from './connection';
import { createTestCore, settle } from './testing/harness';

describe('reconnect backoff (chat reconnect timeout 60 s)', () => {
  it('doubles from 1 s and never exceeds the 60 s reconnect timeout', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4, 5].map((n) => reconnectDelay(n, mid))).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000,
    ]);
    for (const r of [0, 0.5, 0.999])
      expect(reconnectDelay(40, () => r)).toBeLessThanOrEqual(CHAT_RECONNECT_TIMEOUT_MS);
  });

  it('jitters within ±25 %', () => {
    expect(reconnectDelay(2, () => 0)).toBe(3000);
    expect(reconnectDelay(2, () => 1)).toBe(5000);
  });
});

describe('ConnectionSupervisor (spec 01 §4)', () => {
  function setup(offline = false) {
    const t = createTestCore();
    t.core.set({ offline });
    let connects = 0;
    let answer: (() => void) | null = null;
    let sessions = 0;
    const supervisor = new ConnectionSupervisor({
      core: t.core,
      random: () => 0.5,
      transport: {
        connect: () => {
          connects++;
          return new Promise<void>((resolve) => {
            answer = resolve;
          });
        },
        disconnect: () => Promise.resolve(),
      },
      sessionStarted: () => {
        sessions++;
        return Promise.resolve();
      },
    });
    return {
      ...t,
      supervisor,
      connects: () => connects,
      sessions: () => sessions,
      answer: () => answer?.(),
      status: () => t.core.snapshot().connection.status,
    };
  }

  it('offline at start: no attempt and none scheduled; back online: one attempt at once, with the notice', async () => {
    const s = setup(true);
    s.supervisor.start();
    expect(s.status()).toBe('disconnected');
    expect(s.core.snapshot().reconnectAt).toBeNull();
    s.clock.advance(CHAT_RECONNECT_TIMEOUT_MS * 2);
    expect(s.connects()).toBe(0);
    s.supervisor.networkChanged(true);
    expect(s.core.snapshot().offline).toBe(false);
    expect(s.notices).toEqual([{ kind: 'success', message: TEXTS.backOnline }]);
    expect(s.connects()).toBe(1);
    s.answer();
    await settle();
    expect(s.status()).toBe('online');
    expect(s.sessions()).toBe(1);
  });

  it('a connect that answers after stop() is not ours: no session starts, nothing is scheduled', async () => {
    const s = setup();
    s.supervisor.start();
    expect(s.status()).toBe('connecting');
    s.supervisor.stop();
    s.answer();
    await settle();
    expect(s.status()).toBe('stopped');
    expect(s.sessions()).toBe(0);
    s.clock.advance(CHAT_RECONNECT_TIMEOUT_MS * 2);
    expect(s.connects()).toBe(1);
  });

  it('a lost session is disconnected, with the next attempt after 1 s (±25 %)', async () => {
    const s = setup();
    s.supervisor.start();
    s.answer();
    await settle();
    const seq = s.supervisor.session;
    s.supervisor.disconnected('socket closed');
    expect(s.supervisor.isCurrent(seq)).toBe(false);
    expect(s.status()).toBe('disconnected');
    expect(s.core.snapshot().reconnectAt).toBe(s.clock.now() + 1000);
    s.clock.advance(1000);
    expect(s.connects()).toBe(2);
  });
});
