import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { issueChatToken } from '../auth/chatToken.js';
import { createSession } from '../auth/sessions.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { seedDatabase } from '../seed/index.js';
import { freePort, startChildServer } from './testing/childServer.js';
import { rawLogin, type RawSocket } from './testing/clients.js';

const RATE = 50; // messages per second per client
const DOMAIN = 'localhost';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-crash-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(port: number): Promise<ChildProcess> {
  const { child } = await startChildServer(
    // A checkpoint every second while the messages flow (db/checkpointer.ts), so the kill can
    // land during or just after one: recycled WAL must never cost an acknowledged message.
    { DATA_DIR: dataDir, SEED: 'none', XMPP_DOMAIN: DOMAIN, PGLITE_CHECKPOINT_SECONDS: '1' },
    port,
  );
  children.push(child);
  return child;
}

/** A raw client sending `RATE` messages a second with stream management on. */
async function chatter(
  url: string,
  who: { uuid: string; token: string },
  peer: string,
  prefix: string,
) {
  const s: RawSocket = await rawLogin(url, DOMAIN, who.uuid, who.token);
  s.send('<enable xmlns="urn:xmpp:sm:3"/>');
  await s.waitFor((f) => f.startsWith('<enabled'));
  const sent: string[] = [];
  let h = 0;
  s.ws.on('message', (d: Buffer) => {
    const m = /<a xmlns="urn:xmpp:sm:3" h="(\d+)"/.exec(d.toString());
    if (m) h = Math.max(h, Number(m[1]));
  });
  s.ws.on('error', () => {});
  const timer = setInterval(() => {
    if (s.ws.readyState !== 1) return;
    const id = `${prefix}-${sent.length + 1}`;
    s.ws.send(
      `<message xmlns="jabber:client" to="${peer}@${DOMAIN}" type="chat" id="${id}"><body>${id}</body></message>`,
    );
    sent.push(id);
  }, 1000 / RATE);
  return {
    sent,
    /** Only messages were sent after <enable/>, so h acknowledges exactly the first h of them. */
    acked: () => sent.slice(0, h),
    stop: () => {
      clearInterval(timer);
    },
  };
}

describe('crash safety', () => {
  it('after SIGKILL while 2 clients exchange 50 msg/s, every acknowledged message is in the archive exactly once', async () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const db = await openDatabase({ dataDir });
    const users: Record<string, { uuid: string; tokens: string[] }> = {};
    try {
      await migrate(db);
      await seedDatabase(db, { now: new Date(), xmppDomain: DOMAIN });
      for (const email of ['alice@example.org', 'bob@example.org']) {
        const u = (
          await db.query<{ id: number; uuid: string }>(
            'select id, uuid::text as uuid from users where email = $1',
            [email],
          )
        ).rows[0];
        if (!u) throw new Error(email);
        const { sessionId } = await createSession(db, config, { userId: u.id, ip: '127.0.0.1' });
        const tokens = [];
        for (let i = 0; i < 2; i++)
          tokens.push((await issueChatToken(db, config, { userId: u.id, sessionId })).token);
        users[email] = { uuid: u.uuid, tokens };
      }
    } finally {
      await db.close();
    }
    const alice = users['alice@example.org']!;
    const bob = users['bob@example.org']!;

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const first = await startServer(port);
    const a = await chatter(
      url,
      { uuid: alice.uuid, token: alice.tokens[0]! },
      bob.uuid,
      'crash-a',
    );
    const b = await chatter(url, { uuid: bob.uuid, token: bob.tokens[0]! }, alice.uuid, 'crash-b');
    await new Promise((r) => setTimeout(r, 3_000));
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    a.stop();
    b.stop();
    const acked = [...a.acked(), ...b.acked()];
    const sent = [...a.sent, ...b.sent];
    // Enough traffic that the kill lands mid-stream (the machine may be loaded, so not exact).
    expect(acked.length).toBeGreaterThan(50);
    expect(sent.length).toBeGreaterThan(acked.length - 1);

    // Restart on the same data; the clients re-send everything they sent (acked or not).
    const second = await startServer(port);
    for (const [who, peer, ids] of [
      [alice, bob, a.sent],
      [bob, alice, b.sent],
    ] as const) {
      const s = await rawLogin(url, DOMAIN, who.uuid, who.tokens[1]!);
      s.send('<enable xmlns="urn:xmpp:sm:3"/>');
      for (const id of ids)
        s.send(
          `<message xmlns="jabber:client" to="${peer.uuid}@${DOMAIN}" type="chat" id="${id}"><body>${id}</body></message>`,
        );
      s.send('<r xmlns="urn:xmpp:sm:3"/>');
      await s.waitFor((f) => f.includes(`h="${ids.length}"`), 20_000);
      s.ws.close();
    }
    second.kill('SIGTERM');
    await new Promise((r) => second.once('exit', r));

    const check = await openDatabase({ dataDir });
    try {
      const rows = (
        await check.query<{ client_id: string; n: number }>(
          `select client_id, count(*)::int as n from chat_messages where client_id like 'crash-%' group by client_id`,
        )
      ).rows;
      const counts = new Map(rows.map((r) => [r.client_id, r.n]));
      for (const id of acked) expect(counts.get(id), id).toBe(1);
      for (const id of sent) expect(counts.get(id), id).toBe(1);
    } finally {
      await check.close();
    }
  }, 120_000);
});
