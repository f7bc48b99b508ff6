import { ChatStore } from '../ChatStore';
import type { ChatNotice, ChatStoreOptions } from '../environment';
import { MemoryOutboxStorage } from './MemoryOutboxStorage';
import { initialSnapshot, type StoreCore } from '../snapshot';
import { FakeChatNetwork, type FakeTransport } from './FakeChatNetwork';
import { FakeNetworkStatus } from './FakeNetworkStatus';
import { ManualClock } from './ManualClock';

/** Lets every pending microtask and promise chain settle (the fake network delivers in microtasks). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

export interface TestUser {
  jid: string;
  name: string;
  store: ChatStore;
  transport: FakeTransport;
  storage: MemoryOutboxStorage;
  network: FakeNetworkStatus;
  notices: ChatNotice[];
  logs: { level: 'info' | 'warn' | 'error'; message: string }[];
}

/**
 * A deterministic chat world: one fake server, a manual clock, and helpers to create users
 * (each with their own store, transport, outbox storage, browser network switch and logs).
 */
export function createChatWorld() {
  const clock = new ManualClock();
  const net = new FakeChatNetwork({ clock });
  const alice = net.addUser('alice-uuid', 'Alice Adams');
  const bob = net.addUser('bob-uuid', 'Bob Brown');
  const ward = net.addRoom('ward7', [alice, bob]);

  let ids = 0;
  function user(
    jid: string,
    name: string,
    options: Partial<ChatStoreOptions> & { storage?: MemoryOutboxStorage; resource?: string } = {},
  ): TestUser {
    const { storage = new MemoryOutboxStorage(), resource = 'web', ...rest } = options;
    const transport = net.transport(jid, resource);
    const network = new FakeNetworkStatus(true);
    const notices: ChatNotice[] = [];
    const logs: TestUser['logs'] = [];
    const store = new ChatStore({
      transport,
      user: { jid, name },
      outboxStorage: storage,
      clock,
      random: () => 0.5,
      network,
      notify: (n) => notices.push(n),
      logger: {
        info: (message) => logs.push({ level: 'info', message }),
        warn: (message) => logs.push({ level: 'warn', message }),
        error: (message) => logs.push({ level: 'error', message }),
      },
      createId: () => `${resource}-${name.split(' ')[0]?.toLowerCase()}-${++ids}`,
      ...rest,
    });
    store.registerConversations([
      { address: alice, kind: 'direct', name: 'Alice Adams' },
      { address: bob, kind: 'direct', name: 'Bob Brown' },
      { address: ward, kind: 'team', name: 'Ward 7 Team', id: 7 },
    ]);
    return { jid, name, store, transport, storage, network, notices, logs };
  }

  return { clock, net, alice, bob, ward, user };
}

/**
 * One unit of the store on its own: a `StoreCore` over a plain snapshot, a manual clock, the
 * notices and logs it produced, and a connection switch.
 */
export function createTestCore(me = 'me@pando.test') {
  const clock = new ManualClock();
  let state = initialSnapshot(false);
  let online = true;
  const notices: ChatNotice[] = [];
  const logs: { level: 'info' | 'warn' | 'error'; message: string }[] = [];
  const core: StoreCore = {
    me,
    clock,
    logger: {
      info: (message) => logs.push({ level: 'info', message }),
      warn: (message) => logs.push({ level: 'warn', message }),
      error: (message) => logs.push({ level: 'error', message }),
    },
    snapshot: () => state,
    set: (patch) => {
      state = { ...state, ...patch };
    },
    notice: (kind, message) => notices.push({ kind, message }),
    connected: () => online,
  };
  return {
    core,
    clock,
    notices,
    logs,
    setConnected(value: boolean) {
      online = value;
    },
  };
}
