import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { catchUpChatAnalytics } from '../analytics/chatRollup.js';
import { createSession, revokeSessions } from '../auth/sessions.js';
import { el, NS } from './xml.js';
import {
  chatLogin,
  connectAs,
  rawLogin,
  rawSocket,
  userUuid,
  xml,
  type Element,
  type TestChatClient,
} from './testing/clients.js';

const NS_MAM = 'urn:xmpp:mam:2';
const NS_RSM = 'http://jabber.org/protocol/rsm';
const NS_INBOX = 'erlang-solutions.com:xmpp:inbox:0';

let ts: TestServer;
let alice: TestChatClient;
let alice2: TestChatClient;
let bob: TestChatClient;
let ward7: string;

const msgWithId = (id: string) => (s: Element) => s.is('message') && s.attrs.id === id;
const text = (to: string, id: string, body: string, type = 'chat') =>
  xml(
    'message',
    { to, id, type },
    xml('body', {}, body),
    xml('displayNames', { xmlns: 'urn:pando:chat:0', sender: 'Mallory', recipient: 'x' }),
  );

/** Rows in the archive table; on the embedded database after the journal's apply (settled). */
async function archived(clientId: string): Promise<number> {
  await ts.app.chat.settled();
  const r = await ts.db.query<{ n: number }>(
    'select count(*)::int as n from chat_messages where client_id = $1',
    [clientId],
  );
  return r.rows[0]?.n ?? 0;
}

async function mam(
  c: TestChatClient,
  opts: { to?: string; with?: string; end?: string; before?: string; max?: number },
) {
  const qid = 'q' + Math.random().toString(36).slice(2);
  const fields = [
    xml('field', { var: 'FORM_TYPE', type: 'hidden' }, xml('value', {}, NS_MAM)),
    opts.with ? xml('field', { var: 'with' }, xml('value', {}, opts.with)) : undefined,
    opts.end ? xml('field', { var: 'end' }, xml('value', {}, opts.end)) : undefined,
  ];
  const set = xml(
    'set',
    { xmlns: NS_RSM },
    xml('max', {}, String(opts.max ?? 10)),
    xml('before', {}, opts.before ?? ''),
  );
  const before = c.received.length;
  const fin = await c.iq(
    xml(
      'iq',
      { type: 'set', ...(opts.to ? { to: opts.to } : {}) },
      xml(
        'query',
        { xmlns: NS_MAM, queryid: qid },
        xml('x', { xmlns: 'jabber:x:data', type: 'submit' }, ...fields),
        set,
      ),
    ),
  );
  const results = c.received
    .slice(before)
    .filter((s) => s.getChild('result', NS_MAM)?.attrs.queryid === qid);
  const bodies = results.map((r) =>
    r
      .getChild('result', NS_MAM)
      ?.getChild('forwarded', 'urn:xmpp:forward:0')
      ?.getChild('message')
      ?.getChildText('body'),
  );
  const f = fin.getChild('fin', NS_MAM);
  return {
    results,
    bodies,
    complete: f?.attrs.complete === 'true',
    first: f?.getChild('set', NS_RSM)?.getChildText('first') ?? '',
    count: Number(f?.getChild('set', NS_RSM)?.getChildText('count')),
    ids: results.map(
      (r) =>
        r
          .getChild('result', NS_MAM)
          ?.getChild('forwarded', 'urn:xmpp:forward:0')
          ?.getChild('message')?.attrs.id,
    ),
  };
}

async function inbox(c: TestChatClient) {
  const qid = 'i' + Math.random().toString(36).slice(2);
  const before = c.received.length;
  const fin = await c.iq(
    xml('iq', { type: 'set' }, xml('inbox', { xmlns: NS_INBOX, queryid: qid })),
  );
  const rows = c.received
    .slice(before)
    .map((s) => s.getChild('result', NS_INBOX))
    .filter((r): r is Element => r !== undefined && r.attrs.queryid === qid)
    .map((r) => {
      const m = r.getChild('forwarded', 'urn:xmpp:forward:0')?.getChild('message');
      return {
        unread: Number(r.attrs.unread),
        from: m?.attrs.from ?? '',
        to: m?.attrs.to ?? '',
        id: m?.attrs.id ?? '',
        body: m?.getChildText('body'),
      };
    });
  return { rows, fin: fin.getChild('fin', NS_INBOX) };
}

