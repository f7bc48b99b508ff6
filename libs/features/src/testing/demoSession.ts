import type { ChatTransport } from '@pando/data-access';
import {
  FakeChatNetwork,
  MemoryOutboxStorage,
  type FakeTransport,
} from '@pando/data-access/testing/browser';
import { displayName } from '@pando/domain';
import type { ChatAdapter } from '../chat/runtime/ChatWiring';

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

/** Logs `email` in on the mock backend: the session cookie the MSW handlers read. */
export function signInDemo(backend: DemoBackend, email: string): void {
  const challenge = backend.startLogin(email);
  const attempt = backend.state.loginAttempts.find((a) => a.challenge === challenge);
  const result = backend.finishLogin(challenge, attempt?.code ?? '');
  if (!result.ok) throw new Error(`demo login for ${email} failed (${String(result.status)})`);
  document.cookie = `pando_session=${result.session.token}; path=/`;
}

/** Signs out of the mock backend (the login stories). */
export function signOutDemo(): void {
  document.cookie = 'pando_session=; max-age=0; path=/';
}

/**
 * Puts every person and room of the mock backend on the chat fake, so messages reach them as on
 * the real server. Called before every send and history query: a team created in the demo after
 * the chat started is a room as soon as its first message goes out.
 */
function syncRooms(backend: DemoBackend, network: FakeChatNetwork): void {
  const jidOf = new Map<number, string>();
  for (const u of backend.state.users) jidOf.set(u.id, network.addUser(u.uuid, displayName(u)));
  const members = (ids: readonly number[]) => ids.flatMap((id) => jidOf.get(id) ?? []);
  for (const t of backend.state.teams) network.addRoom(t.mim_id, members(t.user_ids));
  for (const a of backend.state.adviceConversations) {
    const team = backend.state.teams.find((t) => t.id === a.team_id);
    network.addRoom(a.mim_id, members([a.requestor_id, ...(team?.user_ids ?? [])]));
  }
}

/** The fake's transport, with the backend's rooms brought up to date before it is used. */
function syncingTransport(inner: FakeTransport, sync: () => void): ChatTransport {
  return {
    get jid() {
      return inner.isConnected ? inner.jid : null;
    },
    connect: () => {
      sync();
      return inner.connect();
    },
    disconnect: () => inner.disconnect(),
    send: (message) => {
      sync();
      return inner.send(message);
    },
    sendMarker: (...args) => inner.sendMarker(...args),
    enableCarbons: () => inner.enableCarbons(),
    sendPresence: (availability) => inner.sendPresence(availability),
    fetchInbox: () => inner.fetchInbox(),
    fetchHistory: (query) => {
      sync();
      return inner.fetchHistory(query);
    },
    lastActivity: (jid) => inner.lastActivity(jid),
    on: (listener) => inner.on(listener),
  };
}

/**
 * The chat of the demo and the Screens stories: `FakeChatNetwork` (an in-memory server with our
 * server's semantics) fed with the mock backend's people and rooms, and an outbox in memory (a
 * story must not find another story's queue; the demo's data is gone on reload anyway).
 */
export function fakeChat(
  backend: DemoBackend,
  network: FakeChatNetwork = new FakeChatNetwork(),
): ChatAdapter {
  return {
    transport: ({ jid }) =>
      syncingTransport(network.transport(jid), () => {
        syncRooms(backend, network);
      }),
    outboxStorage: () => new MemoryOutboxStorage(),
  };
}
