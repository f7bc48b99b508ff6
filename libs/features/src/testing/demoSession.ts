import type { ChatTransport } from '@pando/data-access';
import {
  FakeChatNetwork,
  MemoryOutboxStorage,
  type FakeTransport,
} from '@pando/data-access/testing/browser';
import { displayName } from '@pando/domain';
import type { ChatAdapter } from '../chat/runtime/ChatWiring';

/**
 * The people and rooms of the server in the page (`@pando/server/page`'s `chatDirectory()`),
 * which the chat fake needs to deliver messages as the real chat server would.
 */
export interface ChatDirectory {
  users: readonly { id: number; uuid: string; first_name: string; last_name: string }[];
  teams: readonly { mim_id: string; user_ids: readonly number[] }[];
  adviceConversations: readonly { mim_id: string; user_ids: readonly number[] }[];
}

/**
 * Signs the page in: the session cookie (`PageServer.login`'s Cookie pair) where MSW's bridge
 * reads the page's cookies. Secure on https, where the server names it `__Host-…`.
 */
export function signInDemo(cookie: string): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${cookie}; path=/${secure}`;
}

/** Signs the page out (the login stories): every cookie of the page's own path cleared. */
export function signOutDemo(): void {
  for (const pair of document.cookie.split('; ')) {
    const name = pair.split('=')[0];
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
}

/**
 * Puts every person and room of the server on the chat fake, so messages reach them as on the
 * real server. Called before every send and history query: a team created in the demo after the
 * chat started is a room as soon as its first message goes out.
 */
async function syncRooms(
  directory: () => Promise<ChatDirectory>,
  network: FakeChatNetwork,
): Promise<void> {
  const { users, teams, adviceConversations } = await directory();
  const jidOf = new Map<number, string>();
  for (const u of users) jidOf.set(u.id, network.addUser(u.uuid, displayName(u)));
  const members = (ids: readonly number[]) => ids.flatMap((id) => jidOf.get(id) ?? []);
  for (const room of [...teams, ...adviceConversations])
    network.addRoom(room.mim_id, members(room.user_ids));
}

/** The fake's transport, with the backend's rooms brought up to date before it is used. */
function syncingTransport(inner: FakeTransport, sync: () => Promise<void>): ChatTransport {
  return {
    get jid() {
      return inner.isConnected ? inner.jid : null;
    },
    connect: async () => {
      await sync();
      return inner.connect();
    },
    disconnect: () => inner.disconnect(),
    send: async (message) => {
      await sync();
      return inner.send(message);
    },
    sendMarker: (...args) => inner.sendMarker(...args),
    enableCarbons: () => inner.enableCarbons(),
    sendPresence: (availability) => inner.sendPresence(availability),
    fetchInbox: () => inner.fetchInbox(),
    fetchHistory: async (query) => {
      await sync();
      return inner.fetchHistory(query);
    },
    lastActivity: (jid) => inner.lastActivity(jid),
    on: (listener) => inner.on(listener),
  };
}

/**
 * The chat of the demo and the Screens stories: `FakeChatNetwork` (an in-memory server with our
 * server's semantics) fed with the page server's people and rooms, and an outbox in memory (a
 * story must not find another story's queue; the demo's data is gone on reload anyway).
 */
export function fakeChat(
  directory: () => Promise<ChatDirectory>,
  network: FakeChatNetwork = new FakeChatNetwork(),
): ChatAdapter {
  return {
    transport: ({ jid }) =>
      syncingTransport(network.transport(jid), () => syncRooms(directory, network)),
    outboxStorage: () => new MemoryOutboxStorage(),
  };
}
