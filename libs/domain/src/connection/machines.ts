import { HISTORY_PAGE_SIZE } from '../chat/constants';
import { TEXTS } from '../texts/texts';
import type { HISTORY_FETCH_STATES } from './constants';

// ---------------------------------------------------------------------------------------------
// Chat connection (spec 01 §4): connecting, session started, disconnected (auto-reconnect).
// The offline flag is separate: the browser going offline is not the same as the socket dying.
// ---------------------------------------------------------------------------------------------

export type ConnectionStatus =
  | { status: 'idle' }
  | { status: 'connecting'; attempt: number }
  /** Session started: carbons enabled, presence sent, inbox requested (the transport's job). */
  | { status: 'online'; since: number }
  | { status: 'disconnected'; attempt: number; reason: string | null }
  | { status: 'stopped' };

export type ConnectionEvent =
  | { type: 'CONNECT' }
  | { type: 'SESSION_STARTED'; at: number }
  | { type: 'DISCONNECTED'; reason?: string }
  | { type: 'RECONNECT' }
  | { type: 'STOP' };

export const INITIAL_CONNECTION: ConnectionStatus = { status: 'idle' };

export function connectionTransition(
  state: ConnectionStatus,
  event: ConnectionEvent,
): ConnectionStatus {
  switch (event.type) {
    case 'CONNECT':
      return state.status === 'idle' || state.status === 'stopped'
        ? { status: 'connecting', attempt: 1 }
        : state;
    case 'SESSION_STARTED':
      return state.status === 'connecting' ? { status: 'online', since: event.at } : state;
    case 'DISCONNECTED':
      if (state.status === 'stopped' || state.status === 'idle') return state;
      return {
        status: 'disconnected',
        attempt: state.status === 'connecting' ? state.attempt : 0,
        reason: event.reason ?? null,
      };
    case 'RECONNECT':
      return state.status === 'disconnected'
        ? { status: 'connecting', attempt: state.attempt + 1 }
        : state;
    case 'STOP':
      return { status: 'stopped' };
  }
}

/** Spec 01 §7: sending with no connection fails. */
export function canSend(state: ConnectionStatus, offline: boolean): boolean {
  return state.status === 'online' && !offline;
}

/** Offline flag change → the notice to show (spec 01 §8), null when nothing changed. */
export function offlineNotice(wasOffline: boolean, isOffline: boolean): string | null {
  if (wasOffline === isOffline) return null;
  return isOffline ? TEXTS.offline : TEXTS.backOnline;
}

// ---------------------------------------------------------------------------------------------
// Message loading (spec 01 §4): none, fetchedInbox, fetchingInitial, fetched, fetchingMore,
// fetchedAll. One per conversation.
// ---------------------------------------------------------------------------------------------

export type MessageLoading =
  | { state: 'none' }
  | { state: 'fetchedInbox' }
  | { state: 'fetchingInitial' }
  | { state: 'fetched'; oldestId: string | null }
  | { state: 'fetchingMore'; oldestId: string | null }
  | { state: 'fetchedAll' };

export type MessageLoadingEvent =
  | { type: 'INBOX_FETCHED' }
  | { type: 'FETCH_INITIAL' }
  | { type: 'FETCH_MORE' }
  | { type: 'PAGE_LOADED'; count: number; oldestId: string | null; complete?: boolean }
  | { type: 'FETCH_FAILED' };

export const INITIAL_MESSAGE_LOADING: MessageLoading = { state: 'none' };

/**
 * Pure transition. A page shorter than the page size (10), or one the archive marks complete,
 * means there is nothing older: fetchedAll. A failed fetch goes back to where it came from so
 * the sentinel can retry.
 */
