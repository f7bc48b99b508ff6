import {
  HISTORY_PAGE_SIZE,
  INITIAL_MESSAGE_LOADING,
  LOAD_MORE_DEBOUNCE_MS,
  TEXTS,
  isRoomJid,
  messageTime,
  noMoreMessagesNotice,
  type ChatMessage,
  type MessageLoadingEvent,
} from '@pando/domain';
import type { TimerHandle } from './clock';
import { errorText } from './environment';
import { HistoryCursors } from './historyCursors';
import { deliveryAfterMarker, isOwnMessage, upgradeDelivery } from './messages';
import { addMessages, conversationIn, loadingEvent, type StoreCore } from './snapshot';
import type { ChatTransport, HistoryMarker, HistoryPage, HistoryQuery } from './types';

/**
 * How long a history (MAM) query may take before we give up on it. The spec only says "a
 * history timeout is logged quietly"; 20 s is well past a healthy answer (milliseconds) and
 * leaves the list usable: the loading state goes back and the next scroll retries.
 */
export const HISTORY_TIMEOUT_MS = 20_000;
/**
 * Page size of the forward catch-up after a reconnect. Not the spec's page of 10 (that is for
 * scrolling back): catching up on a busy ward's hour away should take a few round trips, not
 * dozens. 100 is our server's MAM maximum.
 */
const CATCH_UP_PAGE_SIZE = 100;

/** What history loading needs beyond the store's core. */
export interface HistoryHost {
  readonly core: StoreCore;
  readonly transport: Pick<ChatTransport, 'fetchHistory'>;
  /** New messages are on screen in `address`: marks it read when the user is reading it. */
  shown(address: string): void;
}

/**
 * History loading (spec 01 §4 "message loading"): the newest page when a conversation opens,
 * older pages from the top sentinel (debounced), each query with its timeout, and the forward
 * catch-up of every loaded conversation after a reconnect. The loading states are the
 * domain's machine, in the snapshot; the archive ids are `HistoryCursors`'.
 */
export class HistoryLoader {
  private readonly cursors = new HistoryCursors();
  private readonly loadMoreTimers = new Map<string, TimerHandle>();
  /** Rooms whose archive refused us (not an occupant: a forum not joined yet). */
  private readonly refused = new Set<string>();
  /** Markers the archive returned, per conversation: they also cover older pages loaded later. */
  private readonly markers = new Map<string, Map<string, HistoryMarker>>();

  constructor(private readonly host: HistoryHost) {}

  /** A live message with its archive id: the catch-up starts after it. */
  noteLive(address: string, archiveId: string): void {
    this.cursors.note(address, archiveId, 'newest');
  }

  /** The newest page of a conversation (MAM backward, page of 10). */
  async loadInitial(address: string): Promise<void> {
    const { core } = this.host;
    if (!core.connected()) return; // the session start loads the open conversation
    const previous = loadingEvent(core, address, { type: 'FETCH_INITIAL' });
    // Only none/fetchedInbox fetch the first page; anything else is loading or loaded already.
    if (previous === conversationIn(core.snapshot(), address).loading) return;
    await this.fetchBackward(address, { with: address, max: HISTORY_PAGE_SIZE, before: '' });
    this.host.shown(address);
  }

  /**
   * Older messages, when the top sentinel shows (spec 01 §2). Debounced 500 ms (spec 01 §9);
   * a page of 10 before the oldest we hold, with `end` at its time.
   *
   * Spec 01 §4: an older-messages fetch that returns nothing notifies that there are no more.
   * Decision: a page shorter than 10 (or one the archive marks complete) already means the
   * beginning, so the list shows "beginning of conversation" without another round trip; asking
   * for more after that notifies the same "no more" without a query.
   */
  loadMore(address: string): void {
    const { clock } = this.host.core;
    const pending = this.loadMoreTimers.get(address);
    if (pending !== undefined) clock.clearTimeout(pending);
    this.loadMoreTimers.set(
      address,
      clock.setTimeout(() => {
        this.loadMoreTimers.delete(address);
        void this.fetchOlder(address);
      }, LOAD_MORE_DEBOUNCE_MS),
    );
  }

