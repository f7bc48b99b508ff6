import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import {
  chatLogin,
  connectAs,
  rawLogin,
  rawSocket,
  xml,
  type TestChatClient,
} from './testing/clients.js';
import { hostileFrames, type HostileFrame } from './testing/fuzz.js';

const FRAMES = 10_000;
const SEED = 20261122;

let ts: TestServer;
let alice: TestChatClient;
let bob: TestChatClient;

beforeAll(async () => {
  ts = await startTestServer();
  // The fuzzer sends as fast as it can; the per-connection rate limit is tested elsewhere.
  ts.app.chat.connectionOptions.rate = { perSecond: 1e9, burst: 1e9 };
  alice = await connectAs(ts, 'alice@example.org');
  bob = await connectAs(ts, 'bob@example.org');
});

afterAll(async () => {
  // beforeAll may have failed part-way.
  await (alice as TestChatClient | undefined)?.stop();
  await (bob as TestChatClient | undefined)?.stop();
  await (ts as TestServer | undefined)?.close();
});

async function controlRoundTrip(n: number): Promise<void> {
  const id = `control-${n}`;
  await alice.xmpp.send(
    xml('message', { to: bob.bare, type: 'chat', id }, xml('body', {}, 'still alive?')),
  );
  await bob.waitFor((s) => s.attrs.id === id, 10_000);
}

describe('fuzz: hostile frames at a live server', () => {
  it(`survives ${FRAMES} generated malformed or hostile frames and keeps serving a control client`, async () => {
    const domain = ts.app.config.xmppDomain;
    const mim =
      (await ts.db.query<{ mim_id: string }>(`select mim_id from teams where name = 'Ward 7 Team'`))
        .rows[0]?.mim_id ?? '';
    const frames = hostileFrames(SEED, FRAMES, {
      domain,
      peer: bob.bare,
      room: `${mim.toLowerCase()}@muclight.${domain}`,
    });
    const fatal = frames.filter((f) => f.fatal);
    const benign = frames.filter((f) => !f.fatal);
    expect(fatal.length).toBeGreaterThan(1000);
    expect(benign.length).toBeGreaterThan(1000);

    // Fatal frames before authentication (each ends its stream), 16 sockets at a time.
    let next = 0;
    let ended = 0;
    const preAuth = async () => {
      while (next < fatal.length) {
        const f = fatal[next++] as HostileFrame;
        const s = await rawSocket(ts.url);
        s.send(`<open xmlns="urn:ietf:params:xml:ns:xmpp-framing" to="${domain}" version="1.0"/>`);
        s.ws.send(f.frame);
        const code = await Promise.race([
          s.closed,
          new Promise<number>((r) =>
            setTimeout(() => {
              r(-1);
            }, 5_000),
          ),
        ]);
        if (code !== -1) ended++;
        else s.ws.terminate();
      }
    };
    await Promise.all(Array.from({ length: 16 }, preAuth));
    expect(ended).toBe(fatal.length);
    await controlRoundTrip(1);

    // Benign-but-hostile frames after authentication on one stream that must stay open, with
    // some fatal ones on fresh authenticated streams in between.
    const carol = await chatLogin(ts, 'carol@example.org');
    // A chat token opens one connection: every new stream asks for a fresh one.
    const token = async () => (await chatLogin(ts, 'carol@example.org', carol.sessionId)).token;
    let s = await rawLogin(ts.url, domain, carol.uuid, carol.token);
    s.send('<enable xmlns="urn:xmpp:sm:3"/>');
    let reopened = 0;
    // Stream management counts every message, iq and presence, handled or refused.
    let stanzas = 0;
    for (let i = 0; i < benign.length; i++) {
      const frame = (benign[i] as HostileFrame).frame;
      s.ws.send(frame);
      if (/^<(message|iq|presence)[ />]/.test(String(frame))) stanzas++;
      if (i % 500 === 499) {
        // The stream is still open and has handled everything so far.
        s.send('<r xmlns="urn:xmpp:sm:3"/>');
        const h = stanzas;
        await s.waitFor((f) => f.includes(`h="${h}"`), 10_000);
        expect(s.ws.readyState).toBe(1);
        const killer = fatal[i % fatal.length] as HostileFrame;
        const k = await rawLogin(ts.url, domain, carol.uuid, await token());
        k.ws.send(killer.frame);
        await k.closed;
        reopened++;
        await controlRoundTrip(2 + i);
      }
    }
    s.send('<r xmlns="urn:xmpp:sm:3"/>');
    await s.waitFor((f) => f.includes(`h="${stanzas}"`), 30_000);
    s.ws.close();
    expect(reopened).toBeGreaterThan(5);
    await controlRoundTrip(-1);
    s = await rawLogin(ts.url, domain, carol.uuid, await token());
    s.ws.close();
  });
});
