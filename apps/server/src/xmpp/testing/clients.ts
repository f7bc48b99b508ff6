import { client, xml, type Client, type Element } from '@xmpp/client';
import { WebSocket } from 'ws';
import { issueChatToken } from '../../auth/chatToken.js';
import { createSession } from '../../auth/sessions.js';
import type { TestServer } from '../../testing/testServer.js';

export { xml, type Element };

export interface TestChatClient {
  xmpp: Client;
  uuid: string;
  /** Bare JID. */
  bare: string;
  /** Full JID after bind. */
  jid: string;
  userId: number;
  sessionId: number;
  received: Element[];
  /** Resolves with the first received stanza (past or future) matching `pred`. */
  waitFor(pred: (s: Element) => boolean, timeoutMs?: number): Promise<Element>;
  iq(el: Element): Promise<Element>;
  stop(): Promise<void>;
}

export async function userUuid(ts: TestServer, email: string): Promise<string> {
  const r = await ts.db.query<{ uuid: string }>(
    'select uuid::text as uuid from users where email = $1',
    [email],
  );
  const uuid = r.rows[0]?.uuid;
  if (!uuid) throw new Error(`no user ${email}`);
  return uuid;
}

/**
 * A session as POST /auth/validate creates it, and the chat token GET /api/v4/login/token
 * issues for it (the same functions, called directly so chat tests do not depend on email).
 */
export async function chatLogin(
  ts: TestServer,
  email: string,
  sessionId?: number,
): Promise<{ uuid: string; userId: number; sessionId: number; token: string }> {
  const r = await ts.db.query<{ id: number; uuid: string }>(
    'select id, uuid::text as uuid from users where email = $1',
    [email],
  );
  const user = r.rows[0];
  if (!user) throw new Error(`no user ${email}`);
  const sid =
    sessionId ??
    (await createSession(ts.db, ts.app.config, { userId: user.id, ip: '127.0.0.1' })).sessionId;
  const { token } = await issueChatToken(ts.db, ts.app.config, { userId: user.id, sessionId: sid });
  return { uuid: user.uuid, userId: user.id, sessionId: sid, token };
}

/** A real @xmpp/client logged in with a fresh chat token, reconnect off (tests decide). */
export async function connectAs(
  ts: TestServer,
  email: string,
  opts: { resource?: string; sessionId?: number; domain?: string } = {},
): Promise<TestChatClient> {
  const { uuid, userId, sessionId, token } = await chatLogin(ts, email, opts.sessionId);
  const domain = opts.domain ?? ts.app.config.xmppDomain;
  const xmpp = client({
    service: ts.url.replace(/^http/, 'ws') + '/xmpp',
    domain,
    username: uuid,
    password: token,
    ...(opts.resource ? { resource: opts.resource } : {}),
  });
  xmpp.reconnect.stop();
  xmpp.on('error', () => {});
  const received: Element[] = [];
  const waiters: { pred: (s: Element) => boolean; resolve: (s: Element) => void }[] = [];
  xmpp.on('stanza', (s: Element) => {
    received.push(s);
    for (const w of [...waiters]) {
      if (w.pred(s)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(s);
      }
    }
  });
  await xmpp.start();
  const jid = xmpp.jid?.toString() ?? '';
  return {
    xmpp,
    uuid,
    bare: `${uuid}@${domain}`,
    jid,
    userId,
    sessionId,
    received,
    waitFor(pred, timeoutMs = 5_000) {
      const hit = received.find(pred);
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        const w = {
          pred,
          resolve: (s: Element) => {
            clearTimeout(t);
            resolve(s);
          },
        };
        const t = setTimeout(() => {
          waiters.splice(waiters.indexOf(w), 1);
          reject(new Error(`timed out waiting for a stanza at ${jid}`));
        }, timeoutMs);
        waiters.push(w);
      });
    },
    iq: (el) => xmpp.iqCaller.request(el, 5_000),
    async stop() {
      await xmpp.stop().catch(() => undefined);
    },
  };
}

/** A raw RFC 7395 socket for what a well-behaved client would never send. */
export interface RawSocket {
  ws: WebSocket;
  frames: string[];
  send(frame: string): void;
  waitFor(pred: (frame: string) => boolean, timeoutMs?: number): Promise<string>;
  closed: Promise<number>;
}

export function rawSocket(url: string, headers: Record<string, string> = {}): Promise<RawSocket> {
  const ws = new WebSocket(url.replace(/^http/, 'ws') + '/xmpp', 'xmpp', { headers });
  const frames: string[] = [];
  const waiters: { pred: (f: string) => boolean; resolve: (f: string) => void }[] = [];
  ws.on('message', (d: Buffer) => {
    const f = d.toString('utf8');
    frames.push(f);
    for (const w of [...waiters]) {
      if (w.pred(f)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(f);
      }
    }
  });
  const closed = new Promise<number>((resolve) =>
    ws.on('close', (code: number) => {
      resolve(code);
    }),
  );
  return new Promise((resolve, reject) => {
    ws.on('error', reject);
    ws.on('unexpected-response', (_req, res) => {
      reject(new Error(`HTTP ${res.statusCode}`));
    });
    ws.on('open', () => {
      resolve({
        ws,
        frames,
        closed,
        send: (f) => {
          ws.send(f);
        },
        waitFor(pred, timeoutMs = 5_000) {
          const hit = frames.find(pred);
          if (hit) return Promise.resolve(hit);
          return new Promise((res, rej) => {
            const w = {
              pred,
              resolve: (f: string) => {
                clearTimeout(t);
                res(f);
              },
            };
            const t = setTimeout(() => {
              rej(new Error('timed out waiting for a frame'));
            }, timeoutMs);
            waiters.push(w);
          });
        },
      });
    });
  });
}

/** Opens, authenticates and binds a raw socket; resolves once bound. */
export async function rawLogin(
  url: string,
  domain: string,
  uuid: string,
  token: string,
): Promise<RawSocket> {
  const s = await rawSocket(url);
  s.send(`<open xmlns="urn:ietf:params:xml:ns:xmpp-framing" to="${domain}" version="1.0"/>`);
  await s.waitFor((f) => f.includes('<mechanism>PLAIN'));
  s.send(
    `<auth xmlns="urn:ietf:params:xml:ns:xmpp-sasl" mechanism="PLAIN">${Buffer.from(`\0${uuid}\0${token}`).toString('base64')}</auth>`,
  );
  await s.waitFor((f) => f.startsWith('<success'));
  s.send(`<open xmlns="urn:ietf:params:xml:ns:xmpp-framing" to="${domain}" version="1.0"/>`);
  await s.waitFor((f) => f.includes('urn:ietf:params:xml:ns:xmpp-bind"/>'));
  s.send(
    `<iq xmlns="jabber:client" type="set" id="b1"><bind xmlns="urn:ietf:params:xml:ns:xmpp-bind"/></iq>`,
  );
  await s.waitFor((f) => f.includes('id="b1"'));
  return s;
}
