import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUpChatAnalytics } from '../analytics/chatRollup.js';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { createTestDatabase, type TestDatabase } from '../testing/testDb.js';
import { insertBatch, queryInbox, roomConv, type NewMessage } from './store.js';
import { directMessage, roomMessage } from './testing/messages.js';

// The archive write has two paths with the same effects: chat_insert_one for a batch of one
// message (the usual case at rest) and chat_insert_batch for several (group commit under load).
let db: TestDatabase;
const uuid: Record<string, string> = {};
let team: { id: number; mim: string };

beforeAll(async () => {
  db = await createTestDatabase({ seed: true });
  for (const who of ['alice', 'bob', 'carol'] as const) {
    const r = await db.query<{ uuid: string }>(
      'select uuid::text as uuid from users where email = $1',
      [DEMO_ACCOUNTS[who]],
    );
    uuid[who] = r.rows[0]?.uuid ?? '';
  }
  const t = await db.query<{ id: number; mim_id: string }>(
    `select id, mim_id from teams where not (discoverable and auto_accept) order by id limit 1`,
  );
  team = { id: t.rows[0]?.id ?? 0, mim: t.rows[0]?.mim_id ?? '' };
});
afterAll(async () => {
  await db.close();
});

const jid = (u: string) => `${u}@test`;
const direct = directMessage;

async function unread(owner: string, conv: string): Promise<number | undefined> {
  return (await queryInbox(db, owner)).find((r) => r.conv_jid === conv)?.unread;
}

/** The message_sent events of a person, once the analytics catch-up has run (migration 0500). */
async function events(userUuid: string): Promise<{ team_id: number | null }[]> {
  await catchUpChatAnalytics(db);
  const r = await db.query<{ team_id: number | null }>(
    `select e.team_id from analytics_events e join users u on u.id = e.user_id
     where e.type = 'message_sent' and u.uuid = $1::uuid order by e.id`,
    [userUuid],
  );
  return r.rows;
}

describe('chat archive writes', () => {
  it('one message: archived, counted in the recipient’s inbox, reset for the sender, one event (after the catch-up)', async () => {
    const { alice, bob } = uuid as { alice: string; bob: string };
    const before = (await events(alice)).length;
    const [first] = await insertBatch(db, [direct(alice, bob)]);
    const [second] = await insertBatch(db, [direct(alice, bob)]);
    expect(first?.duplicate).toBe(false);
    expect(Number(second?.id)).toBeGreaterThan(Number(first?.id));
    expect(await unread(bob, jid(alice))).toBe(2);
    expect(await unread(alice, jid(bob))).toBe(0);
    expect((await events(alice)).length).toBe(before + 2);
    // bob answers: his own count resets, alice's goes up.
    await insertBatch(db, [direct(bob, alice)]);
    expect(await unread(bob, jid(alice))).toBe(0);
    expect(await unread(alice, jid(bob))).toBe(1);
  });

  it('a resend of the same client id is stored once and answers the first id', async () => {
    const { alice, carol } = uuid as { alice: string; carol: string };
    const m = direct(alice, carol, 'resend-1');
    const [first] = await insertBatch(db, [m]);
    const eventsAfterFirst = (await events(alice)).length;
    const [again] = await insertBatch(db, [{ ...m, createdAt: new Date() }]);
    expect(again).toEqual({ id: first?.id, duplicate: true });
    expect(await unread(carol, jid(alice))).toBe(1);
    expect((await events(alice)).length).toBe(eventsAfterFirst);
    const rows = await db.query(
      'select 1 from chat_messages where sender = $1 and client_id = $2',
      [alice, 'resend-1'],
    );
    expect(rows.rows).toHaveLength(1);
  });

  it('a batch has the same effects as the same messages one by one', async () => {
    const { bob, carol } = uuid as { bob: string; carol: string };
    // carol→bob one by one, then as one batch: bob→carol, carol→bob ×2 and a resend of the
    // first message (a repeat inside one batch is the writer's to merge, see GroupCommitWriter).
    const single = [direct(carol, bob), direct(carol, bob)];
    const stored = [];
    for (const m of single) stored.push(...(await insertBatch(db, [m])));
    expect(await unread(bob, jid(carol))).toBe(2);
    const batch = [
      direct(bob, carol),
      direct(carol, bob),
      direct(carol, bob),
      single[0] as NewMessage,
    ];
    const res = await insertBatch(db, batch);
    expect(res.map((r) => r.duplicate)).toEqual([false, false, false, true]);
    expect(res[3]?.id).toBe(stored[0]?.id);
    // bob's send reset his count, then carol's two new messages came after it.
    expect(await unread(bob, jid(carol))).toBe(2);
    expect(await unread(carol, jid(bob))).toBe(0);
  });

  it('a new conversation gets its inbox rows, in a batch as one by one, also a room member without one yet', async () => {
    const outcome = async (asBatch: boolean) => {
      const [x, y] = [randomUUID(), randomUUID()];
      const msgs = [direct(x, y), direct(y, x), direct(x, y)];
      const ids: string[] = [];
      if (asBatch) ids.push(...(await insertBatch(db, msgs)).map((r) => r.id));
      else for (const m of msgs) ids.push(...(await insertBatch(db, [m])).map((r) => r.id));
      const row = async (owner: string, peer: string) => {
        const r = (await queryInbox(db, owner)).find((b) => b.conv_jid === jid(peer));
        return r && { unread: r.unread, last: r.id === ids.at(-1) };
      };
      // A room whose newest member (z) has no inbox row yet while the others have theirs.
      const z = randomUUID();
      const room = `r${randomUUID()}`;
      const inRoom = (members: string[]): NewMessage => ({
        ...direct(x, y),
        recipient: room,
        conv: roomConv(room),
        kind: 'groupchat',
        inbox: members.map((o) => ({ owner: o, convJid: jid(room), isSender: o === x })),
      });
      const roomMsgs = [inRoom([x, y]), inRoom([x, y, z])];
      if (asBatch) await insertBatch(db, roomMsgs);
      else for (const m of roomMsgs) await insertBatch(db, [m]);
      const roomUnread = async (o: string) =>
        (await queryInbox(db, o)).find((b) => b.conv_jid === jid(room))?.unread;
      return {
        x: await row(x, y),
        y: await row(y, x),
        room: [await roomUnread(x), await roomUnread(y), await roomUnread(z)],
      };
    };
    const expected = {
      x: { unread: 0, last: true },
      y: { unread: 1, last: true },
      room: [0, 2, 1],
    };
    expect(await outcome(false)).toEqual(expected);
    expect(await outcome(true)).toEqual(expected);
  });

  it('room messages record the team in the analytics event; system lines record none', async () => {
    const { alice, bob } = uuid as { alice: string; bob: string };
    const room = `${team.mim}@muclight.test`;
    const msg = (sender: string): NewMessage =>
      roomMessage(team.mim, sender, [
        { owner: alice, convJid: room, isSender: sender === alice },
        { owner: bob, convJid: room, isSender: false },
      ]);
    await insertBatch(db, [msg(alice)]);
    expect((await events(alice)).at(-1)?.team_id).toBe(team.id);
    const all = async () => {
      await catchUpChatAnalytics(db);
      return (await db.query<{ n: number }>(`select count(*)::int as n from analytics_events`))
        .rows[0]?.n;
    };
    const n = await all();
    const [sys] = await insertBatch(db, [msg('system')]);
    expect(sys?.duplicate).toBe(false);
    expect(await all()).toBe(n);
    expect(await unread(bob, room)).toBe(2);
    expect(await unread(alice, room)).toBe(1);
  });
});
