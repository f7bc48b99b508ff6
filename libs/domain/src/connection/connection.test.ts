import { describe, expect, it } from 'vitest';
import { INITIAL_DISCONNECT_FLOOD, recordDisconnect } from './disconnectFlood';
import {
  asyncTransition,
  canLoadMore,
  canSend,
  connectionTransition,
  deliveryIcon,
  historyFetchState,
  INITIAL_CONNECTION,
  INITIAL_MESSAGE_LOADING,
  messageLoadingTransition,
  noMoreMessagesNotice,
  offlineNotice,
  throttleAllows,
  type AsyncRequest,
  type MessageLoading,
} from './machines';

const HOUR = 3_600_000;

describe('disconnect flood (spec 01 §8, §9)', () => {
  it('30 or more disconnects within 2 hours raise a report and reset the counter', () => {
    let state = INITIAL_DISCONNECT_FLOOD;
    const reports: number[] = [];
    for (let i = 0; i < 61; i++) {
      const r = recordDisconnect(state, i * 60_000);
      state = r.state;
      if (r.report) reports.push(i);
    }
    expect(reports).toEqual([29, 59]);
    expect(state.disconnects).toEqual([60 * 60_000]);
  });

  it('disconnects older than 2 hours do not count', () => {
    let state = INITIAL_DISCONNECT_FLOOD;
    let reported = false;
    for (let i = 0; i < 60; i++) {
      const r = recordDisconnect(state, i * (5 * 60_000));
      state = r.state;
      reported ||= r.report;
    }
    expect(reported).toBe(false);
    expect(state.disconnects.length).toBeLessThan(30);
    expect(recordDisconnect({ disconnects: [0] }, 2 * HOUR).state.disconnects).toEqual([2 * HOUR]);
  });
});

describe('chat connection (spec 01 §4)', () => {
  it('connecting → session started → disconnected → reconnecting', () => {
    let s = connectionTransition(INITIAL_CONNECTION, { type: 'CONNECT' });
    expect(s).toEqual({ status: 'connecting', attempt: 1 });
    expect(connectionTransition(s, { type: 'CONNECT' })).toBe(s);
    s = connectionTransition(s, { type: 'SESSION_STARTED', at: 5 });
    expect(s).toEqual({ status: 'online', since: 5 });
    expect(canSend(s, false)).toBe(true);
    expect(canSend(s, true)).toBe(false);
    expect(connectionTransition(s, { type: 'SESSION_STARTED', at: 9 })).toBe(s);
    s = connectionTransition(s, { type: 'DISCONNECTED', reason: 'socket closed' });
    expect(s).toEqual({ status: 'disconnected', attempt: 0, reason: 'socket closed' });
    expect(canSend(s, false)).toBe(false);
    s = connectionTransition(s, { type: 'RECONNECT' });
    expect(s).toEqual({ status: 'connecting', attempt: 1 });
    s = connectionTransition(s, { type: 'DISCONNECTED' });
    expect(s).toEqual({ status: 'disconnected', attempt: 1, reason: null });
    expect(connectionTransition(s, { type: 'RECONNECT' })).toEqual({
      status: 'connecting',
      attempt: 2,
    });
  });

  it('stop ends reconnecting; disconnects after stop are ignored', () => {
    const stopped = connectionTransition({ status: 'online', since: 1 }, { type: 'STOP' });
    expect(stopped).toEqual({ status: 'stopped' });
    expect(connectionTransition(stopped, { type: 'DISCONNECTED' })).toBe(stopped);
    expect(connectionTransition(stopped, { type: 'RECONNECT' })).toBe(stopped);
    expect(connectionTransition(INITIAL_CONNECTION, { type: 'DISCONNECTED' })).toBe(
      INITIAL_CONNECTION,
    );
    expect(connectionTransition(stopped, { type: 'CONNECT' }).status).toBe('connecting');
  });

  it('going offline or online sets the flag and notifies', () => {
    expect(offlineNotice(false, true)).toBe("You are currently offline, messages can't be sent");
    expect(offlineNotice(true, false)).toBe('You are now back online.');
    expect(offlineNotice(true, true)).toBeNull();
  });
});

