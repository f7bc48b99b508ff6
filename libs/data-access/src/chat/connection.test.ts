import { CHAT_RECONNECT_TIMEOUT_MS } from '@pando/domain';
import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './connection';

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
