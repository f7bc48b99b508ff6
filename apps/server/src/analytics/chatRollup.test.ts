import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';
import { issueChatToken } from '../auth/chatToken.js';
import { createSession } from '../auth/sessions.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { DEMO_ACCOUNTS, seedDatabase } from '../seed/index.js';
import { createTestDatabase, type TestDatabase } from '../testing/testDb.js';
import { freePort, startChildServer } from '../xmpp/testing/childServer.js';
import { rawLogin } from '../xmpp/testing/clients.js';
import { insertBatch, pairConv, type NewMessage } from '../xmpp/store.js';
import { roomMessage } from '../xmpp/testing/messages.js';
import { catchUpChatAnalytics, catchUpChatAnalyticsWhenQuiet, MAX_LAG_MS } from './chatRollup.js';

// Chat messages are counted off their commit (migration 0500): archived first, their message_sent
// events recorded by a catch-up, each message exactly once, whenever the process dies.

describe('chat messages in analytics (catch-up)', () => {
  let db: TestDatabase;
  const uuid: Record<string, string> = {};
  const id: Record<string, number> = {};
  let team: { id: number; mim: string };

  beforeAll(async () => {
    db = await createTestDatabase({ seed: true });
    for (const who of ['alice', 'bob'] as const) {
      const r = await db.query<{ id: number; uuid: string }>(
        'select id, uuid::text as uuid from users where email = $1',
        [DEMO_ACCOUNTS[who]],
      );
      uuid[who] = r.rows[0]?.uuid ?? '';
      id[who] = r.rows[0]?.id ?? 0;
    }
    const t = await db.query<{ id: number; mim_id: string }>(
      `select id, mim_id from teams where not (discoverable and auto_accept) order by id limit 1`,
    );
    team = { id: t.rows[0]?.id ?? 0, mim: t.rows[0]?.mim_id ?? '' };
  });
  afterAll(async () => {
    await db.close();
  });

  const sent = async (userId: number) =>
    (
      await db.query<{ n: number; images: number; teams: number }>(
        `select count(*)::int as n, count(*) filter (where has_image)::int as images,
                count(*) filter (where team_id = $2)::int as teams
           from analytics_events where type = 'message_sent' and user_id = $1`,
        [userId, team.id],
      )
    ).rows[0]!;

  const direct = (from: string, to: string, subject = 'text/plain'): NewMessage => ({
    sender: from,
    recipient: to,
    conv: pairConv(from, to),
    kind: 'chat',
    clientId: randomUUID(),
    createdAt: new Date(),
    stanza: `<message xmlns="jabber:client" type="chat"><body>x</body><subject>${subject}</subject></message>`,
    inbox: [
      { owner: from, convJid: `${to}@test`, isSender: true },
      { owner: to, convJid: `${from}@test`, isSender: false },
    ],
  });
  const inRoom = (from: string): NewMessage =>
    roomMessage(team.mim, from, [
      { owner: uuid.alice ?? '', convJid: `${team.mim}@muclight.test`, isSender: false },
    ]);

  it('the demo seed’s chat history is not counted twice (the seed records its own analytics)', async () => {
    const pending = await db.query<{ behind: boolean }>(
      `select (select last_id from chat_analytics_watermark) < (select max(id) from chat_messages) as behind`,
    );
    expect(pending.rows[0]?.behind).toBe(false);
  });

  it('an archived message is counted only after the catch-up, once, with its team and image', async () => {
    const { alice, bob } = uuid as { alice: string; bob: string };
    const before = await sent(id.alice!);
    const first = direct(alice, bob);
    // One batch of one (chat_insert_one), then a batch of several (chat_insert_batch) with a resend,
    // a room message, an image and a system line.
    await insertBatch(db, [first]);
    await insertBatch(db, [
      direct(alice, bob, 'image/jpeg'),
      inRoom(alice),
      { ...inRoom('system'), clientId: randomUUID() },
      direct(bob, alice),
    ]);
    await insertBatch(db, [{ ...first, createdAt: new Date() }]);
    // Archived (the process could die here): nothing counted yet.
    expect(await sent(id.alice!)).toEqual(before);

    await catchUpChatAnalytics(db);
    expect(await sent(id.alice!)).toEqual({
      n: before.n + 3,
      images: before.images + 1,
      teams: before.teams + 1,
    });
    // Again, and from several callers at once: nothing more.
    await Promise.all([catchUpChatAnalytics(db), catchUpChatAnalytics(db)]);
    await catchUpChatAnalytics(db);
    expect((await sent(id.alice!)).n).toBe(before.n + 3);
  });

  it('a backlog larger than one step is counted completely, and so are the report rollups', async () => {
    const { alice, bob } = uuid as { alice: string; bob: string };
    const day = new Date().toISOString().slice(0, 10);
    const rollup = async () =>
      (
        await db.query<{ n: number }>(
          `select coalesce(sum(c.events), 0)::int as n from analytics_daily_counts c
             join users u on u.hospital_id = c.scope_id
            where c.scope = 'o' and u.id = $1 and c.type = 'message_sent' and c.day = $2::date`,
          [id.alice, day],
        )
      ).rows[0]!.n;
    const before = { events: (await sent(id.alice!)).n, rollup: await rollup() };
    const batch = Array.from({ length: 450 }, () => direct(alice, bob));
    await insertBatch(db, batch);
    await catchUpChatAnalytics(db);
    expect((await sent(id.alice!)).n).toBe(before.events + 450);
    expect(await rollup()).toBe(before.rollup + 450);
  });

  it('a stopped catch-up ends between steps; the next run counts what it left, once', async () => {
    const { alice, bob } = uuid as { alice: string; bob: string };
    await catchUpChatAnalytics(db);
    const before = (await sent(id.alice!)).n;
    await insertBatch(
      db,
      Array.from({ length: 450 }, () => direct(alice, bob)),
    );
    const stop = new AbortController();
    const run = catchUpChatAnalytics(db, stop.signal);
    stop.abort();
    await run;
    expect((await sent(id.alice!)).n).toBe(before);
    await catchUpChatAnalytics(db);
    expect((await sent(id.alice!)).n).toBe(before + 450);
  });

  it('a clean stop of the chat server leaves a backlog to the next start instead of working through it', async () => {
    const { alice, bob } = uuid as { alice: string; bob: string };
    await catchUpChatAnalytics(db);
    const before = (await sent(id.alice!)).n;
    // 300 steps of the catch-up: at several ms each, far more than a stop should wait for.
    for (let i = 0; i < 15; i++)
      await insertBatch(
        db,
        Array.from({ length: 2_000 }, () => direct(alice, bob)),
      );
    // The chat plugin starts a catch-up as it registers; the server stops at once.
    const app = await buildServer(
      loadConfig({ NODE_ENV: 'test' }, { logLevel: 'silent', webDistDir: '/nonexistent-web-dist' }),
      { db },
    );
    await app.ready();
    await app.close();
    // At most the step it was on when the stop came (one step of 100 here).
    expect((await sent(id.alice!)).n - before).toBeLessThan(30_000);
    // The next start (here: its first run) counts the rest, each message once.
    await catchUpChatAnalytics(db);
    expect((await sent(id.alice!)).n).toBe(before + 30_000);
  });

  it('the periodic tick leaves a busy chat alone: it catches up once the chat is quiet, or a minute behind', async () => {
    const { alice, bob } = uuid as { alice: string; bob: string };
    const t0 = Date.now();
    const tick = (ms: number) => catchUpChatAnalyticsWhenQuiet(db, new Date(t0 + ms));
    const count = async () => (await sent(id.alice!)).n;
    await catchUpChatAnalytics(db);
    const before = await count();
    await tick(0);

    // A message since the previous tick: busy, nothing counted; none since the next: counted.
    await insertBatch(db, [direct(alice, bob)]);
    await tick(1_000);
    expect(await count()).toBe(before);
    await tick(2_000);
    expect(await count()).toBe(before + 1);

    // Busy at every tick: put off until the first waiting message was seen MAX_LAG_MS ago.
    await insertBatch(db, [direct(alice, bob)]);
    await tick(3_000);
    await insertBatch(db, [direct(alice, bob)]);
    await tick(3_000 + MAX_LAG_MS - 1);
    expect(await count()).toBe(before + 1);
    await insertBatch(db, [direct(alice, bob)]);
    await tick(3_000 + MAX_LAG_MS);
    expect(await count()).toBe(before + 4);
  });
});

