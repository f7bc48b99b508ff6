import { LOAD_MORE_DEBOUNCE_MS, TEXTS, type ChatMessage } from '@pando/domain';
import { describe, expect, it } from 'vitest';
import { HISTORY_TIMEOUT_MS, HistoryLoader } from './historyLoader';
import { createTestCore, settle } from './testing/harness';
import type { HistoryPage, HistoryQuery } from './types';

const bob = 'bob@pando.test';

function archived(n: number, from = `${bob}/web`): ChatMessage {
  return {
    id: `a${n}`,
    from,
    to: 'me@pando.test',
    type: 'chat',
    body: `message ${n}`,
    sent: { timestamp: 1000 + n },
    displayNames: { sender: 'Bob Brown', recipient: 'Me' },
    historical: true,
  };
}

/** An archive answering each query from a script: a page, `hang` (no answer) or an error. */
function setup(answers: (HistoryPage | 'hang' | Error)[]) {
  const t = createTestCore();
  const queries: HistoryQuery[] = [];
  const shown: string[] = [];
  const history = new HistoryLoader({
    core: t.core,
    transport: {
      fetchHistory: (query) => {
        queries.push(query);
        const answer = answers.shift();
        if (answer === undefined) return Promise.reject(new Error('unexpected query'));
        if (answer === 'hang') return new Promise<HistoryPage>(() => undefined);
        if (answer instanceof Error) return Promise.reject(answer);
        return Promise.resolve(answer);
      },
    },
    shown: (address) => shown.push(address),
  });
  const state = () => t.core.snapshot().conversations[bob];
  const bodies = () => state()?.messages.map((m) => m.id) ?? [];
  return { ...t, history, queries, shown, state, bodies };
}

function page(ids: number[], complete = false): HistoryPage {
  return {
    messages: ids.map((n) => archived(n)),
    archiveIds: Object.fromEntries(ids.map((n) => [archived(n).id, String(n)])),
    first: ids.length ? String(ids[0]) : undefined,
    last: ids.length ? String(ids.at(-1)) : undefined,
    complete,
  };
}