beforeAll(async () => {
  ts = await startTestServer();
  const r = await ts.db.query<{ mim_id: string }>(
    `select mim_id from teams where name = 'Ward 7 Team'`,
  );
  ward7 = `${r.rows[0]?.mim_id.toLowerCase()}@muclight.${ts.app.config.xmppDomain}`;
  alice = await connectAs(ts, 'alice@example.org', { resource: 'web1' });
  alice2 = await connectAs(ts, 'alice@example.org', {
    sessionId: alice.sessionId,
    resource: 'web2',
  });
  bob = await connectAs(ts, 'bob@example.org', { resource: 'web' });
  await alice2.iq(xml('iq', { type: 'set' }, xml('enable', { xmlns: 'urn:xmpp:carbons:2' })));
});

afterAll(async () => {
  // beforeAll may have failed part-way.
  for (const c of [alice, alice2, bob] as (TestChatClient | undefined)[]) await c?.stop();
  await (ts as TestServer | undefined)?.close();
});

describe('login and 1:1 chat', () => {
  it('logs in with the token of GET /api/v4/login/token (SASL PLAIN, username = uuid) and binds', () => {
    expect(alice.jid).toBe(`${alice.uuid}@${ts.app.config.xmppDomain}/web1`);
  });

  it('refuses a wrong token', async () => {
    const uuid = await userUuid(ts, 'bob@example.org');
    const s = await rawSocket(ts.url);
    s.send(
      `<open xmlns="urn:ietf:params:xml:ns:xmpp-framing" to="${ts.app.config.xmppDomain}" version="1.0"/>`,
    );
    await s.waitFor((f) => f.includes('PLAIN'));
    s.send(
      `<auth xmlns="urn:ietf:params:xml:ns:xmpp-sasl" mechanism="PLAIN">${Buffer.from(`\0${uuid}\0nope`).toString('base64')}</auth>`,
    );
    expect(await s.waitFor((f) => f.startsWith('<failure'))).toContain('not-authorized');
    s.ws.close();
  });

  it('delivers a DM to every resource, both ways, with sent carbons to the second resource', async () => {
    await alice.xmpp.send(text(bob.bare, 'dm-1', 'Hi Bob'));
    const atBob = await bob.waitFor(msgWithId('dm-1'));
    expect(atBob.attrs.from).toBe(alice.jid);
    expect(atBob.getChild('stanza-id', 'urn:xmpp:sid:0')?.attrs.id).toMatch(/^\d+$/);
    const carbon = await alice2.waitFor(
      (s) => s.getChild('sent', 'urn:xmpp:carbons:2') !== undefined,
    );
    expect(
      carbon
        .getChild('sent', 'urn:xmpp:carbons:2')
        ?.getChild('forwarded', 'urn:xmpp:forward:0')
        ?.getChild('message')?.attrs.id,
    ).toBe('dm-1');

    await bob.xmpp.send(text(alice.bare, 'dm-2', 'Hi Alice'));
    for (const c of [alice, alice2])
      expect((await c.waitFor(msgWithId('dm-2'))).getChildText('body')).toBe('Hi Alice');
  });

  it('stamps `from` itself: a spoofed from is ignored', async () => {
    const carol = await userUuid(ts, 'carol@example.org');
    await alice.xmpp.send(
      xml(
        'message',
        {
          to: bob.bare,
          id: 'spoof-1',
          type: 'chat',
          from: `${carol}@${ts.app.config.xmppDomain}/x`,
        },
        xml('body', {}, 'I am Carol'),
      ),
    );
    expect((await bob.waitFor(msgWithId('spoof-1'))).attrs.from).toBe(alice.jid);
  });

  it('replaces the display name a sender claims with the directory name and stamps the server time', async () => {
    await alice.xmpp.send(text(bob.bare, 'names-1', 'who am I'));
    const m = await bob.waitFor(msgWithId('names-1'));
    expect(m.getChild('displayNames', 'urn:pando:chat:0')?.attrs.sender).toMatch(/^Alice/);
    expect(
      Date.parse(m.getChild('sent', 'urn:pando:chat:0')?.attrs.timestamp ?? ''),
    ).toBeGreaterThan(Date.now() - 60_000);
  });

  it('archives a message before acknowledging it: a history query sent at the ack finds it', async () => {
    // On the embedded database the ack follows the journal's sync and the archive row comes a
    // moment later (journaledArchive.ts); a read sent at the ack must still see the message.
    const atAck = new Promise<ReturnType<typeof mam>>((resolve) => {
      const onAck = (s: Element) => {
        if (s.attrs.id !== 'ack-1') return;
        alice.xmpp.streamManagement.off('ack', onAck);
        resolve(mam(alice, { with: bob.bare, max: 1 }));
      };
      alice.xmpp.streamManagement.on('ack', onAck);
    });
    await alice.xmpp.send(text(bob.bare, 'ack-1', 'stored first'));
    expect((await atAck).bodies).toEqual(['stored first']);
    expect(await archived('ack-1')).toBe(1);
  });

  it('stores the same client message id from the same sender once (idempotent resend)', async () => {
    await alice.xmpp.send(text(bob.bare, 'dup-1', 'once'));
    await alice.xmpp.send(text(bob.bare, 'dup-1', 'once'));
    await bob.waitFor(msgWithId('dup-1'));
    await new Promise((r) => setTimeout(r, 300));
    expect(await archived('dup-1')).toBe(1);
    expect(bob.received.filter(msgWithId('dup-1'))).toHaveLength(1);
  });
});

