import { type JSX, type ReactNode } from 'react';
import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createHttpClient, PandoApiProvider, type HttpLogger } from '@pando/data-access';
import { LoadingScreen } from '@pando/ui';
import { createAppRoutes } from '../shell/routes';
import { preloadable } from '../shell/preloadable';
import { AppServicesProvider } from '../shell/services/AppServices';
import { NotificationCenter } from '../shell/services/notifications';
import { NotificationViewport } from '../shell/components/NotificationViewport';
import { AppErrorBoundary } from '../shell/components/AppErrorBoundary';
import type { ChatAdapter } from '../chat/runtime/ChatWiring';
import { loginTarget } from './loginRedirect';

/** What differs between the web app, the demo and the Screens stories; the rest is built here. */
export interface PandoAppAdapters {
  /** From the runtime configuration (`product_name`). */
  productName: string;
  /** The XMPP domain (`chat_domain`): users are `{uuid}@{domain}`. */
  chatDomain: string;
  /** Spec 01 §8: when set, a 401 does not send the visitor to /login. */
  redirectDisabled?: boolean;
  logger: HttpLogger;
  /** The REST API: absolute base URL (`…/api/v4`) and the client identification. */
  api: { baseUrl: string; clientVersion: string; clientBuild: string };
  /**
   * A memory router opened at this path (stories); the browser's location when absent (apps).
   * @default the browser router
   */
  initialPath?: string;
  /**
   * Loads the chat's adapter: the web app keeps XMPP in its own chunk, so this is an import.
   * Without it the app runs with no live chat (the panes say so).
   */
  loadChat?: () => Promise<ChatAdapter>;
}

export interface PandoApp {
  /** The whole product: services, API client, router, notifications. Render it once. */
  Root: () => JSX.Element;
  /** Starts downloading the chat (its code and adapter) before the shell asks for it. */
  preloadChat: () => Promise<unknown>;
}

// The chat wiring (chat store, live conversation) is code-split off the login route; its chunk
// is the same for every app, so it is one module-level preloadable.
const chatRoot = preloadable(() => import('../chat/runtime/ChatWiring').then((m) => m.ChatRoot));

/** Starts downloading the chat wiring's code (boot, before the configuration is in). */
export function preloadChatWiring(): Promise<unknown> {
  return chatRoot.preload();
}

/**
 * The one composition root (CONVENTIONS "Client state"): apps/web (real API and XMPP), apps/demo
 * and the Screens stories (MSW and `FakeChatNetwork`) all build the product here, with different
 * adapters. One notification centre, one HTTP client whose 401s go to the login page through the
 * router, the routes of spec 01 §2, and the live chat around the signed-in shell; a crash in the
 * chat leaves the rest of the app usable (the panes say chat is off).
 */
export function createPandoApp(adapters: PandoAppAdapters): PandoApp {
  const { logger, productName, chatDomain, redirectDisabled = false } = adapters;
  const notifications = new NotificationCenter();
  const session = { established: false };
  // eslint-disable-next-line prefer-const -- the router needs the client and vice versa.
  let router: ReturnType<typeof createBrowserRouter> | undefined;
  const http = createHttpClient({
    baseUrl: adapters.api.baseUrl,
    notify: (n) => notifications.notify({ kind: n.kind, message: n.message }),
    navigateToLogin: (url) => {
      if (redirectDisabled) return;
      void router?.navigate(loginTarget(url, session.established), { replace: true });
    },
    logger,
    clientVersion: adapters.api.clientVersion,
    clientBuild: adapters.api.clientBuild,
    getCurrentPath: () => {
      const location = router?.state.location;
      if (location) return `${location.pathname}${location.search}${location.hash}`;
      return adapters.initialPath ?? `${window.location.pathname}${window.location.search}`;
    },
  });

  const { loadChat } = adapters;
  const liveChat = preloadable(
    () =>
      Promise.all([chatRoot.preload(), loadChat?.()]).then(
        ([ChatRoot, adapter]) =>
          function LiveChat({ children }: { children: ReactNode }) {
            return (
              <ChatRoot adapter={adapter} logger={logger}>
                {children}
              </ChatRoot>
            );
          },
      ),
    // The screens read the chat on their first render: rather than mounting the shell without
    // it and remounting it when it arrives, a spinner shows until the chunk is in (usually it
    // was requested at boot and is in before the sidebar's lists).
    { fallback: <LoadingScreen label="Loading your conversations…" /> },
  );
  const LiveChat = liveChat.Component;

  const routes = createAppRoutes({
    onLogin: () => {
      if (adapters.initialPath === undefined) window.location.assign('/login');
      else void router?.navigate('/login?msg=unauthorised');
    },
    onSessionEstablished: () => {
      session.established = true;
    },
    wrapShell: (shell) => <LiveChat>{shell}</LiveChat>,
  });
  router =
    adapters.initialPath === undefined
      ? createBrowserRouter(routes)
      : createMemoryRouter(routes, { initialEntries: [adapters.initialPath] });
  const appRouter = router;

  function Root() {
    return (
      <AppServicesProvider
        productName={productName}
        redirectDisabled={redirectDisabled}
        chatDomain={chatDomain}
        logger={logger}
        notifications={notifications}
      >
        <AppErrorBoundary logger={logger}>
          <PandoApiProvider http={http}>
            <RouterProvider router={appRouter} />
          </PandoApiProvider>
        </AppErrorBoundary>
        <NotificationViewport />
      </AppServicesProvider>
    );
  }

  return {
    Root,
    preloadChat: () => liveChat.preload(),
  };
}
