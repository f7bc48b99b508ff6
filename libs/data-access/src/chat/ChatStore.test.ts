import {
  CHAT_RECONNECT_TIMEOUT_MS,
  DISCONNECT_FLOOD_COUNT,
  HISTORY_PAGE_SIZE,
  LAST_ACTIVE_REFRESH_MS,
  LOAD_MORE_DEBOUNCE_MS,
  MARKER_THROTTLE_MS,
  MAX_FILE_SIZE_BYTES,
  MESSAGE_SUBJECTS,
  TEXTS,
  decodeMessageBody,
  fileTooLargeMessage,
} from '@pando/domain';
import { describe, expect, it, vi } from 'vitest';
import type { ChatFile, ChatUploads } from './environment';
import { HISTORY_TIMEOUT_MS } from './historyLoader';
import { MemoryOutboxStorage } from './testing';
import { OUTBOX_BURST, OUTBOX_RATE_PER_SECOND } from './sendPacing';
import { FakeNetworkStatus } from './testing/FakeNetworkStatus';
import { createChatWorld, settle, type TestUser } from './testing/harness';

async function connected(u: TestUser): Promise<void> {
  u.store.start();
  await settle();
  expect(u.store.getSnapshot().connection.status).toBe('online');
}

function bodies(u: TestUser, address: string): string[] {
  return (u.store.getSnapshot().conversations[address]?.messages ?? []).map((m) => m.body ?? '');
}

function file(name: string, size: number, type = 'image/jpeg'): ChatFile {
  const blob = new Blob([new Uint8Array(Math.min(size, 16))], { type });
  return Object.defineProperties(blob, {
    name: { value: name },
    size: { value: size },
  }) as ChatFile;
}

describe('ChatStore — connection (spec 01 §4)', () => {
  it('session started: carbons are enabled, presence is sent, the inbox is requested', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    await connected(a);
    expect(a.transport.carbons).toBe(true);
    expect(a.transport.calls.presence).toBe(1);
    expect(a.transport.calls.inbox).toBe(1);
  });

  it('the availability toggle is sent as presence when it changes and again on every reconnect', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    a.store.setAvailability('UNAVAILABLE'); // chosen before the session: sent at its start
    await connected(a);
    expect(a.transport.presences).toEqual(['UNAVAILABLE']);
    a.store.setAvailability('UNAVAILABLE'); // unchanged: nothing new on the wire
    a.store.setAvailability('AVAILABLE');
    await settle();
    expect(a.transport.presences).toEqual(['UNAVAILABLE', 'AVAILABLE']);
    a.transport.cut();
    await settle();
    a.store.setAvailability('UNAVAILABLE'); // offline: remembered, not sent
    expect(a.transport.presences).toEqual(['UNAVAILABLE', 'AVAILABLE']);
    w.clock.advance(60_000);
    await settle();
    expect(a.store.getSnapshot().connection.status).toBe('online');
    expect(a.transport.presences).toEqual(['UNAVAILABLE', 'AVAILABLE', 'UNAVAILABLE']);
  });

  it('disconnected → automatic reconnect with exponential backoff', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    await connected(a);
    a.transport.failConnects = 2;
    a.transport.cut();
    await settle();
    expect(a.store.getSnapshot().connection.status).toBe('disconnected');
    expect(a.store.getSnapshot().reconnectAt).toBe(w.clock.now() + 1000);
    w.clock.advance(999);
    await settle();
    expect(a.transport.calls.connect).toBe(1);
    w.clock.advance(1);
    await settle(); // attempt 1 fails → next in 2 s
    expect(a.transport.calls.connect).toBe(2);
    expect(a.store.getSnapshot().connection.status).toBe('disconnected');
    w.clock.advance(2000);
    await settle(); // attempt 2 fails → next in 4 s
    expect(a.transport.calls.connect).toBe(3);
    w.clock.advance(3999);
    await settle();
    expect(a.transport.calls.connect).toBe(3);
    w.clock.advance(1);
    await settle();
    expect(a.store.getSnapshot().connection.status).toBe('online');
  });

  it('a connect attempt that does not answer within the 60 s reconnect timeout is abandoned and retried', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    a.transport.hangConnects = true;
    a.store.start();
    await settle();
    expect(a.store.getSnapshot().connection.status).toBe('connecting');
    a.transport.hangConnects = false;
    w.clock.advance(CHAT_RECONNECT_TIMEOUT_MS);
    await settle();
    expect(a.store.getSnapshot().connection).toMatchObject({
      status: 'disconnected',
      reason: 'timeout',
    });
    w.clock.advance(2000);
    await settle();
    expect(a.store.getSnapshot().connection.status).toBe('online');
  });

  it('going offline sets the flag and notifies "You are currently offline, messages can\'t be sent"; online notifies "You are now back online." and reconnects', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    await connected(a);
    a.network.set(false);
    a.transport.cut();
    await settle();
    expect(a.store.getSnapshot().offline).toBe(true);
    expect(a.notices).toEqual([{ kind: 'warning', message: TEXTS.offline }]);
    // No retries while the browser says there is no network.
    expect(a.store.getSnapshot().connection.status).toBe('disconnected');
    expect(a.store.getSnapshot().reconnectAt).toBeNull();
    w.clock.advance(10 * CHAT_RECONNECT_TIMEOUT_MS);
    await settle();
    expect(a.transport.calls.connect).toBe(1);
    a.network.set(true);
    await settle();
    expect(a.store.getSnapshot().offline).toBe(false);
    expect(a.notices.at(-1)).toEqual({ kind: 'success', message: TEXTS.backOnline });
    expect(a.store.getSnapshot().connection.status).toBe('online');
  });

  it('made offline and started once the network is back (the app starts it after the first screen): "You are now back online." and it connects', async () => {
    const w = createChatWorld();
    const network = new FakeNetworkStatus(false);
    const a = w.user(w.alice, 'Alice Adams', { network });
    expect(a.store.getSnapshot().offline).toBe(true);
    network.set(true);
    a.store.start();
    await settle();
    expect(a.store.getSnapshot().offline).toBe(false);
    expect(a.notices).toEqual([{ kind: 'success', message: TEXTS.backOnline }]);
    expect(a.store.getSnapshot().connection.status).toBe('online');
  });

  it('30 disconnects within 2 hours raise an "unstable connection" report and reset the counter', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    await connected(a);
    const reports = () =>
      a.logs.filter((l) => l.level === 'error' && l.message === TEXTS.unstableConnection);
    for (let i = 1; i <= DISCONNECT_FLOOD_COUNT * 2; i++) {
      a.transport.cut();
      await settle();
      w.clock.advance(60_000); // reconnects (1 s backoff) and stays up for the rest of the minute
      await settle();
      if (i === DISCONNECT_FLOOD_COUNT - 1) expect(reports()).toHaveLength(0);
      if (i === DISCONNECT_FLOOD_COUNT) expect(reports()).toHaveLength(1);
    }
    // The counter restarted after the first report, so the 60th disconnect reports again.
    expect(reports()).toHaveLength(2);
  });

  it('stop() ends the session for good: nothing reconnects', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    await connected(a);
    await a.store.stop();
    w.clock.advance(10 * CHAT_RECONNECT_TIMEOUT_MS);
    await settle();
    expect(a.store.getSnapshot().connection.status).toBe('stopped');
    expect(a.transport.calls.connect).toBe(1);
    expect(w.clock.pending).toBe(0);
  });
});