  /**
   * After a reconnect: page forward from the newest archive id we hold (or, when we never saw
   * one, from the newest message's time, or from the start of an empty conversation), so
   * nothing sent while we were away is missed. Conversations never opened need nothing: the
   * inbox brought their counts and last messages. The open conversation gets its first page
   * even when nothing of it is held yet (issue 35: an empty conversation opened by URL, a
   * bookmark or a reload, before the session started, is in no inbox).
   */
  async catchUp(): Promise<void> {
    const { core } = this.host;
    const state = core.snapshot();
    const active = state.activeConversation;
    const walk = Object.values(state.conversations);
    if (active !== null && !(active in state.conversations))
      walk.push(conversationIn(state, active));
    for (const conv of walk) {
      // Loading older messages counts as loaded: that query may have gone out on the connection
      // that died, and waiting for it skipped the catch-up, so what was sent meanwhile only
      // showed after a reload (reconnect.spec in CI, 2026-11-29).
      const loaded =
        conv.loading.state === 'fetched' ||
        conv.loading.state === 'fetchedAll' ||
        conv.loading.state === 'fetchingMore';
      if (!loaded) {
        if (conv.address === core.snapshot().activeConversation)
          await this.loadInitial(conv.address);
        continue;
      }
      const newestKnown = this.cursors.get(conv.address)?.newestArchiveId;
      const newest = conv.messages.at(-1);
      const from: Pick<HistoryQuery, 'after' | 'start'> =
        newestKnown !== undefined
          ? { after: newestKnown }
          : newest?.sent
            ? { after: '0', start: messageTime(newest) }
            : { after: '0' };
      let query: HistoryQuery = { with: conv.address, max: CATCH_UP_PAGE_SIZE, ...from };
      for (;;) {
        if (!core.connected()) return;
        const page = await this.fetchPage(query);
        if (page === 'timeout') {
          core.logger.info('chat catch-up timed out', { address: conv.address });
          break;
        }
        this.applyPage(conv.address, conv.type, page, false);
        if (page.complete || !page.last || page.messages.length === 0) break;
        query = { with: conv.address, max: CATCH_UP_PAGE_SIZE, after: page.last };
      }
      this.host.shown(conv.address);
    }
  }

  /**
   * We became an occupant of `room` (a MUC Light affiliation message naming us): a room whose
   * archive refused us before loads its history now.
   */
  joined(room: string): void {
    if (!this.refused.delete(room)) return;
    const { core } = this.host;
    const state = core.snapshot();
    const conv = conversationIn(state, room);
    core.set({
      conversations: {
        ...state.conversations,
        [room]: { ...conv, loading: INITIAL_MESSAGE_LOADING },
      },
    });
    if (state.activeConversation === room) void this.loadInitial(room);
  }

  stop(): void {
    for (const t of this.loadMoreTimers.values()) this.host.core.clock.clearTimeout(t);
    this.loadMoreTimers.clear();
  }

  private async fetchOlder(address: string): Promise<void> {
    const { core } = this.host;
    const conv = conversationIn(core.snapshot(), address);
    if (conv.loading.state === 'fetchedAll') {
      core.notice('info', TEXTS.noMoreMessages);
      return;
    }
    if (conv.loading.state === 'none' || conv.loading.state === 'fetchedInbox') {
      await this.loadInitial(address);
      return;
    }
    if (conv.loading.state !== 'fetched' || !core.connected()) return;
    const cursor = this.cursors.get(address);
    const oldest = conv.messages[0];
    loadingEvent(core, address, { type: 'FETCH_MORE' });
    await this.fetchBackward(address, {
      with: address,
      max: HISTORY_PAGE_SIZE,
      before: cursor?.oldestArchiveId ?? '',
      ...(oldest ? { end: messageTime(oldest) } : {}),
    });
  }

