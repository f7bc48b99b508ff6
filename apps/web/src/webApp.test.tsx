import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeChatNetwork, type FakeTransport } from '@pando/data-access/testing';
import { displayName, type RuntimeConfig } from '@pando/domain';
import {
  embeddedApi,
  type EmbeddedTestServer,
  startEmbeddedTestServer,
} from '@pando/server/testing';
import { setupServer } from 'msw/node';
import { PandoMantineProvider } from '@pando/ui';
import { preloadSignedIn } from '@pando/features';
import { createWebApp } from './webApp';

// Where the web app keeps a user's outbox (a stored format: a new key would strand what is queued).
const outboxKeyOf = (uuid: string) => `pando.chat.outbox.${uuid}`;

/**
 * The web app's own wiring (`createWebApp`, what main.tsx renders): the real server, embedded,
 * answers the REST API (the seed put back before each test) and the chat runs on
 * `FakeChatNetwork` instead of a WebSocket; everything else (the chat store, the outbox key,
 * visibility, notifications) is what production runs.
 */
const config: RuntimeConfig = {
  api_base: '/api/v4',
  analytics_base: '/api/v1',
  chat_websocket_url: '/xmpp',
  chat_domain: 'pando.test',
  product_name: 'Pando',
  demo: false,
  redirect_disabled: false,
  analytics_scope: null,
  analytics_demo: null,
  support_url: 'https://pando.health/support',
  knowledge_base_url: 'https://pando.health/knowledge-base',
};
const quiet = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  event: () => undefined,
};

Object.assign(globalThis, { ArrayBuffer: Buffer.alloc(0).buffer.constructor });
const server = setupServer();
let embedded: EmbeddedTestServer;
interface Person {
  id: number;
  uuid: string;
  email: string;
  first_name: string;
  last_name: string;
}
let alice: Person;
let bob: Person;
const userOf = async (email: string) => {
  const rows = await embedded.app.db.query<Person>(
    'select id, uuid, email, first_name, last_name from users where email = $1',
    [email],
  );
  const user = rows.rows[0];
  if (!user) throw new Error(email);
  return user;
};

/** The session cookie in the page, as the login screen leaves it. */
async function signIn(email: string) {
  const { cookie } = await embedded.login(email);
  document.cookie = `${cookie}; path=/`;
}

/** Browser notifications shown, as the page's Notification API receives them. */
const shown: { title: string; body: string | undefined }[] = [];
function RecordingNotification(title: string, options?: NotificationOptions) {
  shown.push({ title, body: options?.body });
}
RecordingNotification.permission = 'granted' satisfies NotificationPermission;
RecordingNotification.requestPermission = () => Promise.resolve('granted');

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(next: DocumentVisibilityState) {
  visibility = next;
  document.dispatchEvent(new Event('visibilitychange'));
}

function mount(network: FakeChatNetwork, onTransport?: (t: FakeTransport) => void) {
  const app = createWebApp(config, quiet, ({ jid }) => {
    const transport = network.transport(jid);
    onTransport?.(transport);
    return transport;
  });
  return render(
    <PandoMantineProvider>
      <app.Root />
    </PandoMantineProvider>,
  );
}

function chatNetwork() {
  const network = new FakeChatNetwork({ domain: config.chat_domain });
  network.addUser(alice.uuid, displayName(alice));
  network.addUser(bob.uuid, displayName(bob));
  return network;
}

// The router and the signed-in screens are code-split (they load after boot): load them once
// here, so each test's clock measures the wiring and not the first transform of those modules.
beforeAll(() => preloadSignedIn(), 60_000);

beforeAll(async () => {
  embedded = await startEmbeddedTestServer(window.location.origin);
  alice = await userOf('alice@example.org');
  bob = await userOf('bob@example.org');
  server.listen({ onUnhandledFrame: 'error' });
  // jsdom's fetch is Node's, which has no cookie jar: send the page's cookies as a browser does.
  const intercepted = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('cookie', document.cookie);
    return intercepted(input, { ...init, headers });
  };
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    value: RecordingNotification,
  });
}, 120_000);
beforeEach(async () => {
  await embedded.reset();
  server.resetHandlers(embeddedApi(embedded, embedded.origin));
  shown.length = 0;
  visibility = 'visible';
  localStorage.clear();
  await signIn(alice.email);
  window.history.replaceState(null, '', `/users/${bob.uuid}`);
});
afterAll(async () => {
  server.close();
  await embedded.close();
});