describe('ChatStore — delivery and the durable outbox', () => {
  it('every message has a state: sending, then stored on the server ack', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    await connected(a);
    const states: string[] = [];
    a.store.subscribe(() => {
      const s = a.store.getSnapshot().delivery['web-alice-1'];
      if (s && states.at(-1) !== s) states.push(s);
    });
    await a.store.sendText(w.bob, 'Hello Bob');
    await settle();
    expect(states).toEqual(['queued', 'sending', 'stored']);
    expect(a.store.getSnapshot().outbox).toEqual([]);
  });

  it('queued while there is no connection, then resent in order with the same id on reconnect', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    const b = w.user(w.bob, 'Bob Brown');
    await connected(b);
    w.net.reachable = false;
    a.store.start();
    await settle();
    const ids: string[] = [];
    for (const text of ['one', 'two', 'three']) ids.push((await a.store.sendText(w.bob, text)).id);
    expect(ids.map((id) => a.store.getSnapshot().delivery[id])).toEqual([
      'queued',
      'queued',
      'queued',
    ]);
    w.net.reachable = true;
    w.clock.advance(CHAT_RECONNECT_TIMEOUT_MS);
    await settle();
    expect(w.net.archived(w.alice, w.bob).map((m) => [m.id, m.body])).toEqual([
      [ids[0], 'one'],
      [ids[1], 'two'],
      [ids[2], 'three'],
    ]);
    expect(bodies(b, w.alice)).toEqual(['one', 'two', 'three']);
    // Stored by the server, then Bob's client answered each with a `received` marker.
    expect(ids.map((id) => a.store.getSnapshot().delivery[id])).toEqual([
      'received',
      'received',
      'received',
    ]);
  });

  it('the outbox survives a page reload: a new store over the same storage resends each message exactly once, in order', async () => {
    const w = createChatWorld();
    const storage = new MemoryOutboxStorage();
    const b = w.user(w.bob, 'Bob Brown');
    await connected(b);
    w.net.reachable = false;
    const first = w.user(w.alice, 'Alice Adams', { storage });
    first.store.start();
    await settle();
    for (let i = 1; i <= 10; i++) await first.store.sendText(w.bob, `queued ${i}`);
    await first.store.stop();

    w.net.reachable = true;
    const reloaded = w.user(w.alice, 'Alice Adams', { storage });
    const snapshot = reloaded.store.getSnapshot();
    expect(snapshot.outbox).toHaveLength(10);
    expect(bodies(reloaded, w.bob)).toEqual(
      Array.from({ length: 10 }, (_, i) => `queued ${i + 1}`),
    );
    expect(Object.values(snapshot.delivery)).toEqual(Array(10).fill('queued'));
    await connected(reloaded);
    const expected = Array.from({ length: 10 }, (_, i) => `queued ${i + 1}`);
    expect(w.net.archived(w.alice, w.bob).map((m) => m.body)).toEqual(expected);
    expect(bodies(b, w.alice)).toEqual(expected);
    expect(reloaded.store.getSnapshot().outbox).toEqual([]);
    expect(storage.load()).toEqual([]);
  });

  it('a message written but never acknowledged goes back to queued on disconnect and is stored once after the resend', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    await connected(a);
    w.net.autoAck = false;
    const m = await a.store.sendText(w.bob, 'ack lost');
    await settle();
    expect(a.store.getSnapshot().delivery[m.id]).toBe('sending');
    a.transport.cut();
    await settle();
    expect(a.store.getSnapshot().delivery[m.id]).toBe('queued');
    w.net.autoAck = true;
    w.clock.advance(1000);
    await settle();
    expect(a.store.getSnapshot().delivery[m.id]).toBe('stored');
    expect(w.net.archived(w.alice, w.bob).map((x) => x.id)).toEqual([m.id]);
  });

  it('a message the server refuses is failed, with the failed-send notification', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    await connected(a);
    const strangers = w.net.addRoom('other', [w.bob]);
    const m = await a.store.sendText(strangers, 'let me in');
    await settle();
    expect(a.store.getSnapshot().delivery[m.id]).toBe('failed');
    expect(a.notices).toContainEqual({ kind: 'error', message: TEXTS.sendFailed });
    expect(a.store.getSnapshot().outbox).toEqual([]);
  });

  it('"Cannot send message, agent has disconnected" when there is no connection and the message cannot be queued', async () => {
    const w = createChatWorld();
    const storage = new MemoryOutboxStorage();
    storage.failing = true;
    const a = w.user(w.alice, 'Alice Adams', { storage });
    w.net.reachable = false;
    a.store.start();
    await settle();
    await expect(a.store.sendText(w.bob, 'nowhere to go')).rejects.toThrow(TEXTS.agentDisconnected);
    expect(a.notices).toContainEqual({ kind: 'error', message: TEXTS.agentDisconnected });
    expect(bodies(a, w.bob)).toEqual([]);
  });

  it('a received marker turns a sent message to received, a displayed marker to displayed', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    const b = w.user(w.bob, 'Bob Brown');
    await connected(a);
    await connected(b);
    const first = await a.store.sendText(w.bob, 'first');
    const second = await a.store.sendText(w.bob, 'second');
    await settle();
    expect(a.store.getSnapshot().delivery[second.id]).toBe('received');
    b.store.openConversation(w.alice);
    await settle();
    expect(a.store.getSnapshot().delivery[second.id]).toBe('displayed');
    // One displayed marker for the newest message covers the earlier one too.
    expect(a.store.getSnapshot().delivery[first.id]).toBe('displayed');
    expect(b.transport.sentMarkers.filter((m) => m.marker === 'displayed')).toEqual([
      { to: w.alice, marker: 'displayed', id: second.id },
    ]);
  });

  it('read receipts survive a reload and reach the sender\u2019s other devices (issue 35)', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    const b = w.user(w.bob, 'Bob Brown');
    await connected(a);
    await connected(b);
    const read = await a.store.sendText(w.bob, 'read before the reload');
    await settle();
    b.store.openConversation(w.alice);
    await settle();
    b.store.openConversation(null);
    const delivered = await a.store.sendText(w.bob, 'delivered, not read');
    await settle();
    expect(a.store.getSnapshot().delivery).toMatchObject({
      [read.id]: 'displayed',
      [delivered.id]: 'received',
    });
    // A reload (a new store and tab) and a second device opening the conversation.
    await a.store.stop();
    for (const resource of ['reloaded', 'phone']) {
      const again = w.user(w.alice, 'Alice Adams', { resource });
      await connected(again);
      again.store.openConversation(w.bob);
      await settle();
      expect(again.store.getSnapshot().delivery).toMatchObject({
        [read.id]: 'displayed',
        [delivered.id]: 'received',
      });
    }
  });

  it('a read room message stays read after a reload', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    const b = w.user(w.bob, 'Bob Brown');
    await connected(a);
    await connected(b);
    const sent = await a.store.sendText(w.ward, 'Handover at 8');
    await settle();
    b.store.openConversation(w.ward);
    await settle();
    expect(a.store.getSnapshot().delivery[sent.id]).toBe('displayed');
    await a.store.stop();
    const again = w.user(w.alice, 'Alice Adams', { resource: 'reloaded' });
    await connected(again);
    again.store.openConversation(w.ward);
    await settle();
    expect(again.store.getSnapshot().delivery[sent.id]).toBe('displayed');
  });

  it('a received marker that overtakes the server ack still counts: the message is stored and leaves the outbox', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    const b = w.user(w.bob, 'Bob Brown');
    await connected(a);
    await connected(b);
    w.net.autoAck = false;
    const m = await a.store.sendText(w.bob, 'marker first');
    await settle();
    expect(a.store.getSnapshot().delivery[m.id]).toBe('received');
    expect(a.store.getSnapshot().outbox).toEqual([]);
    // Nothing is resent after a reconnect: the server has it.
    a.transport.cut();
    await settle();
    w.clock.advance(1000);
    await settle();
    expect(w.net.archived(w.alice, w.bob).map((x) => x.id)).toEqual([m.id]);
    expect(a.store.getSnapshot().delivery[m.id]).toBe('received');
  });

  it('a long offline queue is flushed in order at a pace the server accepts (burst 100, then 50/s)', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    w.net.reachable = false;
    a.store.start();
    await settle();
    for (let i = 1; i <= 250; i++) await a.store.sendText(w.bob, `q${i}`);
    w.net.reachable = true;
    w.clock.advance(CHAT_RECONNECT_TIMEOUT_MS);
    await settle();
    expect(w.net.archived(w.alice, w.bob)).toHaveLength(OUTBOX_BURST);
    w.clock.advance(1000);
    await settle();
    expect(w.net.archived(w.alice, w.bob)).toHaveLength(OUTBOX_BURST + OUTBOX_RATE_PER_SECOND);
    w.clock.advance(2000);
    await settle();
    const archived = w.net.archived(w.alice, w.bob).map((m) => m.body);
    expect(archived).toEqual(Array.from({ length: 250 }, (_, i) => `q${i + 1}`));
    expect(a.store.getSnapshot().outbox).toEqual([]);
  });

  it('a failed message can be sent again with the same id', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    await connected(a);
    const room = w.net.addRoom('later', [w.bob]);
    const m = await a.store.sendText(room, 'retry me');
    await settle();
    expect(a.store.getSnapshot().delivery[m.id]).toBe('failed');
    w.net.addMember(room, w.alice);
    a.store.retry(m.id);
    await settle();
    expect(a.store.getSnapshot().delivery[m.id]).toBe('stored');
    expect(w.net.archived(room).map((x) => x.id)).toEqual([m.id]);
  });
});

