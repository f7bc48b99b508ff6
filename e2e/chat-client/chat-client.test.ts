import { HISTORY_PAGE_SIZE, TEXTS, roomJid } from '@pando/domain';
import { ChatStore } from '@pando/data-access';
import { MemoryOutboxStorage } from '@pando/data-access/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  bodiesFrom,
  chatClient,
  started,
  startTestServer,
  until,
  type Account,
  type ChatClient,
  type TestServer,
} from './harness';

let ts: TestServer;
let alice: Account;
let bob: Account;
let domain: string;
const clients: ChatClient[] = [];

function client(acc: Account, options?: Parameters<typeof chatClient>[2]): ChatClient {
  const c = chatClient(ts, acc, options);
  clients.push(c);
  return c;
}

/** A MUC Light room with alice and bob, made the way the REST side makes one. */
async function room(name: string): Promise<string> {
  const mimId = `e2e-${name}-${Date.now().toString(36)}`;
  await ts.app.chat.rooms.setAffiliations(mimId, { added: [alice.uuid, bob.uuid] });
  return roomJid(mimId, domain);
}

beforeAll(async () => {
  ts = await startTestServer();
  alice = await account(ts, 'alice@example.org');
  bob = await account(ts, 'bob@example.org');
  domain = alice.jid.slice(alice.jid.indexOf('@') + 1);
});

afterAll(async () => {
  for (const c of clients) await c.store.stop().catch(() => undefined);
  await ts.close();
});

