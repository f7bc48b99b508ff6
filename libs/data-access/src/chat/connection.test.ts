import { CHAT_RECONNECT_TIMEOUT_MS } from '@pando/domain';
import { describe, expect, it } from 'vitest';
import {
  DISCONNECT_FLOOD_COUNT,
  DISCONNECT_FLOOD_WINDOW_MS,
  nextConnectionState,
  reconnectDelay,
  recordDisconnect,
  type ChatConnectionState,
} from './connection';

describe('chat connection state machine (spec 01 §4)', () => {
  const idle: ChatConnectionState = { status: 'idle' };

  it('connecting → session started → disconnected → connecting again', () => {
    const connecting = nextConnectionState(idle, { type: 'connect' });
    expect(connecting).toEqual({ status: 'connecting', attempt: 1 });
    const started = nextConnectionState(connecting, { type: 'sessionStarted', at: 5 });
    expect(started).toEqual({ status: 'sessionStarted', since: 5 });
    const lost = nextConnectionState(started, {
      type: 'disconnected',
      reason: 'socket closed',
      retryAt: 1005,
    });
    expect(lost).toEqual({
      status: 'disconnected',
      reason: 'socket closed',
      attempt: 0,
      retryAt: 1005,
    });
    expect(nextConnectionState(lost, { type: 'connect' })).toEqual({
      status: 'connecting',
      attempt: 1,
    });
  });

  it('failed attempts count up, so the backoff grows', () => {
    let s = nextConnectionState(idle, { type: 'connect' });
    s = nextConnectionState(s, { type: 'connectFailed', reason: 'refused', retryAt: 1 });
    s = nextConnectionState(s, { type: 'connect' });
    expect(s).toEqual({ status: 'connecting', attempt: 2 });
  });

  it('stopped is final: late events never resurrect a logged-out client', () => {
    const stopped = nextConnectionState({ status: 'sessionStarted', since: 1 }, { type: 'stop' });
    expect(stopped).toEqual({ status: 'stopped' });
    for (const event of [
      { type: 'connect' },
      { type: 'sessionStarted', at: 2 },
      { type: 'disconnected', reason: 'x', retryAt: null },
      { type: 'connectFailed', reason: 'x', retryAt: null },
    ] as const) {
      expect(nextConnectionState(stopped, event)).toBe(stopped);
    }
  });

  it('events out of place leave the state unchanged', () => {
    const started: ChatConnectionState = { status: 'sessionStarted', since: 1 };
    expect(nextConnectionState(started, { type: 'connect' })).toBe(started);
    expect(
      nextConnectionState(started, { type: 'connectFailed', reason: 'late', retryAt: 1 }),
    ).toBe(started);
    expect(nextConnectionState(idle, { type: 'disconnected', reason: 'x', retryAt: 1 })).toBe(idle);
  });
});

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

describe('disconnect flood (spec 01 §8: 30 within 2 hours)', () => {
  it('reports at the 30th disconnect within 2 hours and resets the counter', () => {
    let recent: number[] = [];
    const reports: number[] = [];
    for (let i = 1; i <= DISCONNECT_FLOOD_COUNT; i++) {
      const r = recordDisconnect(recent, i * 60_000);
      recent = r.recent;
      if (r.unstable) reports.push(i);
    }
    expect(reports).toEqual([DISCONNECT_FLOOD_COUNT]);
    expect(recent).toEqual([]);
  });

  it('disconnects older than 2 hours do not count', () => {
    let recent: number[] = [];
    const spacing = DISCONNECT_FLOOD_WINDOW_MS / (DISCONNECT_FLOOD_COUNT - 1) + 1;
    for (let i = 0; i < DISCONNECT_FLOOD_COUNT * 3; i++) {
      const r = recordDisconnect(recent, i * spacing);
      expect(r.unstable).toBe(false);
      recent = r.recent;
    }
  });
});