describe('ChatStore — history (spec 01 §4 message loading)', () => {
  async function withArchive(count: number, gapMs = 1000) {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    const b = w.user(w.bob, 'Bob Brown');
    await connected(b);
    for (let i = 1; i <= count; i++) {
      await b.store.sendText(w.alice, `archived ${i}`);
      w.clock.advance(gapMs);
    }
    await settle();
    await connected(a);
    return { w, a, b };
  }

  it('MAM backward pages of 10 with `with` and `end`: 14 archived messages load as 10 + 4, then "no more"', async () => {
    const { w, a } = await withArchive(14);
    const loading: string[] = [];
    a.store.subscribe(() => {
      const l = a.store.getSnapshot().conversations[w.bob]?.loading.state;
      if (l && loading.at(-1) !== l) loading.push(l);
    });
    a.store.openConversation(w.bob);
    await settle();
    expect(bodies(a, w.bob)).toEqual(Array.from({ length: 10 }, (_, i) => `archived ${i + 5}`));
    expect(a.transport.calls.history[0]).toEqual({
      with: w.bob,
      max: HISTORY_PAGE_SIZE,
      before: '',
    });
    a.store.loadMore(w.bob);
    w.clock.advance(LOAD_MORE_DEBOUNCE_MS);
    await settle();
    const older = a.transport.calls.history[1];
    expect(older).toMatchObject({ with: w.bob, max: HISTORY_PAGE_SIZE });
    expect(older?.before).toMatch(/^\d+$/);
    expect(older?.end).toBe(
      a.store.getSnapshot().conversations[w.bob]?.messages[4]?.sent?.timestamp,
    );
    expect(bodies(a, w.bob)).toEqual(Array.from({ length: 14 }, (_, i) => `archived ${i + 1}`));
    expect(loading).toEqual([
      'fetchedInbox',
      'fetchingInitial',
      'fetched',
      'fetchingMore',
      'fetchedAll',
    ]);
    // A short page is the beginning: fetchedAll at once, no extra round trip…
    expect(a.notices).toEqual([]);
    // …and asking for more there says so, without another query.
    a.store.loadMore(w.bob);
    w.clock.advance(LOAD_MORE_DEBOUNCE_MS);
    await settle();
    expect(a.transport.calls.history).toHaveLength(2);
    expect(a.notices).toEqual([{ kind: 'info', message: TEXTS.noMoreMessages }]);
  });

  it('messages archived in the same millisecond keep archive order across pages', async () => {
    const { w, a } = await withArchive(14, 0);
    a.store.openConversation(w.bob);
    await settle();
    a.store.loadMore(w.bob);
    w.clock.advance(LOAD_MORE_DEBOUNCE_MS);
    await settle();
    expect(bodies(a, w.bob)).toEqual(Array.from({ length: 14 }, (_, i) => `archived ${i + 1}`));
  });

  it('an open conversation that was empty catches up from the start after a reconnect', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    const b = w.user(w.bob, 'Bob Brown');
    await connected(a);
    await connected(b);
    b.store.openConversation(w.ward);
    await settle();
    expect(b.store.getSnapshot().conversations[w.ward]?.loading.state).toBe('fetchedAll');
    b.transport.cut();
    await settle();
    for (let i = 1; i <= 3; i++) await a.store.sendText(w.ward, `while away ${i}`);
    await settle();
    w.clock.advance(1000);
    await settle();
    expect(bodies(b, w.ward)).toEqual(['while away 1', 'while away 2', 'while away 3']);
  });

  it('an empty conversation opened before the session starts (a URL, a bookmark, a reload) loads once connected (issue 35)', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    // The screen opens the conversation first; the chat connects after.
    a.store.openConversation(w.bob);
    await connected(a);
    expect(a.transport.calls.history).toEqual([
      { with: w.bob, max: HISTORY_PAGE_SIZE, before: '' },
    ]);
    // "Beginning of conversation" instead of an endless spinner; the first message adds to it.
    expect(a.store.getSnapshot().conversations[w.bob]?.loading.state).toBe('fetchedAll');
    await a.store.sendText(w.bob, 'Hello');
    await settle();
    expect(a.store.getSnapshot().conversations[w.bob]?.loading.state).toBe('fetchedAll');
    expect(bodies(a, w.bob)).toEqual(['Hello']);
  });

  it('an older-messages fetch that returns nothing notifies that there are no more', async () => {
    const { w, a } = await withArchive(12);
    a.store.openConversation(w.bob);
    await settle();
    expect(a.store.getSnapshot().conversations[w.bob]?.loading.state).toBe('fetched');
    // An archive that says "not complete" yet returns an empty page (messages deleted meanwhile).
    vi.spyOn(a.transport, 'fetchHistory').mockResolvedValueOnce({
      messages: [],
      archiveIds: {},
      complete: false,
    });
    a.store.loadMore(w.bob);
    w.clock.advance(LOAD_MORE_DEBOUNCE_MS);
    await settle();
    expect(a.store.getSnapshot().conversations[w.bob]?.loading.state).toBe('fetchedAll');
    expect(a.notices).toEqual([{ kind: 'info', message: TEXTS.noMoreMessages }]);
  });

  it('a first page that the archive marks complete is fetchedAll without asking again', async () => {
    const { w, a } = await withArchive(HISTORY_PAGE_SIZE);
    a.store.openConversation(w.bob);
    await settle();
    expect(a.store.getSnapshot().conversations[w.bob]?.loading.state).toBe('fetchedAll');
    a.store.loadMore(w.bob);
    w.clock.advance(LOAD_MORE_DEBOUNCE_MS);
    await settle();
    expect(a.transport.calls.history).toHaveLength(1);
    expect(a.notices).toEqual([{ kind: 'info', message: TEXTS.noMoreMessages }]);
  });

  it('load-more is debounced 500 ms', async () => {
    const { w, a } = await withArchive(25);
    a.store.openConversation(w.bob);
    await settle();
    for (let i = 0; i < 4; i++) {
      a.store.loadMore(w.bob);
      w.clock.advance(LOAD_MORE_DEBOUNCE_MS - 1);
      await settle();
    }
    expect(a.transport.calls.history).toHaveLength(1);
    w.clock.advance(1);
    await settle();
    expect(a.transport.calls.history).toHaveLength(2);
  });

  it('a history timeout is logged quietly and leaves the list usable', async () => {
    const { w, a } = await withArchive(3);
    a.transport.holdHistory = true;
    a.store.openConversation(w.bob);
    await settle();
    expect(a.store.getSnapshot().conversations[w.bob]?.loading.state).toBe('fetchingInitial');
    w.clock.advance(HISTORY_TIMEOUT_MS);
    await settle();
    expect(a.store.getSnapshot().conversations[w.bob]?.loading.state).toBe('fetchedInbox');
    expect(a.logs).toContainEqual({ level: 'info', message: 'chat history timed out' });
    expect(a.notices).toEqual([]);
  });

  it('after a reconnect the open conversation catches up on everything missed, in order, without duplicates', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    const b = w.user(w.bob, 'Bob Brown');
    await connected(a);
    await connected(b);
    b.store.openConversation(w.alice);
    await a.store.sendText(w.bob, 'before the cut');
    await settle();
    b.network.set(false); // B stays away until A is done
    b.transport.cut();
    await settle();
    for (let i = 1; i <= 150; i++) await a.store.sendText(w.bob, `missed ${i}`);
    await settle();
    w.clock.advance(2000); // A's outbox pacing
    await settle();
    expect(w.net.archived(w.alice, w.bob)).toHaveLength(151);
    b.network.set(true);
    await settle();
    const expected = [
      'before the cut',
      ...Array.from({ length: 150 }, (_, i) => `missed ${i + 1}`),
    ];
    expect(bodies(b, w.alice)).toEqual(expected);
  });
});

