import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import {
  createHttpClient,
  PandoApiProvider,
  type ChatStore,
  type HttpLogger,
} from '@pando/data-access';
import { createAppRoutes } from '../shell/routes';
import { AppServicesProvider } from '../shell/services/AppServices';
import { NotificationCenter } from '../shell/services/notifications';
import { NotificationViewport } from '../shell/components/NotificationViewport';
import { StoreChatRuntime } from '../chat/runtime/StoreChatRuntime';

const quietLogger: HttpLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  event: () => undefined,
};

export interface ScreenHarnessProps {
  /** The route to open, e.g. `/teams/1`. */
  path: string;
  /** A started ChatStore (FakeTransport in stories and the demo); none = no live chat. */
  store?: ChatStore | undefined;
  chatDomain?: string;
  productName?: string;
  /** The browser router of the demo instead of the stories' memory router. */
  createRouter?: (
    routes: ReturnType<typeof createAppRoutes>,
    options: { initialEntries: string[] },
  ) => ReturnType<typeof createMemoryRouter>;
}

/**
 * The app's screens exactly as apps/web wires them (routes, session gate, providers), over
 * whatever answers `/api/v4` (MSW in stories and the demo) and a ChatStore on any transport.
 * Stories and the demo use it; apps/web has its own production wiring.
 */
export function ScreenHarness({
  path,
  store,
  chatDomain = 'localhost',
  productName = 'Pando',
  createRouter = createMemoryRouter,
}: ScreenHarnessProps) {
  const [app] = useState(() => {
    const notifications = new NotificationCenter();
    // eslint-disable-next-line prefer-const -- the router and the client need each other.
    let router: ReturnType<typeof createMemoryRouter> | undefined;
    const http = createHttpClient({
      baseUrl: '/api/v4',
      notify: (n) => notifications.notify({ kind: n.kind, message: n.message }),
      navigateToLogin: (url) => void router?.navigate(url, { replace: true }),
      logger: quietLogger,
      clientVersion: 'demo',
      clientBuild: 'demo',
      getCurrentPath: () => {
        const { pathname, search } = router?.state.location ?? { pathname: path, search: '' };
        return `${pathname}${search}`;
      },
    });
    router = createRouter(
      createAppRoutes({
        onLogin: () => void router?.navigate('/login?msg=unauthorised'),
        wrapShell: (shell: ReactNode) =>
          store ? <StoreChatRuntime store={store}>{shell}</StoreChatRuntime> : shell,
      }),
      { initialEntries: [path] },
    );
    return { http, router, notifications };
  });
  return (
    <AppServicesProvider
      productName={productName}
      chatDomain={chatDomain}
      logger={quietLogger}
      notifications={app.notifications}
    >
      <PandoApiProvider http={app.http}>
        <RouterProvider router={app.router} />
      </PandoApiProvider>
      <NotificationViewport />
    </AppServicesProvider>
  );
}