describe('chat client against the real server (two clients, Node 22)', () => {
  it('a direct message and a team message arrive live', async () => {
    const a = client(alice);
    const b = client(bob);
    await started(a);
    await started(b);
    const ward = await room('ward');
    const dm = await a.store.sendText(bob.jid, 'Bed 4 needs review');
    await until(b, (s) => bodiesFrom(s, alice.jid).includes('Bed 4 needs review'), 'the DM at bob');
    const team = await a.store.sendText(ward, 'Handover at 8');
    await until(b, (s) => bodiesFrom(s, ward).includes('Handover at 8'), 'the team message at bob');
    const received = b.store
      .getSnapshot()
      .conversations[alice.jid]?.messages.find((m) => m.id === dm.id);
    expect(received?.displayNames?.sender).toBe(alice.name);
    expect(received?.sent?.timestamp).toBeGreaterThan(Date.now() - 60_000);
    await until(
      a,
      (s) => s.delivery[dm.id] === 'received' && s.delivery[team.id] === 'stored',
      'delivery states',
    );
    expect(b.store.getSnapshot().unread[alice.jid]).toBe(1);
    expect(b.store.getSnapshot().unread[ward]).toBe(1);
    await a.store.stop();
    await b.store.stop();
  });

  it('14 archived messages page as 10 + 4, then "no more"', async () => {
    const a = client(alice);
    await started(a);
    const r = await room('paging');
    const sent: string[] = [];
    for (let i = 1; i <= 14; i++) sent.push((await a.store.sendText(r, `archived ${i}`)).id);
    await until(a, (s) => sent.every((id) => s.delivery[id] === 'stored'), 'all 14 stored');
    const b = client(bob);
    await started(b);
    b.store.openConversation(r);
    await until(b, (s) => s.conversations[r]?.loading.state === 'fetched', 'first page');
    expect(bodiesFrom(b.store.getSnapshot(), r)).toEqual(
      Array.from({ length: HISTORY_PAGE_SIZE }, (_, i) => `archived ${i + 5}`),
    );
    b.store.loadMore(r);
    await until(b, (s) => s.conversations[r]?.loading.state === 'fetchedAll', 'second page');
    expect(bodiesFrom(b.store.getSnapshot(), r)).toEqual(
      Array.from({ length: 14 }, (_, i) => `archived ${i + 1}`),
    );
    // Scrolling up once more at the beginning says there is no more, without another query.
    b.store.loadMore(r);
    const deadline = Date.now() + 5000;
    while (b.notices.length === 0 && Date.now() < deadline)
      await new Promise((res) => setTimeout(res, 20));
    expect(b.notices).toEqual([{ kind: 'info', message: TEXTS.noMoreMessages }]);
    await a.store.stop();
    await b.store.stop();
  });

  it('unread counts come from the inbox at session start and are reset by a displayed marker', async () => {
    const a = client(alice);
    await started(a);
    const r = await room('unread');
    const ids: string[] = [];
    for (const t of ['one', 'two', 'three']) ids.push((await a.store.sendText(r, t)).id);
    await until(a, (s) => ids.every((id) => s.delivery[id] === 'stored'), 'stored');
    const b = client(bob);
    await started(b);
    await until(b, (s) => s.unread[r] === 3, 'inbox count 3');
    b.store.openConversation(r);
    await until(b, (s) => s.unread[r] === 0 && s.readMarkers[r] === ids[2], 'read');
    // The server reset the count too: a fresh session's inbox says 0.
    await b.store.stop();
    const again = client(bob);
    await started(again);
    await until(again, (s) => r in s.unread, 'inbox entry');
    expect(again.store.getSnapshot().unread[r]).toBe(0);
    // And alice sees that bob displayed her last message.
    await until(a, (s) => s.delivery[ids[2] ?? ''] === 'displayed', 'displayed at alice');
    await a.store.stop();
    await again.store.stop();
  });

  it('read receipts survive a reload: alice sends, bob reads, alice reloads and still sees Read (issue 35)', async () => {
    const a = client(alice);
    const b = client(bob);
    await started(a);
    await started(b);
    const read = await a.store.sendText(bob.jid, `read before the reload ${Date.now()}`);
    await until(b, (s) => bodiesFrom(s, alice.jid).includes(read.body ?? ''), 'the DM at bob');
    b.store.openConversation(alice.jid);
    await until(a, (s) => s.delivery[read.id] === 'displayed', 'Read, live');
    b.store.openConversation(null);
    const delivered = await a.store.sendText(bob.jid, `delivered, not read ${Date.now()}`);
    await until(a, (s) => s.delivery[delivered.id] === 'received', 'Delivered, live');
    await a.store.stop();

    // The reload: a new store; the same person's second device would do the same.
    const reloaded = client(alice);
    await started(reloaded);
    reloaded.store.openConversation(bob.jid);
    await until(
      reloaded,
      (s) => s.conversations[bob.jid]?.messages.some((m) => m.id === delivered.id) === true,
      'history after the reload',
    );
    await until(
      reloaded,
      (s) => s.delivery[read.id] === 'displayed' && s.delivery[delivered.id] === 'received',
      'Read and Delivered after the reload',
      5_000,
    );
    await reloaded.store.stop();
    await b.store.stop();
  });

  it('a room not joined opens on its beginning (the archive refuses a non-occupant); joining loads its history', async () => {
    const mimId = `e2e-notjoined-${Date.now().toString(36)}`;
    await ts.app.chat.rooms.setAffiliations(mimId, { added: [bob.uuid] });
    const r = roomJid(mimId, domain);
    const b = client(bob);
    await started(b);
    const first = await b.store.sendText(r, 'Teaching at noon');
    await until(b, (s) => s.delivery[first.id] === 'stored', 'stored');
    const a = client(alice);
    a.store.openConversation(r);
    await started(a);
    await until(a, (s) => s.conversations[r]?.loading.state === 'fetchedAll', 'no endless spinner');
    await ts.app.chat.rooms.setAffiliations(mimId, { added: [alice.uuid] });
    await until(a, (s) => bodiesFrom(s, r).includes('Teaching at noon'), 'history after joining');
    await a.store.stop();
    await b.store.stop();
  });

  it('carbons sync a second tab', async () => {
    const tab1 = client(alice, { resource: 'tab1' });
    const tab2 = client(alice, { resource: 'tab2' });
    const b = client(bob);
    await started(tab1);
    await started(tab2);
    await started(b);
    const sent = await tab1.store.sendText(bob.jid, 'sent from tab 1');
    await until(
      tab2,
      (s) => bodiesFrom(s, bob.jid).includes('sent from tab 1'),
      'carbon of the sent message',
    );
    expect(tab2.store.getSnapshot().delivery[sent.id]).toMatch(/stored|received/);
    await b.store.sendText(alice.jid, 'to both tabs');
    await until(tab1, (s) => (s.unread[bob.jid] ?? 0) >= 1, 'unread in tab 1');
    await until(tab2, (s) => (s.unread[bob.jid] ?? 0) >= 1, 'unread in tab 2');
    tab1.store.openConversation(bob.jid);
    await until(tab2, (s) => s.unread[bob.jid] === 0, 'tab 2 sees it read');
    for (const c of [tab1, tab2, b]) await c.store.stop();
  });

  it('the reconnect test: B’s socket is cut, A sends 100, B reconnects with all 100 in order and no duplicates (5 runs)', async () => {
    const a = client(alice);
    const b = client(bob);
    await started(a);
    await started(b);
    const r = await room('reconnect');
    b.store.openConversation(r);
    await until(b, (s) => s.conversations[r]?.loading.state === 'fetchedAll', 'empty room loaded');
    const expected: string[] = [];
    const catchUpMs: number[] = [];
    for (let run = 1; run <= 5; run++) {
      // Hold B's reconnect until A has sent everything, so the 100 really happen while B is away.
      b.network.set(false);
      b.transport.dropConnection();
      await until(b, (s) => s.connection.status === 'disconnected', `run ${run}: B disconnected`);
      const ids: string[] = [];
      for (let i = 1; i <= 100; i++) {
        const text = `run ${run} message ${i}`;
        expected.push(text);
        ids.push((await a.store.sendText(r, text)).id);
      }
      await until(
        a,
        (s) => ids.every((id) => s.delivery[id] === 'stored'),
        `run ${run}: all stored`,
      );
      b.network.set(true);
      const back = Date.now();
      await until(
        b,
        (s) => bodiesFrom(s, r).length >= expected.length,
        `run ${run}: B caught up`,
        60_000,
      );
      catchUpMs.push(Date.now() - back);
      const got = bodiesFrom(b.store.getSnapshot(), r);
      expect(got).toEqual(expected);
      const ids2 = b.store.getSnapshot().conversations[r]?.messages.map((m) => m.id) ?? [];
      expect(new Set(ids2).size).toBe(ids2.length);
    }
    // Measured: from B's network coming back to all messages on screen (reconnect + catch-up).
    console.info(`reconnect catch-up ms per run: ${catchUpMs.join(', ')}`);
    await a.store.stop();
    await b.store.stop();
  });

  it('the outbox test: A offline queues 10, reloads, reconnects; B receives each exactly once, in order', async () => {
    const storage = new MemoryOutboxStorage();
    const b = client(bob);
    await started(b);
    const first = client(alice, { storage });
    await started(first);
    first.network.set(false);
    first.transport.dropConnection();
    await until(first, (s) => s.connection.status === 'disconnected', 'A offline');
    expect(first.notices).toContainEqual({ kind: 'warning', message: TEXTS.offline });
    const texts = Array.from({ length: 10 }, (_, i) => `queued offline ${i + 1}`);
    for (const t of texts) await first.store.sendText(bob.jid, t);
    const queued = first.store.getSnapshot();
    expect(queued.outbox).toHaveLength(10);
    expect(queued.outbox.map((id) => queued.delivery[id])).toEqual(Array(10).fill('queued'));
    await first.store.stop();

    // "Reload": a new store instance over the same storage.
    const reloaded = client(alice, { storage });
    expect(reloaded.store).toBeInstanceOf(ChatStore);
    expect(reloaded.store.getSnapshot().outbox).toEqual(queued.outbox);
    await started(reloaded);
    await until(reloaded, (s) => s.outbox.length === 0, 'outbox drained');
    await until(
      b,
      (s) => bodiesFrom(s, alice.jid).filter((t) => t.startsWith('queued offline')).length >= 10,
      'B got 10',
    );
    // Give any duplicate time to show up before counting.
    await new Promise((r) => setTimeout(r, 500));
    expect(
      bodiesFrom(b.store.getSnapshot(), alice.jid).filter((t) => t.startsWith('queued offline')),
    ).toEqual(texts);
    // Exactly once in the archive as well, not just deduplicated on screen.
    const archived = await ts.db.query<{ n: number }>(
      `select count(*)::int as n from chat_messages where client_id = any($1::text[])`,
      [queued.outbox],
    );
    expect(archived.rows[0]?.n).toBe(10);
    await reloaded.store.stop();
    await b.store.stop();
  });
});