describe('ChatStore — unread counts and markers', () => {
  it('unread counts come from the inbox query at session start', async () => {
    const w = createChatWorld();
    const b = w.user(w.bob, 'Bob Brown');
    await connected(b);
    for (const t of ['1', '2', '3']) await b.store.sendText(w.alice, t);
    await b.store.sendText(w.ward, 'team');
    await settle();
    const a = w.user(w.alice, 'Alice Adams');
    await connected(a);
    expect(a.store.getSnapshot().unread).toEqual({ [w.bob]: 3, [w.ward]: 1 });
    expect(a.store.getSnapshot().conversations[w.bob]?.loading.state).toBe('fetchedInbox');
    expect(a.store.getSnapshot().conversations[w.bob]?.lastMessage?.body).toBe('3');
  });

  it('kept live from incoming messages, and reset (here and on the server) when the conversation is displayed', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    const b = w.user(w.bob, 'Bob Brown');
    await connected(a);
    await connected(b);
    await b.store.sendText(w.alice, 'one');
    await b.store.sendText(w.ward, 'team one');
    await b.store.sendText(w.alice, 'two');
    await settle();
    expect(a.store.getSnapshot().unread).toEqual({ [w.bob]: 2, [w.ward]: 1 });
    a.store.openConversation(w.bob);
    await settle();
    expect(a.store.getSnapshot().unread[w.bob]).toBe(0);
    expect(w.net.unreadOf(w.alice, w.bob)).toBe(0);
    expect(w.net.unreadOf(w.alice, w.ward)).toBe(1);
    // Messages into the open, visible conversation do not count…
    await b.store.sendText(w.alice, 'three');
    await settle();
    expect(a.store.getSnapshot().unread[w.bob]).toBe(0);
    // …but they do while the tab is hidden.
    a.store.setVisible(false);
    await b.store.sendText(w.alice, 'four');
    await settle();
    expect(a.store.getSnapshot().unread[w.bob]).toBe(1);
  });

  it('sending resets the sender\u2019s own count', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    const b = w.user(w.bob, 'Bob Brown');
    await connected(a);
    await connected(b);
    await b.store.sendText(w.ward, 'team');
    await settle();
    expect(a.store.getSnapshot().unread[w.ward]).toBe(1);
    await a.store.sendText(w.ward, 'reply');
    await settle();
    expect(a.store.getSnapshot().unread[w.ward]).toBe(0);
    expect(w.net.unreadOf(w.alice, w.ward)).toBe(0);
  });

  it('displayed markers are throttled to once per 2 s (leading edge) and the highwater marker is sent once', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    const b = w.user(w.bob, 'Bob Brown');
    await connected(a);
    await connected(b);
    a.store.openConversation(w.bob);
    await settle();
    const displayed = () =>
      a.transport.sentMarkers.filter((m) => m.marker === 'displayed').map((m) => m.id);
    const m1 = await b.store.sendText(w.alice, 'm1');
    await settle();
    expect(displayed()).toEqual([m1.id]); // leading edge: at once
    await b.store.sendText(w.alice, 'm2');
    w.clock.advance(500);
    const m3 = await b.store.sendText(w.alice, 'm3');
    await settle();
    expect(displayed()).toEqual([m1.id]);
    w.clock.advance(MARKER_THROTTLE_MS - 500);
    await settle();
    expect(displayed()).toEqual([m1.id, m3.id]);
    // Marking read again with nothing new sends nothing: the highwater goes once.
    w.clock.advance(MARKER_THROTTLE_MS);
    a.store.markRead(w.bob);
    a.store.setVisible(true);
    await settle();
    expect(displayed()).toEqual([m1.id, m3.id]);
  });

  it('carbons sync a second tab: sent messages, unread counts and read state', async () => {
    const w = createChatWorld();
    const tab1 = w.user(w.alice, 'Alice Adams', { resource: 'tab1' });
    const tab2 = w.user(w.alice, 'Alice Adams', { resource: 'tab2' });
    const b = w.user(w.bob, 'Bob Brown');
    await connected(tab1);
    await connected(tab2);
    await connected(b);
    const sent = await tab1.store.sendText(w.bob, 'from tab 1');
    await settle();
    expect(bodies(tab2, w.bob)).toEqual(['from tab 1']);
    // Tab 2 learnt of it by carbon and also saw Bob's `received` marker.
    expect(tab2.store.getSnapshot().delivery[sent.id]).toBe('received');
    await b.store.sendText(w.alice, 'to both tabs');
    await settle();
    expect(tab1.store.getSnapshot().unread[w.bob]).toBe(1);
    expect(tab2.store.getSnapshot().unread[w.bob]).toBe(1);
    tab1.store.openConversation(w.bob);
    await settle();
    expect(tab2.store.getSnapshot().unread[w.bob]).toBe(0);
  });
});