  /** One backward page: messages in, loading state on, "no more" when it came back empty. */
  private async fetchBackward(address: string, query: HistoryQuery): Promise<void> {
    const { core } = this.host;
    let page: HistoryPage | 'timeout';
    try {
      page = await this.fetchPage(query);
    } catch (err) {
      const initial = conversationIn(core.snapshot(), address).loading.state === 'fetchingInitial';
      if (initial && isRoomJid(address) && /item-not-found/.test(errorText(err))) {
        // Not an occupant: a forum the person has not joined (spec 01 §4: posting joins it).
        // Its archive is not theirs to read, so there is nothing to wait for: the list shows its
        // beginning, not a spinner, and joining loads the history (`joined`).
        this.refused.add(address);
        loadingEvent(core, address, {
          type: 'PAGE_LOADED',
          count: 0,
          oldestId: null,
          complete: true,
        });
        return;
      }
      core.logger.warn('chat history failed', { address, reason: errorText(err) });
      loadingEvent(core, address, { type: 'FETCH_FAILED' });
      return;
    }
    if (page === 'timeout') {
      core.logger.info('chat history timed out', { address });
      loadingEvent(core, address, { type: 'FETCH_FAILED' });
      return;
    }
    this.applyPage(address, conversationIn(core.snapshot(), address).type, page, true);
    const event: MessageLoadingEvent = {
      type: 'PAGE_LOADED',
      count: page.messages.length,
      oldestId: page.first ?? null,
      complete: page.complete,
    };
    const previous = loadingEvent(core, address, event);
    if (noMoreMessagesNotice(previous, event)) core.notice('info', TEXTS.noMoreMessages);
  }

  private async fetchPage(query: HistoryQuery): Promise<HistoryPage | 'timeout'> {
    const { clock } = this.host.core;
    const timer: { handle?: TimerHandle } = {};
    const timeout = new Promise<'timeout'>((resolve) => {
      timer.handle = clock.setTimeout(() => {
        resolve('timeout');
      }, HISTORY_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.host.transport.fetchHistory(query), timeout]);
    } finally {
      if (timer.handle !== undefined) clock.clearTimeout(timer.handle);
    }
  }

  /**
   * A page's messages into the conversation; our own among them are proven stored, and the
   * others' received/displayed markers the archive returned make them Delivered/Read again
   * (issue 35: after a reload and on our other devices, as they were live).
   */
  private applyPage(
    address: string,
    type: ChatMessage['type'],
    page: HistoryPage,
    older: boolean,
  ): void {
    const { core } = this.host;
    if (page.first) this.cursors.note(address, page.first, 'oldest');
    if (page.last) this.cursors.note(address, page.last, 'newest');
    const own = page.messages.filter((m) => isOwnMessage(m, core.me));
    if (own.length > 0) {
      const delivery = { ...core.snapshot().delivery };
      for (const m of own) delivery[m.id] = upgradeDelivery(delivery[m.id], 'stored');
      core.set({ delivery });
    }
    addMessages(core, address, type, page.messages, older);
    this.applyMarkers(address, page.markers ?? []);
  }

  private applyMarkers(address: string, fresh: readonly HistoryMarker[]): void {
    const { core } = this.host;
    let known = this.markers.get(address);
    for (const k of fresh) {
      if (k.from === core.me) continue;
      if (!known) this.markers.set(address, (known = new Map<string, HistoryMarker>()));
      known.set(`${k.from}\n${k.type}\n${k.id}`, k);
    }
    if (!known) return;
    const state = core.snapshot();
    const messages = conversationIn(state, address).messages;
    let delivery = state.delivery;
    for (const k of known.values())
      delivery = deliveryAfterMarker(delivery, messages, core.me, { type: k.type, id: k.id });
    if (delivery !== state.delivery) core.set({ delivery });
  }
}
