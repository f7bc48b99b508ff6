import { useState, useSyncExternalStore, type JSX } from 'react';
import {
  createHttpClient,
  HttpClientProvider,
  logoutPending,
  type HttpClient,
  type HttpLogger,
  type OfflineCopy,
} from '@pando/data-access';
import type { ManageSettings } from '../common/manageSettings';
import { LoadingScreen } from '@pando/ui';
import { LoginRoute } from '../auth/LoginRoute';
import { preloadable } from '../common/preloadable';
import { AppServicesProvider } from '../common/AppServices';
import { NotificationCenter } from '../common/notifications';
import { AppErrorBoundary } from '../common/AppErrorBoundary';
import type { ChatAdapter } from '../chat/runtime/ChatWiring';
import type { AppRouter, SignedInParts } from './appRouter';
import { isLoginPath, loginTarget } from './loginRedirect';

/** What differs between the web app, the demo and the Screens stories; the rest is built here. */
export interface PandoAppAdapters {
  /** From the runtime configuration (`product_name`). */
  productName: string;
  /** The XMPP domain (`chat_domain`): users are `{uuid}@{domain}`. */
  chatDomain: string;
  /** Spec 01 §8: when set, a 401 does not send the visitor to /login. */
  redirectDisabled?: boolean;
  /**
   * The admin console's settings (report scope of spec 02 §6, sidebar links, the report's
   * no-data switch): the web app's from `/api/config`, the demo's from its flags.
   * @default the defaults of `useManageSettings` (own scope, our support pages, real figures only)
   */
  manage?: Partial<ManageSettings>;
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
  /**
   * The encrypted offline copy (issue 37): the web app builds it on IndexedDB around the
   * session's key, fetched with `http`. An import: the copy's code (zod, IndexedDB) is not part of
   * the login route. The demo and the stories keep none.
   */
  offlineCopy?: (http: HttpClient) => Promise<OfflineCopy>;
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

// The notices' viewport (Mantine's Notification and its transitions) loads with the first notice
// or with the signed-in code, not with the login page (issue 16).
const notificationViewport = preloadable(
  () => import('../shell/components/NotificationViewport').then((m) => m.NotificationViewport),
  { fallback: null },
);

// The router and the routes are their own chunk: a first load at /login or /validate renders the
// login page without them, so the login route's JavaScript stays within 100 KB gzip (issue 16).
const loadAppRouter = () => import('./appRouter');

/**
 * Starts downloading the router, the session gate, the shell and the pane that `path` shows in
 * parallel (boot on a signed-in page, or the login page once the code is on its way). Resolves
 * when they are all in; a failure is reported by the render that needs the part.
 */
export function preloadSignedIn(path = window.location.pathname): Promise<unknown> {
  return Promise.all([
    loadAppRouter(),
    notificationViewport.preload(),
    // The screens' loaders live with the routes (their module is in the router's chunk too).
    import('./signedInScreens').then((m) => m.preloadSignedInScreens(path)),
  ]).catch(() => undefined);
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
  // Created on the first render of the routed app (appRouter.tsx `signedInApp`).
  let router: AppRouter | undefined;
  // Built right below the HTTP client that fetches its key.
  let copy: Promise<OfflineCopy> | undefined = undefined;
  const http = createHttpClient({
    baseUrl: adapters.api.baseUrl,
    notify: (n) => notifications.notify({ kind: n.kind, message: n.message }),
    navigateToLogin: (url) => {
      // The session is gone: so is what its copy held (issue 37). A wipe that fails (no
      // IndexedDB, a blocked database) is reported, not left as an unhandled rejection.
      void copy
        ?.then((c) => c.wipe())
        .catch((err: unknown) => {
          logger.error('The offline copy could not be wiped', { error: String(err) });
        });
      if (redirectDisabled) return;
      const target = loginTarget(url, session.established);
      if (router) void router.navigate(target, { replace: true });
      else if (!isLoginPath(window.location.pathname)) window.location.assign(target);
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

  copy = adapters.offlineCopy?.(http);
  // Opened only when the signed-in app loads (`Routed`), never for the login page alone.
  const openCopy = () =>
    copy?.then(
      (c) => c.open().then(() => c),
      () => undefined,
    );

  // The chat's root and adapter: loaded once for the app (at boot by `preloadChat`, or when the
  // shell first renders); a failure is asked again (the shell's one retry, `preloadable`).
  let chat: ReturnType<SignedInParts['loadChat']> | undefined;
  const loadChat = () =>
    (chat ??= Promise.all([chatRoot.preload(), adapters.loadChat?.()]).catch((error: unknown) => {
      chat = undefined;
      throw error;
    }));

  const Routed = preloadable(
    () =>
      // The copy opens beside the router's code: its answers are in the cache at the first render.
      // A logout made without a network is sent first (the copy was wiped with it).
      Promise.all([loadAppRouter(), logoutPending() ? undefined : openCopy()]).then(
        async ([{ signedInApp, finishPendingLogout }, offline]) => {
          await finishPendingLogout(http);
          return signedInApp({
            http,
            offline,
            logger,
            loadChat,
            initialPath: adapters.initialPath,
            onLogin: () => {
              if (adapters.initialPath === undefined) window.location.assign('/login');
              else void router?.navigate('/login?msg=unauthorised');
            },
            onSessionEstablished: () => {
              session.established = true;
            },
            onRouter: (created) => {
              router = created;
            },
          });
        },
      ),
    { fallback: <LoadingScreen /> },
  ).Component;

  /** A first load at /login or /validate: the login page alone, then the routed app. */
  function StandaloneLogin({ onDone }: { onDone: () => void }) {
    return (
      <LoginRoute
        initialStep={window.location.pathname.startsWith('/validate') ? 'code' : 'email'}
        search={window.location.search}
        onCodeStep={() => {
          void preloadSignedIn();
        }}
        onLoggedIn={(redirect) => {
          window.history.replaceState(null, '', redirect);
          onDone();
        }}
      />
    );
  }

  /** The viewport, from the first notice on (its chunk loads then, if not before). */
  function Notifications() {
    const items = useSyncExternalStore(
      notifications.subscribe,
      notifications.getSnapshot,
      notifications.getSnapshot,
    );
    const [shown, setShown] = useState(false);
    if (items.length > 0 && !shown) setShown(true);
    return shown ? <notificationViewport.Component /> : null;
  }

  function Root() {
    const [loginOnly, setLoginOnly] = useState(
      () => adapters.initialPath === undefined && isLoginPath(window.location.pathname),
    );
    return (
      <AppServicesProvider
        productName={productName}
        redirectDisabled={redirectDisabled}
        chatDomain={chatDomain}
        {...(adapters.manage ? { manage: adapters.manage } : {})}
        logger={logger}
        notifications={notifications}
      >
        <AppErrorBoundary logger={logger}>
          <HttpClientProvider http={http}>
            {loginOnly ? (
              <StandaloneLogin
                onDone={() => {
                  setLoginOnly(false);
                }}
              />
            ) : (
              <Routed />
            )}
          </HttpClientProvider>
        </AppErrorBoundary>
        <Notifications />
      </AppServicesProvider>
    );
  }

  return {
    Root,
    preloadChat: loadChat,
  };
}
