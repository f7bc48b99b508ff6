import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { issueChatToken } from '../auth/chatToken.js';
import { createSession } from '../auth/sessions.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { startChildServer, stopChild } from './testing/childServer.js';
import { rawLogin } from './testing/clients.js';

/** Two server processes, one PostgreSQL, one Redis (ARCHITECTURE.md "The chat protocol"). */
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DOMAIN = 'localhost';
const schema = `xmpp_scale_${randomBytes(5).toString('hex')}`;
const children: ChildProcess[] = [];
let db: Database | undefined;

afterAll(async () => {
  for (const c of children) await stopChild(c, 'SIGKILL');
  await db?.close();
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query(`drop schema if exists "${schema}" cascade`);
  await c.end();
});

describe('scale-out over Redis', () => {
  it('routes messages both ways between clients on two server processes, archive consistent', async () => {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
    const url = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const env = { DATABASE_URL: url, REDIS_URL, XMPP_DOMAIN: DOMAIN };
    const a = await startChildServer({ ...env, SEED: 'demo' });
    children.push(a.child);
    const b = await startChildServer({ ...env, SEED: 'none' });
    children.push(b.child);

    db = await openDatabase({ dataDir: '', databaseUrl: PG_URL, pgSchema: schema });
    const config = loadConfig({ NODE_ENV: 'test' });
    const login = async (email: string) => {
      const u = (
        await db!.query<{ id: number; uuid: string }>(
          'select id, uuid::text as uuid from users where email = $1',
          [email],
        )
      ).rows[0]!;
      const { sessionId } = await createSession(db!, config, { userId: u.id, ip: '127.0.0.1' });
      return {
        uuid: u.uuid,
        token: (await issueChatToken(db!, config, { userId: u.id, sessionId })).token,
      };
    };
    const alice = await login('alice@example.org');
    const bob = await login('bob@example.org');
    const onA = await rawLogin(a.url, DOMAIN, alice.uuid, alice.token);
    const onB = await rawLogin(b.url, DOMAIN, bob.uuid, bob.token);
    for (const s of [onA, onB]) s.send('<enable xmlns="urn:xmpp:sm:3"/>');

    onA.send(
      `<message xmlns="jabber:client" to="${bob.uuid}@${DOMAIN}" type="chat" id="x-a1"><body>from node A</body></message>`,
    );
    expect(await onB.waitFor((f) => f.includes('id="x-a1"'))).toContain('from node A');
    onB.send(
      `<message xmlns="jabber:client" to="${alice.uuid}@${DOMAIN}" type="chat" id="x-b1"><body>from node B</body></message>`,
    );
    expect(await onA.waitFor((f) => f.includes('id="x-b1"'))).toContain('from node B');

    const mim = (
      await db.query<{ mim_id: string }>(
        `select lower(mim_id) as mim_id from teams where name = 'Ward 7 Team'`,
      )
    ).rows[0]!.mim_id;
    onA.send(
      `<message xmlns="jabber:client" to="${mim}@muclight.${DOMAIN}" type="groupchat" id="x-room"><body>to the ward</body></message>`,
    );
    for (const s of [onA, onB])
      expect(await s.waitFor((f) => f.includes('id="x-room"'))).toContain('to the ward');

    // Both nodes archived into the one database, once each, and either node serves the archive.
    const counts = await db.query<{ client_id: string; n: number }>(
      `select client_id, count(*)::int as n from chat_messages where client_id like 'x-%' group by client_id order by client_id`,
    );
    expect(counts.rows).toEqual([
      { client_id: 'x-a1', n: 1 },
      { client_id: 'x-b1', n: 1 },
      { client_id: 'x-room', n: 1 },
    ]);
    onB.send(
      `<iq xmlns="jabber:client" type="set" id="mam1"><query xmlns="urn:xmpp:mam:2" queryid="q1"><x xmlns="jabber:x:data" type="submit"><field var="with"><value>${alice.uuid}@${DOMAIN}</value></field></x></query></iq>`,
    );
    await onB.waitFor((f) => f.includes('id="mam1"'));
    const results = onB.frames.filter((f) => f.includes('queryid="q1"'));
    // The demo seed's alice-bob lines come first; ours are the newest two.
    expect(results.map((f) => /<body>([^<]*)<\/body>/.exec(f)?.[1]).slice(-2)).toEqual([
      'from node A',
      'from node B',
    ]);
    onA.ws.close();
    onB.ws.close();
  }, 120_000);
});