describe('chat messages in analytics across a crash', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-chat-analytics-crash-'));
  const DOMAIN = 'localhost';
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const counts = async () => {
    const db = await openDatabase({ dataDir });
    try {
      return (
        await db.query<{ events: number; archived: number; pending: number }>(
          `select (select count(*)::int from analytics_events e join users u on u.id = e.user_id
                    where e.type = 'message_sent' and u.email = 'alice@example.org') as events,
                  (select count(*)::int from chat_messages where client_id like 'count-%') as archived,
                  (select count(*)::int from chat_messages
                    where id > (select last_id from chat_analytics_watermark)) as pending`,
        )
      ).rows[0]!;
    } finally {
      await db.close();
    }
  };

  it('SIGKILL while alice sends 100 msg/s: after a restart each archived message is counted exactly once', async () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const db = await openDatabase({ dataDir });
    const tokens: string[] = [];
    let alice: string;
    let bob: string;
    try {
      await migrate(db);
      await seedDatabase(db, { now: new Date(), xmppDomain: DOMAIN });
      const u = (
        await db.query<{ id: number; uuid: string }>(
          `select id, uuid::text as uuid from users where email = 'alice@example.org'`,
        )
      ).rows[0]!;
      alice = u.uuid;
      bob = (
        await db.query<{ uuid: string }>(
          `select uuid::text as uuid from users where email = 'bob@example.org'`,
        )
      ).rows[0]!.uuid;
      const { sessionId } = await createSession(db, config, { userId: u.id, ip: '127.0.0.1' });
      for (let i = 0; i < 2; i++)
        tokens.push((await issueChatToken(db, config, { userId: u.id, sessionId })).token);
    } finally {
      await db.close();
    }
    const before = await counts();

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const start = async () => {
      const { child } = await startChildServer(
        { DATA_DIR: dataDir, SEED: 'none', XMPP_DOMAIN: DOMAIN },
        port,
      );
      children.push(child);
      return child;
    };
    const message = (n: number) =>
      `<message xmlns="jabber:client" to="${bob}@${DOMAIN}" type="chat" id="count-${n}"><body>${n}</body></message>`;

    const first = await start();
    const s = await rawLogin(url, DOMAIN, alice, tokens[0]!);
    s.ws.on('error', () => {});
    let n = 0;
    const send = (ms: number) => {
      const timer = setInterval(() => {
        if (s.ws.readyState === 1) s.ws.send(message(++n));
      }, 10);
      return new Promise((r) => setTimeout(r, ms)).then(() => timer);
    };
    // A burst, a pause (the periodic catch-up runs once the chat is quiet), another burst that
    // the crash leaves uncounted.
    clearInterval(await send(1_200));
    const burst = n;
    await new Promise((r) => setTimeout(r, 3_500));
    const timer = await send(1_200);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    clearInterval(timer);

    const atCrash = await counts();
    expect(atCrash.archived).toBeGreaterThan(burst);
    expect(atCrash.events - before.events).toBeGreaterThanOrEqual(Math.min(burst, 10));
    // What the catch-up had not taken yet is still pending.
    expect(atCrash.events - before.events + atCrash.pending).toBe(atCrash.archived);

    // Restart (its first catch-up takes what was pending); alice re-sends everything: the
    // resends are duplicates, neither archived nor counted again. A clean stop leaves what it
    // had not counted yet to the next start, as a crash does: here a catch-up on the directory.
    const second = await start();
    const again = await rawLogin(url, DOMAIN, alice, tokens[1]!);
    again.send('<enable xmlns="urn:xmpp:sm:3"/>');
    for (let i = 1; i <= n; i++) again.send(message(i));
    again.send('<r xmlns="urn:xmpp:sm:3"/>');
    await again.waitFor((f) => f.includes(`h="${n}"`), 30_000);
    again.ws.close();
    second.kill('SIGTERM');
    await new Promise((r) => second.once('exit', r));
    const reopened = await openDatabase({ dataDir });
    try {
      await catchUpChatAnalytics(reopened);
    } finally {
      await reopened.close();
    }

    const after = await counts();
    expect(after.archived).toBe(n);
    expect(after.pending).toBe(0);
    expect(after.events - before.events).toBe(n);
  }, 180_000);
});
