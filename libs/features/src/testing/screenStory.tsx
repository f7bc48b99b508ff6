import { useState } from 'react';
import { createMockWorker } from '@pando/data-access/testing/browser';
import { ScreenHarness } from './ScreenHarness';
import { LocalEchoNetwork, startDemoSession } from './demoSession';

type MockBackend = ReturnType<typeof createMockWorker>['backend'];

export interface ScreenStoryOptions {
  /** Who is signed in; null = nobody (the login screens). */
  email?: string | null;
  /** Shapes the seed before the screen opens (e.g. an advice conversation's state). */
  prepare?: (backend: MockBackend) => void;
}

function ScreenStory({
  backend,
  path,
  email,
}: {
  backend: MockBackend;
  path: (backend: MockBackend) => string;
  email: string | null;
}) {
  const [session] = useState(() => {
    if (email === null) {
      document.cookie = 'pando_session=; max-age=0; path=/';
      return null;
    }
    const network = new LocalEchoNetwork();
    return { network, ...startDemoSession(backend, network, email) };
  });
  return (
    <ScreenHarness
      path={path(backend)}
      store={session?.store}
      chatDomain={session?.network.domain ?? 'pando.test'}
    />
  );
}

/**
 * A Screens story: the real routes and screens over a fresh MSW mock backend with the demo seed
 * (its handlers go to msw-storybook-addon) and a ChatStore over the local echo transport.
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
    render: () => <ScreenStory backend={backend} path={pathOf} email={email} />,
  };
}