describe('ChatStore — last activity, forums and rich sends', () => {
  it('last activity is refreshed every 15 s for the open conversation only', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    const b = w.user(w.bob, 'Bob Brown');
    await connected(a);
    await connected(b);
    await b.store.stop();
    w.clock.advance(90_000);
    a.store.openConversation(w.bob);
    await settle();
    expect(a.transport.calls.lastActivity).toBe(1);
    expect(a.store.getSnapshot().lastActive[w.bob]).toBe(w.clock.now() - 90_000);
    w.clock.advance(LAST_ACTIVE_REFRESH_MS);
    await settle();
    w.clock.advance(LAST_ACTIVE_REFRESH_MS);
    await settle();
    expect(a.transport.calls.lastActivity).toBe(3);
    a.store.openConversation(w.ward); // a room has no last activity
    w.clock.advance(LAST_ACTIVE_REFRESH_MS * 4);
    await settle();
    expect(a.transport.calls.lastActivity).toBe(3);
  });

  it("asks a person's last activity once, without opening their chat (admin user detail)", async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    const b = w.user(w.bob, 'Bob Brown');
    a.store.askLastActive(w.bob); // not connected yet: nothing asked
    expect(a.transport.calls.lastActivity).toBe(0);
    await connected(a);
    await connected(b);
    await b.store.stop();
    w.clock.advance(120_000);
    a.store.askLastActive(w.bob);
    a.store.askLastActive(w.ward); // a room has no last activity
    await settle();
    expect(a.transport.calls.lastActivity).toBe(1);
    expect(a.store.getSnapshot().lastActive[w.bob]).toBe(w.clock.now() - 120_000);
    expect(a.store.getSnapshot().activeConversation).toBeNull();
    w.clock.advance(LAST_ACTIVE_REFRESH_MS * 3); // asked once, not polled
    await settle();
    expect(a.transport.calls.lastActivity).toBe(1);
  });

  it('sending into a forum adds the sender as a member (through the REST side)', async () => {
    const w = createChatWorld();
    const forum = w.net.addRoom('juniors', [w.bob]);
    const joinForum = vi.fn(async () => {
      w.net.addMember(forum, w.alice);
      await Promise.resolve();
    });
    const a = w.user(w.alice, 'Alice Adams', { joinForum });
    a.store.registerConversations([
      { address: forum, kind: 'forum', name: 'Junior Doctors Forum', id: 9, isMember: false },
    ]);
    await connected(a);
    const m1 = await a.store.sendText(forum, 'hello forum');
    await a.store.sendText(forum, 'again');
    await settle();
    expect(joinForum).toHaveBeenCalledTimes(1);
    expect(a.store.getSnapshot().delivery[m1.id]).toBe('stored');
    expect(w.net.archived(forum).map((m) => m.body)).toEqual(['hello forum', 'again']);
  });

  it('a forum not joined opens on its beginning, not a spinner; joining loads its history (issue 35)', async () => {
    const w = createChatWorld();
    const forum = w.net.addRoom('juniors', [w.bob]);
    const b = w.user(w.bob, 'Bob Brown');
    await connected(b);
    await b.store.sendText(forum, 'Teaching at noon');
    const a = w.user(w.alice, 'Alice Adams');
    a.store.openConversation(forum);
    await connected(a);
    // The room's archive refuses a non-occupant: nothing to wait for.
    expect(a.store.getSnapshot().conversations[forum]?.loading.state).toBe('fetchedAll');
    expect(a.logs).toEqual([]);
    w.net.addMember(forum, w.alice);
    a.transport.emitLater({
      type: 'affiliations',
      room: forum,
      members: [w.alice, w.bob].map((user) => ({ user, affiliation: 'member' })),
    });
    await settle();
    expect(bodies(a, forum)).toEqual(['Teaching at noon']);
    expect(a.store.getSnapshot().conversations[forum]?.loading.state).toBe('fetchedAll');
  });

  // The refusal in forums ("You cannot share patient within a forum") is sends.test.ts's.
  it('a patient card sent through the store reaches the DM encoded as a card', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    await connected(a);
    const card = {
      card_id: 7,
      card_title: 'Bay 2',
      patient_dob: '1950-01-01',
      patient_gender: null,
      patient_identificator: null,
    };
    const sent = await a.store.sendPatientCard(w.bob, card);
    expect(decodeMessageBody(sent.subject, sent.body ?? '').content).toEqual({
      kind: 'patientCard',
      card,
    });
  });

  it('a reply quotes the sender and the message', async () => {
    const w = createChatWorld();
    const a = w.user(w.alice, 'Alice Adams');
    const b = w.user(w.bob, 'Bob Brown');
    await connected(a);
    await connected(b);
    const original = await b.store.sendText(w.alice, 'Can you see bed 4?');
    await settle();
    const quoted = a.store.getSnapshot().conversations[w.bob]?.messages[0];
    expect(quoted?.id).toBe(original.id);
    if (!quoted) return;
    await a.store.sendReply(w.bob, 'On my way', quoted);
    await settle();
    const reply = b.store.getSnapshot().conversations[w.alice]?.messages.at(-1);
    expect(reply?.subject).toBe(MESSAGE_SUBJECTS.REPLY);
    expect(decodeMessageBody(reply?.subject, reply?.body ?? '').content).toEqual({
      kind: 'reply',
      text: 'On my way',
      quoted: { id: original.id, senderName: 'Bob Brown', text: 'Can you see bed 4?' },
    });
  });

  function fakeUploads(overrides: Partial<ChatUploads> = {}): ChatUploads & { calls: string[] } {
    const calls: string[] = [];
    return {
      calls,
      createChatImage: async () => {
        calls.push('POST /images/chat');
        await Promise.resolve();
        return { id: 55 };
      },
      uploadChatImage: async (id, image, onProgress) => {
        calls.push(`PUT /images/chat/${id} ${image.name}`);
        onProgress(0.5);
        await Promise.resolve();
        onProgress(1);
      },
      shareChatImage: async (id, conversation) => {
        calls.push(`share ${id} → ${conversation.kind} ${conversation.name}`);
        await Promise.resolve();
      },
      uploadFile: async (f, conversation) => {
        calls.push(`POST /files ${f.name} → ${conversation.name}`);
        await Promise.resolve();
        return { id: 'f-1' };
      },
      ...overrides,
    };
  }

  it('an image: POST /images/chat → PUT upload with progress → share → message with the image subject', async () => {
    const w = createChatWorld();
    const uploads = fakeUploads();
    const a = w.user(w.alice, 'Alice Adams', { uploads });
    await connected(a);
    const progress: number[] = [];
    a.store.subscribe(() => {
      const values = Object.values(a.store.getSnapshot().uploads);
      if (values[0] !== undefined && progress.at(-1) !== values[0]) progress.push(values[0]);
    });
    const sent = await a.store.sendImage(w.ward, file('xray.jpg', 1000));
    await settle();
    expect(uploads.calls).toEqual([
      'POST /images/chat',
      'PUT /images/chat/55 xray.jpg',
      'share 55 → team Ward 7 Team',
    ]);
    expect(progress).toEqual([0, 0.5, 1]);
    expect(sent.subject).toBe(MESSAGE_SUBJECTS.IMAGE);
    expect(decodeMessageBody(sent.subject, sent.body ?? '').content).toEqual({
      kind: 'image',
      imageId: '55',
      filename: 'xray.jpg',
    });
    expect(a.store.getSnapshot().uploads).toEqual({});
    expect(a.store.getSnapshot().delivery[sent.id]).toBe('stored');
  });

  it('files and images over 26214400 bytes are skipped with a notification naming the file', async () => {
    const w = createChatWorld();
    const uploads = fakeUploads();
    const a = w.user(w.alice, 'Alice Adams', { uploads });
    await connected(a);
    await expect(
      a.store.sendImage(w.bob, file('huge.jpg', MAX_FILE_SIZE_BYTES + 1)),
    ).rejects.toThrow();
    await expect(
      a.store.sendFile(w.bob, file('huge.pdf', MAX_FILE_SIZE_BYTES + 1)),
    ).rejects.toThrow();
    expect(a.notices).toEqual([
      { kind: 'warning', message: fileTooLargeMessage('huge.jpg') },
      { kind: 'warning', message: fileTooLargeMessage('huge.pdf') },
    ]);
    expect(uploads.calls).toEqual([]);
    // Exactly at the limit is allowed.
    await a.store.sendFile(w.bob, file('limit.pdf', MAX_FILE_SIZE_BYTES, 'application/pdf'));
    expect(uploads.calls).toEqual(['POST /files limit.pdf → Bob Brown']);
  });

  it('a file: POST /files with the conversation → file message; each failure gives its notification', async () => {
    const w = createChatWorld();
    const uploads = fakeUploads({
      uploadChatImage: () => Promise.reject(new Error('network')),
    });
    const a = w.user(w.alice, 'Alice Adams', { uploads });
    await connected(a);
    const sent = await a.store.sendFile(w.bob, file('notes.pdf', 2048, 'application/pdf'));
    expect(decodeMessageBody(sent.subject, sent.body ?? '').content).toEqual({
      kind: 'file',
      file: { id: 'f-1', filename: 'notes.pdf', size: 2048, type: 'application/pdf' },
    });
    await expect(a.store.sendImage(w.bob, file('a.jpg', 10))).rejects.toThrow(
      TEXTS.sendImageFailed,
    );
    expect(a.notices).toEqual([{ kind: 'error', message: TEXTS.sendImageFailed }]);
    const failingFiles = w.user(w.alice, 'Alice Adams', {
      uploads: fakeUploads({ uploadFile: () => Promise.reject(new Error('413')) }),
    });
    await connected(failingFiles);
    await expect(failingFiles.store.sendFile(w.bob, file('b.pdf', 10))).rejects.toThrow(
      TEXTS.sendFileFailed,
    );
    expect(failingFiles.notices).toEqual([{ kind: 'error', message: TEXTS.sendFileFailed }]);
  });
});