// Each test mounts the whole app (router, shell, chat) in jsdom: seconds on a busy 2-core machine.
describe('the web app’s chat wiring', { timeout: 20_000 }, () => {
  it('a chat left open in a hidden tab sends no displayed marker, keeps the unread count and shows a browser notification', async () => {
    const network = chatNetwork();
    let mine: FakeTransport | undefined;
    const view = mount(network, (t) => (mine = t));
    await screen.findByRole('textbox', {}, { timeout: 5000 });
    await waitFor(() => {
      expect(mine?.isConnected).toBe(true);
    });

    setVisibility('hidden');
    const bobs = network.transport(`${bob.uuid}@${config.chat_domain}`, 'phone');
    await bobs.connect();
    await act(() =>
      bobs.send({
        id: 'while-away',
        to: `${alice.uuid}@${config.chat_domain}`,
        type: 'chat',
        subject: 'text/plain',
        body: 'Bed 4 needs you',
        displayNames: { sender: displayName(bob), recipient: displayName(alice) },
        sendTimestamp: Date.now(),
      }),
    );

    await waitFor(() => {
      expect(document.title).toBe('(1) Pando');
    });
    expect(shown).toEqual([{ title: displayName(bob), body: 'Bed 4 needs you' }]);
    expect(mine?.sentMarkers.filter((m) => m.marker === 'displayed')).toEqual([]);
    expect(
      network.unreadOf(`${alice.uuid}@${config.chat_domain}`, `${bob.uuid}@${config.chat_domain}`),
    ).toBe(1);

    // Back to the tab: now the message is read, on the server too.
    setVisibility('visible');
    await waitFor(() => {
      expect(document.title).toBe('Pando');
    });
    await waitFor(() => {
      expect(mine?.sentMarkers).toContainEqual({
        to: `${bob.uuid}@${config.chat_domain}`,
        marker: 'displayed',
        id: 'while-away',
      });
    });
    expect(
      network.unreadOf(`${alice.uuid}@${config.chat_domain}`, `${bob.uuid}@${config.chat_domain}`),
    ).toBe(0);
    view.unmount();
  });

  it('a message typed without a connection waits in this user’s outbox key and is sent after a reload', async () => {
    const network = chatNetwork();
    network.reachable = false;
    const first = mount(network);
    const composer = await screen.findByRole('textbox', {}, { timeout: 5000 });
    await userEvent.type(composer, 'Typed on the stairs{Enter}');
    await waitFor(() => {
      expect(JSON.parse(localStorage.getItem(outboxKeyOf(alice.uuid)) ?? '[]')).toMatchObject([
        { body: expect.stringContaining('Typed on the stairs') as string },
      ]);
    });
    first.unmount();

    // The reload: a new app, the same browser storage, and the chat server reachable again.
    network.reachable = true;
    const second = mount(network);
    await waitFor(
      () => {
        expect(
          network
            .archived(`${alice.uuid}@${config.chat_domain}`, `${bob.uuid}@${config.chat_domain}`)
            .map((m) => m.body),
        ).toEqual([expect.stringContaining('Typed on the stairs')]);
      },
      { timeout: 5000 },
    );
    await waitFor(() => {
      expect(localStorage.getItem(outboxKeyOf(alice.uuid))).toBeNull();
    });
    second.unmount();
  });

  it('a message in a room the sidebar does not list yet (a team someone added me to) brings it in, named', async () => {
    const network = chatNetwork();
    window.history.replaceState(null, '', '/');
    const view = mount(network);
    await screen.findByText('Ward 7 Team', {}, { timeout: 5000 });
    // Bob makes the team with Alice in it; her page hears of it only by the room's message.
    const { cookie } = await embedded.login(bob.email);
    const created = await embedded.request('/api/v4/teams', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: embedded.origin },
      body: JSON.stringify({ name: 'Night Shift Huddle', user_ids: [alice.id] }),
    });
    expect(created.status).toBe(201);
    const { mim_id } = (await created.json()) as { mim_id: string };
    const room = network.addRoom(mim_id, [
      `${alice.uuid}@${config.chat_domain}`,
      `${bob.uuid}@${config.chat_domain}`,
    ]);
    const bobs = network.transport(`${bob.uuid}@${config.chat_domain}`, 'phone');
    await bobs.connect();
    await act(() =>
      bobs.send({
        id: 'huddle-1',
        to: room,
        type: 'groupchat',
        subject: 'text/plain',
        body: 'Huddle at 2',
        displayNames: { sender: displayName(bob), recipient: 'Night Shift Huddle' },
        sendTimestamp: Date.now(),
      }),
    );
    expect(await screen.findByText('Night Shift Huddle', {}, { timeout: 5000 })).toBeTruthy();
    view.unmount();
  });
});