describe('HistoryLoader — message loading (spec 01 §4)', () => {
  it('the newest page when a conversation opens; nothing is asked while disconnected', async () => {
    const h = setup([page([11, 12, 13, 14, 15, 16, 17, 18, 19, 20])]);
    h.setConnected(false);
    await h.history.loadInitial(bob);
    expect(h.queries).toEqual([]);
    h.setConnected(true);
    await h.history.loadInitial(bob);
    expect(h.queries).toEqual([{ with: bob, max: 10, before: '' }]);
    expect(h.state()?.loading.state).toBe('fetched');
    expect(h.bodies()).toHaveLength(10);
    expect(h.shown).toEqual([bob]);
  });

  it('older pages start before the oldest archive id held, with `end` at its time; debounced', async () => {
    const h = setup([page([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]), page([8, 9, 10])]);
    await h.history.loadInitial(bob);
    h.history.loadMore(bob);
    h.clock.advance(LOAD_MORE_DEBOUNCE_MS - 1);
    h.history.loadMore(bob);
    h.clock.advance(LOAD_MORE_DEBOUNCE_MS);
    await settle();
    expect(h.queries.slice(1)).toEqual([{ with: bob, max: 10, before: '11', end: 1011 }]);
    expect(h.bodies()).toEqual(
      [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20].map((n) => `a${n}`),
    );
    expect(h.state()?.loading.state).toBe('fetchedAll');
    h.history.loadMore(bob); // the beginning: "no more" without a query
    h.clock.advance(LOAD_MORE_DEBOUNCE_MS);
    await settle();
    expect(h.queries).toHaveLength(2);
    expect(h.notices).toEqual([{ kind: 'info', message: TEXTS.noMoreMessages }]);
  });

  it('a query unanswered after 20 s is logged quietly and the list can load again', async () => {
    const h = setup(['hang', page([1, 2])]);
    const loading = h.history.loadInitial(bob);
    await settle();
    expect(h.state()?.loading.state).toBe('fetchingInitial');
    h.clock.advance(HISTORY_TIMEOUT_MS);
    await loading;
    expect(h.logs).toEqual([{ level: 'info', message: 'chat history timed out' }]);
    expect(h.notices).toEqual([]);
    await h.history.loadInitial(bob);
    expect(h.bodies()).toEqual(['a1', 'a2']);
  });

  it('a failed query is logged as a warning and leaves the loading state usable', async () => {
    const h = setup([new Error('item-not-found')]);
    await h.history.loadInitial(bob);
    expect(h.logs).toEqual([{ level: 'warn', message: 'chat history failed' }]);
    expect(h.state()?.loading.state).not.toBe('fetchingInitial');
  });

  it('after a reconnect a loaded conversation pages forward from the newest archive id, until complete', async () => {
    const h = setup([
      page([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]),
      page([21, 22]),
      page([23], true),
    ]);
    await h.history.loadInitial(bob);
    h.history.noteLive(bob, '20');
    await h.history.catchUp();
    expect(h.queries.slice(1)).toEqual([
      { with: bob, max: 100, after: '20' },
      { with: bob, max: 100, after: '22' },
    ]);
    expect(h.bodies().slice(-3)).toEqual(['a21', 'a22', 'a23']);
  });

  it('a reconnect while older messages were loading still catches up on what was missed (CI 2026-11-29)', async () => {
    // The older page was asked on the connection that died: it is never answered.
    const h = setup([page([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]), 'hang', page([21, 22], true)]);
    await h.history.loadInitial(bob);
    h.history.noteLive(bob, '20');
    h.history.loadMore(bob);
    h.clock.advance(LOAD_MORE_DEBOUNCE_MS);
    await settle();
    expect(h.state()?.loading.state).toBe('fetchingMore');
    await h.history.catchUp();
    expect(h.queries.at(-1)).toEqual({ with: bob, max: 100, after: '20' });
    expect(h.bodies().slice(-2)).toEqual(['a21', 'a22']);
  });

  it('the archive\u2019s markers restore Delivered/Read on our own messages, also on older pages loaded later (issue 35)', async () => {
    const mine = (n: number) => ({ ...archived(n, 'me@pando.test/web'), id: `mine${n}` });
    const ownPage = (ns: number[], complete: boolean): HistoryPage => ({
      messages: ns.map(mine),
      archiveIds: Object.fromEntries(ns.map((n) => [`mine${n}`, String(n)])),
      first: String(ns[0]),
      last: String(ns.at(-1)),
      complete,
      // Our server sends each reader's latest markers with every page of the conversation.
      markers: [
        { from: bob, type: 'displayed', id: 'mine13' },
        { from: bob, type: 'received', id: 'mine20' },
        { from: 'me@pando.test', type: 'displayed', id: 'mine20' },
      ],
    });
    const h = setup([
      ownPage([11, 12, 13, 14, 15, 16, 17, 18, 19, 20], false),
      { ...ownPage([9, 10], true), markers: [] },
    ]);
    await h.history.loadInitial(bob);
    const delivery = () => h.core.snapshot().delivery;
    expect(delivery()).toMatchObject({
      mine11: 'displayed',
      mine13: 'displayed',
      mine14: 'received',
      mine20: 'received',
    });
    h.history.loadMore(bob);
    h.clock.advance(LOAD_MORE_DEBOUNCE_MS);
    await settle();
    expect(delivery()).toMatchObject({ mine9: 'displayed', mine10: 'displayed' });
  });

  it('our own messages in a page are proven stored', async () => {
    const own = { ...archived(5, 'me@pando.test/web'), id: 'mine' };
    const h = setup([
      { messages: [own], archiveIds: { mine: '5' }, first: '5', last: '5', complete: true },
    ]);
    h.core.set({ delivery: { mine: 'sending' } });
    await h.history.loadInitial(bob);
    expect(h.core.snapshot().delivery.mine).toBe('stored');
  });
});
