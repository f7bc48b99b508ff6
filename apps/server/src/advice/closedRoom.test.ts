import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { api, type Caller, demoCallers, teamId } from '../teams/testing.js';
import { connectAs, xml, type Element } from '../xmpp/testing/clients.js';

let ts: TestServer;
let alice: Caller;
let bob: Caller;
let cardiology: { id: number; mim_id: string };

beforeAll(async () => {
  ts = await startTestServer();
  ({ alice, bob } = await demoCallers(ts));
  cardiology = await teamId(ts, 'Cardiology Advice');
});
afterAll(async () => {
  await ts.close();
});

const text = (to: string, id: string, body: string) =>
  xml(
    'message',
    { to, id, type: 'groupchat' },
    xml('body', {}, body),
    xml('displayNames', { xmlns: 'urn:pando:chat:0', sender: 'Alice', recipient: 'Advice' }),
  );

async function archived(clientId: string): Promise<number> {
  await ts.app.chat.settled();
  const r = await ts.db.query<{ n: number }>(
    'select count(*)::int as n from chat_messages where client_id = $1',
    [clientId],
  );
  return r.rows[0]?.n ?? 0;
}

// Issue 35, decided in libs/domain/README.md: a closed advice conversation (both sides resolved)
// is read-only. The screens replace the composer; the chat server refuses messages into the room
// whatever a client sends, while markers (reading) still pass.
describe('a closed advice conversation refuses new messages', () => {
  it('open and re-opened conversations take messages; once accepted, a message is refused with not-allowed and not archived', async () => {
    const created = await api(
      ts,
      alice,
      'POST',
      `/api/v4/teams/${String(cardiology.id)}/advice-conversations`,
      { message: 'Closed-room test: rate control in AF?' },
    );
    expect(created.statusCode).toBe(201);
    const c = created.json<{ id: number; mim_id: string }>();
    const room = `${c.mim_id.toLowerCase()}@muclight.${ts.app.config.xmppDomain}`;
    const path = `/api/v4/teams/${String(cardiology.id)}/advice-conversations/${String(c.id)}`;
    const aliceChat = await connectAs(ts, DEMO_ACCOUNTS.alice);
    try {
      const outcome = (id: string) =>
        aliceChat.waitFor(
          (s: Element) =>
            s.is('message') &&
            s.attrs.id === id &&
            (s.attrs.type === 'error' || s.getChild('stanza-id', 'urn:xmpp:sid:0') !== undefined),
        );
      await aliceChat.xmpp.send(text(room, 'closed-room-open', 'While open'));
      expect((await outcome('closed-room-open')).attrs.type).toBe('groupchat');

      expect((await api(ts, alice, 'PUT', `${path}/resolve`)).statusCode).toBe(200);
      // Resolved by the requester only: still open to messages (the team may reject).
      await aliceChat.xmpp.send(text(room, 'closed-room-resolved', 'One more detail'));
      expect((await outcome('closed-room-resolved')).attrs.type).toBe('groupchat');

      expect((await api(ts, bob, 'PUT', `${path}/accept`)).statusCode).toBe(200);
      await aliceChat.xmpp.send(text(room, 'closed-room-closed', 'After it was closed'));
      const refused = await outcome('closed-room-closed');
      expect(refused.attrs.type).toBe('error');
      expect(refused.getChild('error')?.getChild('not-allowed')).toBeDefined();
      expect(await archived('closed-room-closed')).toBe(0);
      expect(await archived('closed-room-resolved')).toBe(1);
    } finally {
      await aliceChat.stop();
    }
  });
});
