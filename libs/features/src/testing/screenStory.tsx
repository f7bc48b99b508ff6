import { useState } from 'react';
import type { HttpLogger } from '@pando/data-access';
import { createMockWorker, FakeChatNetwork } from '@pando/data-access/testing/browser';
import { createPandoApp } from '../app/createPandoApp';
import type { ManageSettings } from '../common/manageSettings';
import { fakeChat, signInDemo, signOutDemo } from './demoSession';

type MockBackend = ReturnType<typeof createMockWorker>['backend'];

export interface ScreenStoryOptions {
  /** Who is signed in; null = nobody (the login screens). */
  email?: string | null;
  /** Shapes the seed before the screen opens (e.g. an advice conversation's state). */
  prepare?: (backend: MockBackend) => void;
  /** The admin console's settings (report scope, sidebar links, report switch), from the seed. */
  manage?: (backend: MockBackend) => Partial<ManageSettings>;
  /**
   * The live chat; false = none, as a page that hears nothing of others' changes (a stale page:
   * with the chat, its session start refetches what changed meanwhile). @default true
   */
  chat?: boolean;
}

const quietLogger: HttpLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  event: () => undefined,
};

function ScreenStory({
  backend,
  path,
  email,
  manage,
  chat: withChat,
}: {
  backend: MockBackend;
  path: string;
  email: string | null;
  manage: Partial<ManageSettings> | undefined;
  chat: boolean;
}) {
  const [app] = useState(() => {
    const network = new FakeChatNetwork();
    if (email === null) signOutDemo();
    else signInDemo(backend, email);
    const chat = fakeChat(backend, network);
    return createPandoApp({
      productName: 'Pando',
      chatDomain: network.domain,
      logger: quietLogger,
      api: { baseUrl: '/api/v4', clientVersion: 'storybook', clientBuild: 'storybook' },
      initialPath: path,
      ...(manage ? { manage } : {}),
      ...(email === null || !withChat ? {} : { loadChat: () => Promise.resolve(chat) }),
    });
  });
  return <app.Root />;
}

/**
 * A Screens story: the product as `createPandoApp` builds it for the web app, opened at `path`,
 * over a fresh MSW mock backend with the demo seed (its handlers go to msw-storybook-addon) and
 * the chat on `FakeChatNetwork`.
 */
export function screenStory(
  path: string | ((backend: MockBackend) => string),
  options: ScreenStoryOptions = {},
) {
  const { worker, backend } = createMockWorker({ seed: 'demo' });
  options.prepare?.(backend);
  const email = options.email === undefined ? 'alice@example.org' : options.email;
  const pathOf = typeof path === 'string' ? () => path : path;
  return {
    parameters: { msw: { handlers: [...worker.listHandlers()] } },
    render: () => (
      <ScreenStory
        backend={backend}
        path={pathOf(backend)}
        email={email}
        manage={options.manage?.(backend)}
        chat={options.chat ?? true}
      />
    ),
  };
}
