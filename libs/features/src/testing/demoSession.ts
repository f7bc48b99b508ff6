import { ChatStore, MemoryOutboxStorage, type ChatTransport } from '@pando/data-access';
import { userJid } from '@pando/domain';
import { LocalEchoTransport } from './LocalEchoTransport';

/** What the demo session needs of the mock backend (`@pando/data-access/testing`'s MockBackend). */
export interface DemoBackend {
  readonly state: {
    users: readonly {
      id: number;
      uuid: string;
      email: string;
      first_name: string;
      last_name: string;
    }[];
    teams: readonly { id: number; mim_id: string; user_ids: readonly number[] }[];
    adviceConversations: readonly { mim_id: string; requestor_id: number; team_id: number }[];
    loginAttempts: readonly { challenge: string; code: string }[];
  };
  startLogin(email: string): string;
  finishLogin(
    challenge: string | undefined,
    code: string,
  ): { ok: true; session: { token: string } } | { ok: false; status: number };
}

/** What the demo session needs of a chat fake (`FakeChatNetwork` fits; so does the local echo). */
export interface DemoChatNetwork {
  readonly domain: string;
  addUser(uuid: string, name: string): string;
  addRoom(mimId: string, members: readonly string[]): string;
  transport(jid: string): ChatTransport;
}

/** A chat "network" of one: every send is stored and echoed (see LocalEchoTransport). */
export class LocalEchoNetwork implements DemoChatNetwork {
  constructor(readonly domain = 'pando.test') {}
  addUser(uuid: string): string {
    return `${uuid}@${this.domain}`;
  }
  addRoom(mimId: string): string {
    return `${mimId}@muclight.${this.domain}`;
  }
  transport(jid: string): ChatTransport {
    return new LocalEchoTransport(jid);
  }
}

/**
 * Logs `email` in on the mock backend (the session cookie the MSW handlers read) and starts a
 * ChatStore for them on the chat fake, with every person and room of the backend registered, so
 * a story or the demo shows the signed-in product with a live chat and no server.
 */
export function startDemoSession(
  backend: DemoBackend,
  network: DemoChatNetwork,
  email: string,
): { store: ChatStore; token: string } {
  const challenge = backend.startLogin(email);
  const attempt = backend.state.loginAttempts.find((a) => a.challenge === challenge);
  const result = backend.finishLogin(challenge, attempt?.code ?? '');
  if (!result.ok) throw new Error(`demo login for ${email} failed (${String(result.status)})`);
  document.cookie = `pando_session=${result.session.token}; path=/`;

  const jidOf = new Map<number, string>();
  for (const u of backend.state.users) {
    jidOf.set(u.id, network.addUser(u.uuid, `${u.first_name} ${u.last_name}`));
  }
  const members = (ids: readonly number[]) => ids.flatMap((id) => jidOf.get(id) ?? []);
  for (const t of backend.state.teams) network.addRoom(t.mim_id, members(t.user_ids));
  for (const a of backend.state.adviceConversations) {
    const team = backend.state.teams.find((t) => t.id === a.team_id);
    network.addRoom(a.mim_id, members([a.requestor_id, ...(team?.user_ids ?? [])]));
  }
  const me = backend.state.users.find((u) => u.email === email);
  if (!me) throw new Error(`no demo user ${email}`);
  const jid = userJid(me.uuid, network.domain);
  const store = new ChatStore({
    transport: network.transport(jid),
    user: { jid, name: `${me.first_name} ${me.last_name}` },
    outboxStorage: new MemoryOutboxStorage(),
  });
  store.start();
  return { store, token: result.session.token };
}
