import type { ComponentProps, ComponentType, JSX, ReactNode } from 'react';
import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router-dom';
import {
  PandoApiProvider,
  type HttpClient,
  type HttpLogger,
  type OfflineCopy,
} from '@pando/data-access';
import { LoadingScreen } from '@pando/ui';
import { preloadable } from '../common/preloadable';
import type { ChatAdapter, ChatRoot } from '../chat/runtime/ChatWiring';

// With the router's chunk (it needs zod): the end of a logout made without a network.
export { finishPendingLogout } from '@pando/data-access';
import { createAppRoutes, type AppRoutesOptions } from './routes';

// The router, every route, the React Query cache and the live chat around the shell: their own
// chunk, off the login route's JavaScript (issue 16). A first load at /login or /validate renders
// the login page without them (createPandoApp). Session 38 moved the signed-in app's wiring here
// from createPandoApp (~70 B gzip off the login route, which was at its budget).

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** What the signed-in app takes from `createPandoApp`; the rest is built here. */
export interface SignedInParts extends Pick<AppRoutesOptions, 'onLogin' | 'onSessionEstablished'> {
  http: HttpClient;
  /** The offline copy, opened (issue 37); none for the demo, the stories, or a failed open. */
  offline: OfflineCopy | undefined;
  logger: HttpLogger;
  /** A memory router opened at this path (stories); the browser's when absent (apps). */
  initialPath: string | undefined;
  /** The chat's root and adapter, loaded once for the app (shared with its `preloadChat`). */
  loadChat: () => Promise<
    [ComponentType<ComponentProps<typeof ChatRoot>>, ChatAdapter | undefined]
  >;
  /** Told the router once it exists (the HTTP client's 401s navigate with it). */
  onRouter: (router: AppRouter) => void;
}

/**
 * The signed-in app: the query cache around the router, the live chat around the shell. The
 * router is created on the first render: after a login made without the router, it must start
 * from the redirect target, not from /validate. Call once per app.
 */
export function signedInApp(parts: SignedInParts): () => JSX.Element {
  const LiveChat = preloadable(
    () =>
      parts.loadChat().then(
        ([Root, adapter]) =>
          function LiveChat({ children }: { children: ReactNode }) {
            return (
              <Root adapter={adapter} logger={parts.logger}>
                {children}
              </Root>
            );
          },
      ),
    // The screens read the chat on their first render: rather than mounting the shell without
    // it and remounting it when it arrives, a spinner shows until the chunk is in (usually it
    // was requested at boot and is in before the sidebar's lists).
    { fallback: <LoadingScreen label="Loading your conversations…" /> },
  ).Component;
  let router: AppRouter | undefined;
  return function Routed() {
    if (!router) {
      const routes = createAppRoutes({
        onLogin: parts.onLogin,
        onSessionEstablished: parts.onSessionEstablished,
        wrapShell: (shell) => <LiveChat>{shell}</LiveChat>,
      });
      router =
        parts.initialPath === undefined
          ? createBrowserRouter(routes)
          : createMemoryRouter(routes, { initialEntries: [parts.initialPath] });
      parts.onRouter(router);
    }
    return (
      <PandoApiProvider http={parts.http} offline={parts.offline}>
        <RouterProvider router={router} />
      </PandoApiProvider>
    );
  };
}
