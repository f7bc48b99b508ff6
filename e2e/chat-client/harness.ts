import { ChatStore, XmppTransport } from '@pando/data-access';
import {
  FakeNetworkStatus,
  MemoryOutboxStorage,
  type ChatNotice,
  type ChatSnapshot,
} from '@pando/data-access/testing';
// @pando/server exports no entry point for its test server; the issue prescribes this relative import.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startTestServer, type TestServer } from '../../apps/server/src/testing/testServer';

export { startTestServer, type TestServer };

export interface Account {
  email: string;
  uuid: string;
  jid: string;
  name: string;
  cookie: string;
}

export interface ChatClient {
  account: Account;
  store: ChatStore;
  transport: XmppTransport;
  storage: MemoryOutboxStorage;
  network: FakeNetworkStatus;
  notices: ChatNotice[];
  logs: { level: string; message: string }[];
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Logs in through the real auth flow and reads who we are and the chat domain. */
export async function account(ts: TestServer, email: string): Promise<Account> {
  const cookie = await ts.loginAs(email);
  const me = await json<{ uuid: string; first_name: string; last_name: string }>(
    await fetch(`${ts.url}/api/v4/login/current`, { headers: { cookie } }),
  );
  const config = await json<{ chat_domain: string }>(await fetch(`${ts.url}/api/config`));
  return {
    email,
    uuid: me.uuid,
    jid: `${me.uuid}@${config.chat_domain}`,
    name: `${me.first_name} ${me.last_name}`.trim(),
    cookie,
  };
}

/** A chat client as the web app builds one: XmppTransport + ChatStore, with a token fetcher. */
export function chatClient(
  ts: TestServer,
  acc: Account,
  options: { storage?: MemoryOutboxStorage; resource?: string } = {},
): ChatClient {
  const domain = acc.jid.slice(acc.jid.indexOf('@') + 1);
  const transport = new XmppTransport({
    service: `${ts.url.replace(/^http/, 'ws')}/xmpp`,
    domain,
    userUuid: acc.uuid,
    ...(options.resource ? { resource: options.resource } : {}),
    getChatToken: async () =>
      (
        await json<{ token: string }>(
          await fetch(`${ts.url}/api/v4/login/token`, { headers: { cookie: acc.cookie } }),
        )
      ).token,
  });
  const storage = options.storage ?? new MemoryOutboxStorage();
  const network = new FakeNetworkStatus(true);
  const notices: ChatNotice[] = [];
  const logs: ChatClient['logs'] = [];
  const store = new ChatStore({
    transport,
    user: { jid: acc.jid, name: acc.name },
    outboxStorage: storage,
    network,
    random: () => 0.5,
    notify: (n) => notices.push(n),
    logger: {
      info: (message) => logs.push({ level: 'info', message }),
      warn: (message) => logs.push({ level: 'warn', message }),
      error: (message) => logs.push({ level: 'error', message }),
    },
  });
  return { account: acc, store, transport, storage, network, notices, logs };
}

/** Polls until the predicate holds on the store's snapshot (fails with the last snapshot's gist). */
export async function until(
  client: ChatClient,
  predicate: (s: ChatSnapshot) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (predicate(client.store.getSnapshot())) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  const s = client.store.getSnapshot();
  throw new Error(
    `timed out waiting for ${what}; connection=${JSON.stringify(s.connection)} outbox=${s.outbox.length} logs=${JSON.stringify(client.logs.slice(-5))}`,
  );
}

export async function started(client: ChatClient): Promise<void> {
  client.store.start();
  await until(client, (s) => s.connection.status === 'online', `${client.account.email} session`);
}

export function bodiesFrom(s: ChatSnapshot, address: string, senderJid?: string): string[] {
  return (s.conversations[address]?.messages ?? [])
    .filter(
      (m) =>
        senderJid === undefined || m.from.startsWith(senderJid) || m.from.endsWith(`/${senderJid}`),
    )
    .map((m) => m.body ?? '');
}