export function messageLoadingTransition(
  state: MessageLoading,
  event: MessageLoadingEvent,
): MessageLoading {
  switch (event.type) {
    case 'INBOX_FETCHED':
      return state.state === 'none' ? { state: 'fetchedInbox' } : state;
    case 'FETCH_INITIAL':
      return state.state === 'none' || state.state === 'fetchedInbox'
        ? { state: 'fetchingInitial' }
        : state;
    case 'FETCH_MORE':
      return state.state === 'fetched'
        ? { state: 'fetchingMore', oldestId: state.oldestId }
        : state;
    case 'PAGE_LOADED': {
      if (state.state !== 'fetchingInitial' && state.state !== 'fetchingMore') return state;
      if (event.complete === true || event.count < HISTORY_PAGE_SIZE)
        return { state: 'fetchedAll' };
      return { state: 'fetched', oldestId: event.oldestId };
    }
    case 'FETCH_FAILED':
      if (state.state === 'fetchingInitial') return { state: 'fetchedInbox' };
      if (state.state === 'fetchingMore') return { state: 'fetched', oldestId: state.oldestId };
      return state;
  }
}

/** Spec 01 §4: an older-messages fetch that returns nothing notifies that there are no more. */
export function noMoreMessagesNotice(
  previous: MessageLoading,
  event: MessageLoadingEvent,
): boolean {
  return previous.state === 'fetchingMore' && event.type === 'PAGE_LOADED' && event.count === 0;
}

/** Whether the top sentinel should ask for older messages. */
export function canLoadMore(state: MessageLoading): boolean {
  return state.state === 'fetched';
}

export type HistoryFetchState = (typeof HISTORY_FETCH_STATES)[number];

/** The history fetch state of spec 01 §4 for a loading state (null before any history fetch). */
export function historyFetchState(state: MessageLoading): HistoryFetchState | null {
  switch (state.state) {
    case 'fetchingInitial':
    case 'fetchingMore':
      return 'FETCHING_MORE';
    case 'fetched':
      return 'FETCHED';
    case 'fetchedAll':
      return 'FETCHED_ALL';
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Async requests (spec 01 §4, spec 02 §3): idle, loading, succeeded, failed.
// ---------------------------------------------------------------------------------------------

export type AsyncRequest<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'succeeded'; data: T }
  | { status: 'failed'; error: string };

export type AsyncEvent<T> =
  | { type: 'START' }
  | { type: 'SUCCEED'; data: T }
  | { type: 'FAIL'; error: string }
  | { type: 'RESET' };

export function asyncTransition<T>(state: AsyncRequest<T>, event: AsyncEvent<T>): AsyncRequest<T> {
  switch (event.type) {
    case 'START':
      return { status: 'loading' };
    case 'SUCCEED':
      return state.status === 'loading' ? { status: 'succeeded', data: event.data } : state;
    case 'FAIL':
      return state.status === 'loading' ? { status: 'failed', error: event.error } : state;
    case 'RESET':
      return { status: 'idle' };
  }
}

// ---------------------------------------------------------------------------------------------
// Displayed markers (spec 01 §4): sent for messages from others, throttled to once per 2 s,
// leading edge.
// ---------------------------------------------------------------------------------------------

/** Leading-edge throttle decision: send now if nothing was sent in the last `intervalMs`. */
export function throttleAllows(
  lastSentAt: number | null,
  now: number,
  intervalMs: number,
): boolean {
  return lastSentAt === null || now - lastSentAt >= intervalMs;
}

/**
 * Where an outgoing message is (spec 01 §4 "Delivery markers", plus the durable outbox): queued
 * (no connection; in the outbox), sending (written to the socket), stored (the server
 * acknowledged it), received and displayed (the recipient's markers), failed (refused, or it could
 * not be uploaded or queued). The one copy for the chat store and the message bubble.
 */
export type DeliveryState = 'queued' | 'sending' | 'stored' | 'received' | 'displayed' | 'failed';

/** Marker icon of a sent message (spec 01 §4): received, then displayed once marked displayed. */
export function deliveryIcon(
  marker: 'markable' | 'received' | 'displayed' | 'acknowledged' | null,
): 'pending' | 'received' | 'displayed' {
  if (marker === 'displayed') return 'displayed';
  if (marker === 'received' || marker === 'acknowledged') return 'received';
  return 'pending';
}