describe('MUC Light rooms', () => {
  it('fans a team message out to all occupants including the sender, id preserved, with a stanza-id', async () => {
    await alice.xmpp.send(text(ward7, 'room-1', 'Ward round at 9', 'groupchat'));
    for (const c of [alice, alice2, bob]) {
      const m = await c.waitFor(msgWithId('room-1'));
      expect(m.attrs.from).toBe(`${ward7}/${alice.bare}`);
      expect(m.attrs.type).toBe('groupchat');
      expect(m.getChild('stanza-id', 'urn:xmpp:sid:0')?.attrs.by).toBe(ward7);
    }
  });

  it('records a message_sent analytics event with the team id (spec 02 §7)', async () => {
    // The events are recorded off the message's commit (analytics/chatRollup.ts, within a second).
    await ts.app.chat.settled();
    await catchUpChatAnalytics(ts.db);
    const r = await ts.db.query<{ n: number }>(
      `select count(*)::int as n from analytics_events e join teams t on t.id = e.team_id
        where e.type = 'message_sent' and t.name = 'Ward 7 Team' and e.user_id = $1`,
      [alice.userId],
    );
    expect(r.rows[0]?.n).toBeGreaterThanOrEqual(1);
  });

  it('counts a message in the organisation report as soon as it is acknowledged (spec 02 §7)', async () => {
    const admin = (
      await ts.db.query<{ id: number; hospital: string }>(
        `select u.id, h.uuid::text as hospital from users u join hospitals h on h.id = u.hospital_id
          where u.email = 'org.admin@example.org'`,
      )
    ).rows[0]!;
    const { accessToken } = await createSession(ts.db, ts.app.config, {
      userId: admin.id,
      ip: '127.0.0.1',
    });
    const day = ts.app.config.now().toISOString().slice(0, 10);
    const count = async () => {
      const res = await ts.app.inject({
        method: 'GET',
        url: `/api/v1/organisation/${admin.hospital}/messages/total/count/${day}/${day}`,
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ count: number }>().count;
    };
    const before = await count();
    // Acknowledged (stream management) means archived; the report right after counts it, once.
    await bob.xmpp.send(text(alice.bare, 'report-1', 'Counted?'));
    await alice.waitFor(msgWithId('report-1'));
    expect(await count()).toBe(before + 1);
    expect(await count()).toBe(before + 1);
  });

  it('answers a non-occupant with item-not-found and neither stores nor routes the message', async () => {
    const carol = await connectAs(ts, 'carol@example.org');
    try {
      await carol.xmpp.send(text(ward7, 'intruder-1', 'let me in', 'groupchat'));
      const err = await carol.waitFor(
        (s) => s.attrs.type === 'error' && s.attrs.id === 'intruder-1',
      );
      expect(err.getChild('error')?.getChild('item-not-found')).toBeDefined();
      expect(await archived('intruder-1')).toBe(0);
      const q = await carol
        .iq(xml('iq', { type: 'set', to: ward7 }, xml('query', { xmlns: NS_MAM })))
        .catch((e: unknown) => e);
      expect(q).toBeInstanceOf(Error);
      expect(bob.received.some(msgWithId('intruder-1'))).toBe(false);
    } finally {
      await carol.stop();
    }
  });

  it('adds a poster to a forum of their network and delivers the message (spec 01 §4)', async () => {
    const r = await ts.db.query<{ mim_id: string; id: number }>(
      `select mim_id, id from teams where name = 'Junior Doctors Forum'`,
    );
    const forum = `${r.rows[0]?.mim_id.toLowerCase()}@muclight.${ts.app.config.xmppDomain}`;
    const carol = await connectAs(ts, 'carol@example.org');
    try {
      await carol.xmpp.send(text(forum, 'forum-post-1', 'Any tips for night shifts?', 'groupchat'));
      const echo = await carol.waitFor(msgWithId('forum-post-1'));
      expect(echo.attrs.from).toBe(`${forum}/${carol.bare}`);
      expect(await archived('forum-post-1')).toBe(1);
      const member = await ts.db.query<{ n: number }>(
        `select count(*)::int as n from team_members where team_id = $1 and user_id = $2`,
        [r.rows[0]?.id, carol.userId],
      );
      expect(member.rows[0]?.n).toBe(1);
    } finally {
      await carol.stop();
    }
  });

  it('does not join anyone by posting into a forum of another network', async () => {
    const r = await ts.db.query<{ mim_id: string }>(
      `select mim_id from teams where name = 'Junior Doctors Forum'`,
    );
    const forum = `${r.rows[0]?.mim_id.toLowerCase()}@muclight.${ts.app.config.xmppDomain}`;
    const dave = await connectAs(ts, 'dave@example.net');
    try {
      await dave.xmpp.send(text(forum, 'forum-intruder-1', 'hello from Northgate', 'groupchat'));
      const err = await dave.waitFor(
        (st) => st.attrs.type === 'error' && st.attrs.id === 'forum-intruder-1',
      );
      expect(err.getChild('error')?.getChild('item-not-found')).toBeDefined();
      expect(await archived('forum-intruder-1')).toBe(0);
    } finally {
      await dave.stop();
    }
  });

  it('posts system lines with display names so clients show them (advice resolution)', async () => {
    const mim = ward7.split('@')[0] ?? '';
    const id = await ts.app.chat.postSystemMessage(
      mim,
      JSON.stringify({ advice_resolution: { action: 'RESOLVE' } }),
      'json/advice_resolution',
    );
    const line = await bob.waitFor(
      (st) => st.is('message') && st.getChild('stanza-id', 'urn:xmpp:sid:0')?.attrs.id === id,
    );
    expect(line.getChild('displayNames', 'urn:pando:chat:0')?.attrs.sender).toBe(
      ts.app.config.productName,
    );
    expect(line.getChildText('subject')).toBe('json/advice_resolution');
  });

  it('notifies occupants of membership changes with versioned affiliation messages', async () => {
    const carol = await connectAs(ts, 'carol@example.org');
    try {
      const mim = ward7.split('@')[0] ?? '';
      await ts.app.chat.rooms.setAffiliations(mim, { added: [carol.uuid] });
      const aff = (s: Element) => s.getChild('x', 'urn:xmpp:muclight:0#affiliations') !== undefined;
      const toCarol = (await carol.waitFor(aff)).getChild('x', 'urn:xmpp:muclight:0#affiliations');
      expect(toCarol?.getChildText('version')).toBeTruthy();
      expect(toCarol?.getChildren('user').map((u) => u.text())).toEqual(
        expect.arrayContaining([carol.bare, alice.bare, bob.bare]),
      );
      const toBob = (await bob.waitFor(aff)).getChild('x', 'urn:xmpp:muclight:0#affiliations');
      expect(toBob?.getChildText('prev-version')).toBeTruthy();
      expect(toBob?.getChildText('version')).toBe(toCarol?.getChildText('version'));
      expect(toBob?.getChildren('user').map((u) => [u.attrs.affiliation, u.text()])).toEqual([
        ['member', carol.bare],
      ]);

      await ts.app.chat.rooms.setAffiliations(mim, { removed: [carol.uuid] });
      const gone = await carol.waitFor(
        (s) =>
          aff(s) &&
          s.getChild('x', 'urn:xmpp:muclight:0#affiliations')?.getChild('user')?.attrs
            .affiliation === 'none',
      );
      expect(gone.getChild('x', 'urn:xmpp:muclight:0#affiliations')?.getChild('user')?.text()).toBe(
        carol.bare,
      );
    } finally {
      await carol.stop();
    }
  });
});

describe('archive (MAM) paging', () => {
  it('pages 14 messages backwards: a page of 10, then 4 with complete', async () => {
    const carol = await userUuid(ts, 'carol@example.org');
    const carolJid = `${carol}@${ts.app.config.xmppDomain}`;
    for (let i = 1; i <= 14; i++) await alice.xmpp.send(text(carolJid, `page-${i}`, `m${i}`));
    await expect.poll(() => archived('page-14')).toBe(1);

    const p1 = await mam(alice, { with: carolJid });
    expect(p1.bodies).toEqual(['m5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11', 'm12', 'm13', 'm14']);
    expect(p1.complete).toBe(false);
    const p2 = await mam(alice, { with: carolJid, before: p1.first });
    expect(p2.bodies).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(p2.complete).toBe(true);
  });

  it('filters by `end`', async () => {
    const carol = await userUuid(ts, 'carol@example.org');
    const carolJid = `${carol}@${ts.app.config.xmppDomain}`;
    await ts.app.chat.settled();
    const r = await ts.db.query<{ at: Date }>(
      `select created_at as at from chat_messages where client_id = 'page-7'`,
    );
    await ts.db.query(
      `update chat_messages set created_at = created_at + interval '1 hour' where client_id in ('page-8','page-9','page-10','page-11','page-12','page-13','page-14')`,
    );
    const page = await mam(alice, {
      with: carolJid,
      end: new Date(r.rows[0]?.at ?? 0).toISOString(),
    });
    expect(page.bodies).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
    expect(page.complete).toBe(true);
  });

  it('without `with`: pages through all of a person’s 1:1 messages, every conversation, no room lines', async () => {
    // From the archive itself: alice's 1:1 messages, sent or received, newest first.
    await ts.app.chat.settled();
    const expected = (
      await ts.db.query<{ client_id: string }>(
        `select client_id from chat_messages where kind = 'chat' and (sender = $1 or recipient = $1)
          order by id desc`,
        [alice.uuid],
      )
    ).rows.map((r) => r.client_id);
    expect(expected.length).toBeGreaterThan(20);
    const p1 = await mam(alice, {});
    expect(p1.ids).toEqual(expected.slice(0, 10).reverse());
    expect(p1.count).toBe(expected.length);
    expect(p1.complete).toBe(false);
    const p2 = await mam(alice, { before: p1.first });
    expect(p2.ids).toEqual(expected.slice(10, 20).reverse());
    const all = await mam(alice, { max: 100 });
    expect(all.ids).toEqual(expected.slice(0, 100).reverse());
  });

  it('serves a room archive to occupants', async () => {
    const page = await mam(bob, { to: ward7 });
    expect(page.bodies).toContain('Ward round at 9');
  });

  it('holds the demo history: Ward 7 Team lines and an alice-bob DM', async () => {
    const room = await mam(bob, { to: ward7, max: 100 });
    expect(room.bodies).toContain('Ward round starts at 2 pm today.');
    const dm = await mam(alice, { with: bob.bare, max: 100 });
    expect(dm.bodies).toContain('Done, letter is signed off.');
  });
});

describe('inbox and markers', () => {
  it('counts unread per conversation, resets on a displayed marker for the last id, and on sending', async () => {
    await alice.xmpp.send(text(bob.bare, 'inbox-1', 'one'));
    await alice.xmpp.send(text(bob.bare, 'inbox-2', 'two'));
    await bob.waitFor(msgWithId('inbox-2'));
    const row = (await inbox(bob)).rows.find((r) => r.from.startsWith(alice.bare));
    expect(row?.id).toBe('inbox-2');
    expect(row?.unread).toBeGreaterThanOrEqual(2);

    // A marker for an older message does not reset; the last message's id does.
    await bob.xmpp.send(
      xml(
        'message',
        { to: alice.bare, type: 'chat', id: 'mk-1' },
        xml('displayed', { xmlns: 'urn:xmpp:chat-markers:0', id: 'inbox-1' }),
      ),
    );
    const marker = await alice.waitFor(msgWithId('mk-1'));
    expect(marker.getChild('displayed', 'urn:xmpp:chat-markers:0')?.attrs.id).toBe('inbox-1');
    expect(
      (await inbox(bob)).rows.find((r) => r.from.startsWith(alice.bare))?.unread,
    ).toBeGreaterThanOrEqual(2);
    await bob.xmpp.send(
      xml(
        'message',
        { to: alice.bare, type: 'chat', id: 'mk-2' },
        xml('displayed', { xmlns: 'urn:xmpp:chat-markers:0', id: 'inbox-2' }),
      ),
    );
    await alice.waitFor(msgWithId('mk-2'));
    expect((await inbox(bob)).rows.find((r) => r.from.startsWith(alice.bare))?.unread).toBe(0);

    await alice.xmpp.send(text(bob.bare, 'inbox-3', 'three'));
    await bob.waitFor(msgWithId('inbox-3'));
    const fin = (await inbox(bob)).fin;
    expect(Number(fin?.getChildText('unread-messages'))).toBeGreaterThanOrEqual(1);
    await bob.xmpp.send(text(alice.bare, 'inbox-4', 'reply'));
    await alice.waitFor(msgWithId('inbox-4'));
    const afterReply = (await inbox(bob)).rows.find(
      (r) => r.to.startsWith(alice.bare) || r.from.startsWith(alice.bare),
    );
    expect(afterReply?.id).toBe('inbox-4');
    expect(afterReply?.unread).toBe(0);
  });
});

describe('markers kept with the archive (issue 35: read receipts after a reload)', () => {
  const NS_MARKERS = 'urn:xmpp:chat-markers:0';
  const marker = (to: string, type: 'received' | 'displayed', id: string, kind = 'chat') =>
    xml(
      'message',
      { to, type: kind, id: `mk-${type}-${id}` },
      xml(type, { xmlns: NS_MARKERS, id }),
    );
  /** The markers a MAM page carries from `reader`: type → marked id. */
  const markersIn = (page: Awaited<ReturnType<typeof mam>>, reader: string) =>
    Object.fromEntries(
      page.results
        .map((r) =>
          r
            .getChild('result', NS_MAM)
            ?.getChild('forwarded', 'urn:xmpp:forward:0')
            ?.getChild('message'),
        )
        .filter((m): m is Element => m !== undefined && (m.attrs.from ?? '').includes(reader))
        .flatMap((m) =>
          (['received', 'displayed'] as const)
            .map((t) => [t, m.getChild(t, NS_MARKERS)?.attrs.id] as const)
            .filter(([, id]) => id !== undefined),
        ),
    );

  it("returns the recipient's latest received and displayed markers with the sender's history", async () => {
    for (const n of [1, 2, 3]) await alice.xmpp.send(text(bob.bare, `rr-${n}`, `receipt ${n}`));
    await bob.waitFor(msgWithId('rr-3'));
    for (const n of [1, 2, 3]) await bob.xmpp.send(marker(alice.bare, 'received', `rr-${n}`));
    await bob.xmpp.send(marker(alice.bare, 'displayed', 'rr-2'));
    await alice.waitFor(msgWithId('mk-displayed-rr-2'));

    // A reload: a fresh history query, as the sender's other tab or device would send.
    const page = await mam(alice2, { with: bob.bare });
    expect(markersIn(page, bob.uuid)).toEqual({ received: 'rr-3', displayed: 'rr-2' });
    // Markers are not messages: the page still holds 10 messages and the count is of messages.
    expect(page.bodies.filter((b) => typeof b === 'string')).toHaveLength(10);
    expect(page.results).toHaveLength(12);

    // A late marker for an older message does not take the state back; a newer one moves it on.
    await bob.xmpp.send(marker(alice.bare, 'displayed', 'rr-1'));
    await alice.waitFor(msgWithId('mk-displayed-rr-1'));
    expect(markersIn(await mam(alice2, { with: bob.bare }), bob.uuid).displayed).toBe('rr-2');
    await bob.xmpp.send(marker(alice.bare, 'displayed', 'rr-3'));
    await alice.waitFor(msgWithId('mk-displayed-rr-3'));
    expect(markersIn(await mam(alice2, { with: bob.bare }), bob.uuid).displayed).toBe('rr-3');

    // Bob's own history does not show him his markers; a marker for no message is not kept.
    expect(markersIn(await mam(bob, { with: alice.bare }), bob.uuid)).toEqual({});
    await bob.xmpp.send(marker(alice.bare, 'displayed', 'no-such-message'));
    await alice.waitFor(msgWithId('mk-displayed-no-such-message'));
    expect(markersIn(await mam(alice2, { with: bob.bare }), bob.uuid).displayed).toBe('rr-3');
  });

  it("returns an occupant's displayed marker with the room's history", async () => {
    await alice.xmpp.send(text(ward7, 'room-rr-1', 'room receipt', 'groupchat'));
    await bob.waitFor(msgWithId('room-rr-1'));
    await bob.xmpp.send(marker(ward7, 'displayed', 'room-rr-1', 'groupchat'));
    await alice.waitFor(msgWithId('mk-displayed-room-rr-1'));
    const page = await mam(alice2, { to: ward7 });
    expect(markersIn(page, `${ward7}/${bob.bare}`)).toEqual({ displayed: 'room-rr-1' });
  });
});

describe('last activity', () => {
  it('answers 0 for an online colleague and the seconds since disconnect otherwise; strangers are refused', async () => {
    const q = (c: TestChatClient, to: string) =>
      c.iq(xml('iq', { type: 'get', to }, xml('query', { xmlns: 'jabber:iq:last' })));
    expect((await q(bob, alice.bare)).getChild('query', 'jabber:iq:last')?.attrs.seconds).toBe('0');
    const colleague = await connectAs(ts, 'org.admin@example.org');
    await colleague.stop();
    await expect
      .poll(
        async () =>
          (
            await ts.db.query('select 1 from chat_last_activity where user_uuid = $1', [
              colleague.uuid,
            ])
          ).rows.length,
      )
      .toBe(1);
    await ts.db.query(
      `update chat_last_activity set last_seen_at = now() - interval '120 seconds' where user_uuid = $1`,
      [colleague.uuid],
    );
    const seconds = Number(
      (await q(bob, colleague.bare)).getChild('query', 'jabber:iq:last')?.attrs.seconds,
    );
    expect(seconds).toBeGreaterThanOrEqual(120);
    expect(seconds).toBeLessThan(130);
    const dave = await connectAs(ts, 'dave@example.net');
    try {
      await expect(q(dave, alice.bare)).rejects.toThrow();
    } finally {
      await dave.stop();
    }
  });
});

describe('last activity for the admin console', () => {
  it('answers an admin for the people within their reach (spec 02 §2 user detail), not beyond', async () => {
    const q = (c: TestChatClient, to: string) =>
      c.iq(xml('iq', { type: 'get', to }, xml('query', { xmlns: 'jabber:iq:last' })));
    const admin = await connectAs(ts, 'network.admin@example.org');
    const carol = await connectAs(ts, 'carol@example.org'); // Riverside: another organisation of the network
    const dave = await connectAs(ts, 'dave@example.net'); // another network
    try {
      expect((await q(admin, carol.bare)).getChild('query', 'jabber:iq:last')?.attrs.seconds).toBe(
        '0',
      );
      await expect(q(admin, dave.bare)).rejects.toThrow();
    } finally {
      await Promise.all([admin.stop(), carol.stop(), dave.stop()]);
    }
  });
});

describe('limits and bad input', () => {
  it('closes the stream with policy-violation for a stanza over 256 KiB, and keeps serving others', async () => {
    const { uuid, token } = await chatLogin(ts, 'carol@example.org');
    const s = await rawLogin(ts.url, ts.app.config.xmppDomain, uuid, token);
    s.send(
      `<message xmlns="jabber:client" to="${bob.bare}" type="chat"><body>${'x'.repeat(300 * 1024)}</body></message>`,
    );
    expect(await s.waitFor((f) => f.includes('stream:error'))).toContain('policy-violation');
    await s.closed;
    await alice.xmpp.send(text(bob.bare, 'after-big', 'still here'));
    await bob.waitFor(msgWithId('after-big'));
  });

  it('closes the stream for malformed XML, a DOCTYPE and control characters', async () => {
    for (const [frame, condition] of [
      ['<message xmlns="jabber:client"><body>unclosed</message>', 'not-well-formed'],
      ['<!DOCTYPE x [<!ENTITY a "aaaa">]><message>&a;</message>', 'restricted-xml'],
      [
        `<message xmlns="jabber:client" to="${bob.bare}" type="chat" id="nul"><body>a\u0000b</body></message>`,
        'not-well-formed',
      ],
    ] as const) {
      const { uuid, token } = await chatLogin(ts, 'carol@example.org');
      const s = await rawLogin(ts.url, ts.app.config.xmppDomain, uuid, token);
      s.send(frame);
      expect(await s.waitFor((f) => f.includes('stream:error'))).toContain(condition);
      await s.closed;
    }
  });

  it('answers unknown IQs with service-unavailable', async () => {
    const err = await bob
      .iq(xml('iq', { type: 'get' }, xml('query', { xmlns: 'urn:example:nothing' })))
      .catch((e: unknown) => e);
    expect(String((err as { condition?: string }).condition ?? err)).toContain(
      'service-unavailable',
    );
  });

  it('answers an <open/> for another domain with host-unknown and closes', async () => {
    const s = await rawSocket(ts.url);
    s.send('<open xmlns="urn:ietf:params:xml:ns:xmpp-framing" to="other.example" version="1.0"/>');
    const err = await s.waitFor((f) => f.includes('stream:error'));
    expect(err).toContain('host-unknown');
    await s.closed;
  });

  it('refuses a WebSocket handshake from a foreign Origin', async () => {
    await expect(rawSocket(ts.url, { Origin: 'https://evil.example' })).rejects.toThrow(/403/);
    const ok = await rawSocket(ts.url, { Origin: ts.url });
    ok.ws.close();
  });
});

describe('session end', () => {
  it('closes the socket at once when a blocked user is blocked', async () => {
    const carol = await connectAs(ts, 'carol@example.org');
    const gone = new Promise<void>((resolve) =>
      carol.xmpp.once('disconnect', () => {
        resolve();
      }),
    );
    ts.app.events.emit('user:blocked', { userId: carol.userId });
    await gone;
    await carol.stop();
  });

  it('closes the socket at once when the session logs out', async () => {
    const dave = await connectAs(ts, 'dave@example.net');
    const offline = new Promise<void>((resolve) =>
      dave.xmpp.once('offline', () => {
        resolve();
      }),
    );
    const disconnected = new Promise<void>((resolve) =>
      dave.xmpp.once('disconnect', () => {
        resolve();
      }),
    );
    // What DELETE /api/v4/login does for the session.
    await revokeSessions(ts.app, { sessionId: dave.sessionId });
    await Promise.race([offline, disconnected]);
    expect(dave.xmpp.status).not.toBe('online');
    await dave.stop();
  });
});

describe('the REST side posting into a room as a person (ChatServer.postAs)', () => {
  const content = (body: string) => [
    el('body', {}, body),
    el('displayNames', { xmlns: NS.pando, sender: 'Someone Else', recipient: 'Ward 7 Team' }),
  ];

  it("goes through the room's own path: archived, fanned out, under the directory name", async () => {
    const mim = ward7.slice(0, ward7.indexOf('@'));
    await ts.app.chat.server.postAs(mim, alice.uuid, content('posted for alice'));
    const got = await bob.waitFor(
      (s) => s.attrs.type === 'groupchat' && s.getChildText('body') === 'posted for alice',
    );
    expect(got.attrs.from).toBe(`${ward7}/${alice.bare}`);
    expect(got.getChild('displayNames', 'urn:pando:chat:0')?.attrs.sender).toMatch(/^Alice/);
    expect(got.getChild('stanza-id', 'urn:xmpp:sid:0')?.attrs.by).toBe(ward7);
  });

  it('refuses someone who is not an occupant, storing nothing', async () => {
    const mim = ward7.slice(0, ward7.indexOf('@'));
    const dave = await userUuid(ts, 'dave@example.net');
    await expect(ts.app.chat.server.postAs(mim, dave, content('not a member'))).rejects.toThrow(
      /refused/,
    );
    await ts.app.chat.settled();
    const r = await ts.db.query('select 1 from chat_messages where sender = $1', [dave]);
    expect(r.rows).toEqual([]);
  });
});