describe('message loading (spec 01 §4)', () => {
  const step = (s: MessageLoading, e: Parameters<typeof messageLoadingTransition>[1]) =>
    messageLoadingTransition(s, e);

  it('none → fetchedInbox → fetchingInitial → fetched → fetchingMore → fetchedAll', () => {
    let s = step(INITIAL_MESSAGE_LOADING, { type: 'INBOX_FETCHED' });
    expect(s).toEqual({ state: 'fetchedInbox' });
    s = step(s, { type: 'FETCH_INITIAL' });
    expect(s).toEqual({ state: 'fetchingInitial' });
    expect(historyFetchState(s)).toBe('FETCHING_MORE');
    s = step(s, { type: 'PAGE_LOADED', count: 10, oldestId: 'm10' });
    expect(s).toEqual({ state: 'fetched', oldestId: 'm10' });
    expect(canLoadMore(s)).toBe(true);
    expect(historyFetchState(s)).toBe('FETCHED');
    const more = step(s, { type: 'FETCH_MORE' });
    expect(more).toEqual({ state: 'fetchingMore', oldestId: 'm10' });
    const event = { type: 'PAGE_LOADED', count: 0, oldestId: null } as const;
    expect(noMoreMessagesNotice(more, event)).toBe(true);
    s = step(more, event);
    expect(s).toEqual({ state: 'fetchedAll' });
    expect(historyFetchState(s)).toBe('FETCHED_ALL');
    expect(canLoadMore(s)).toBe(false);
  });

  it('a short page or a complete archive means fetchedAll', () => {
    expect(
      step({ state: 'fetchingInitial' }, { type: 'PAGE_LOADED', count: 3, oldestId: 'a' }),
    ).toEqual({ state: 'fetchedAll' });
    expect(
      step(
        { state: 'fetchingMore', oldestId: 'a' },
        { type: 'PAGE_LOADED', count: 10, oldestId: 'b', complete: true },
      ),
    ).toEqual({ state: 'fetchedAll' });
    expect(
      noMoreMessagesNotice(
        { state: 'fetchingMore', oldestId: 'a' },
        { type: 'PAGE_LOADED', count: 3, oldestId: 'b' },
      ),
    ).toBe(false);
  });

  it('a failed fetch returns to where it came from; stray events change nothing', () => {
    expect(step({ state: 'fetchingInitial' }, { type: 'FETCH_FAILED' })).toEqual({
      state: 'fetchedInbox',
    });
    expect(step({ state: 'fetchingMore', oldestId: 'x' }, { type: 'FETCH_FAILED' })).toEqual({
      state: 'fetched',
      oldestId: 'x',
    });
    const fetched: MessageLoading = { state: 'fetched', oldestId: 'x' };
    expect(step(fetched, { type: 'FETCH_FAILED' })).toBe(fetched);
    expect(step(fetched, { type: 'INBOX_FETCHED' })).toBe(fetched);
    expect(step(fetched, { type: 'FETCH_INITIAL' })).toBe(fetched);
    expect(step(fetched, { type: 'PAGE_LOADED', count: 1, oldestId: null })).toBe(fetched);
    expect(step({ state: 'none' }, { type: 'FETCH_MORE' })).toEqual({ state: 'none' });
    expect(step({ state: 'none' }, { type: 'FETCH_INITIAL' })).toEqual({
      state: 'fetchingInitial',
    });
    expect(historyFetchState({ state: 'none' })).toBeNull();
  });
});

describe('async request (idle, loading, succeeded, failed)', () => {
  it('moves through its states and ignores late answers', () => {
    let s: AsyncRequest<number> = { status: 'idle' };
    expect(asyncTransition(s, { type: 'SUCCEED', data: 1 })).toBe(s);
    s = asyncTransition(s, { type: 'START' });
    expect(s).toEqual({ status: 'loading' });
    expect(asyncTransition(s, { type: 'SUCCEED', data: 2 })).toEqual({
      status: 'succeeded',
      data: 2,
    });
    s = asyncTransition(s, { type: 'FAIL', error: 'boom' });
    expect(s).toEqual({ status: 'failed', error: 'boom' });
    expect(asyncTransition(s, { type: 'FAIL', error: 'again' })).toBe(s);
    expect(asyncTransition(s, { type: 'RESET' })).toEqual({ status: 'idle' });
  });
});

describe('markers (spec 01 §4)', () => {
  it('displayed markers are throttled to once per 2 s, leading edge', () => {
    expect(throttleAllows(null, 0, 2000)).toBe(true);
    expect(throttleAllows(0, 1999, 2000)).toBe(false);
    expect(throttleAllows(0, 2000, 2000)).toBe(true);
  });

  it('a sent message shows received, and displayed once its marker is displayed', () => {
    expect(deliveryIcon(null)).toBe('pending');
    expect(deliveryIcon('markable')).toBe('pending');
    expect(deliveryIcon('received')).toBe('received');
    expect(deliveryIcon('acknowledged')).toBe('received');
    expect(deliveryIcon('displayed')).toBe('displayed');
  });
});
