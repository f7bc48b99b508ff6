import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/index.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { connectAs, type Element, type TestChatClient } from '../xmpp/testing/clients.js';
import { api, type Caller, demoCallers } from './testing.js';

let ts: TestServer;
let alice: Caller;
let bob: Caller;

beforeAll(async () => {
  ts = await startTestServer();
  ({ alice, bob } = await demoCallers(ts));
});
afterAll(async () => {
  await ts.close();
});

const CONFIG = 'urn:xmpp:muclight:0#configuration';

// Issue 35: others' sidebars and panels follow a rename live. The chat server tells the room's
// occupants with a MUC Light configuration message, as MongooseIM does.
describe('a rename is announced to the room (MUC Light configuration message)', () => {
  it('PUT /teams/{id} with a new name: every occupant gets the new roomname from the room', async () => {
    const created = (
      await api(ts, alice, 'POST', '/api/v4/teams', { name: 'Before rename', user_ids: [bob.id] })
    ).json<{ id: number; mim_id: string }>();
    let bobChat: TestChatClient | undefined;
    try {
      bobChat = await connectAs(ts, DEMO_ACCOUNTS.bob);
      const roomJid = `${created.mim_id}@muclight.${ts.app.config.xmppDomain}`;
      const renamed = api(ts, alice, 'PUT', `/api/v4/teams/${created.id}`, {
        name: 'After rename',
      });
      const config = await bobChat.waitFor(
        (s: Element) => s.is('message') && s.getChild('x', CONFIG) !== undefined,
      );
      expect((await renamed).statusCode).toBe(200);
      expect(config.attrs.from).toBe(roomJid);
      expect(config.attrs.type).toBe('groupchat');
      expect(config.getChild('x', CONFIG)?.getChildText('roomname')).toBe('After rename');
      expect(config.getChild('x', CONFIG)?.getChildText('version')).toBeTruthy();
    } finally {
      await bobChat?.stop();
    }
  });
});
