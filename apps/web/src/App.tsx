import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createHttpClient, PandoApiProvider, type HttpLogger } from '@pando/data-access';
import type { RuntimeConfig } from '@pando/domain';
import {
  AppErrorBoundary,
  AppServicesProvider,
  createAppRoutes,
  NotificationCenter,
  NotificationViewport,
} from '@pando/features';
import { LiveChat } from './chatWiringLoader';
import { apiBaseUrl } from './config';
import { loginTarget } from './loginRedirect';

export interface AppProps {
  config: RuntimeConfig;
  logger: HttpLogger;
}

/**
 * The production wiring: one notification centre, one HTTP client (its 401s go to the login page
 * through the router), one router with every route of spec 01 §2, and the live chat.
 */
function createApp({ config, logger }: AppProps) {
  const notifications = new NotificationCenter();
  const session = { established: false };
  // eslint-disable-next-line prefer-const -- the router needs the client and vice versa.
  let router: ReturnType<typeof createBrowserRouter> | undefined;
  const http = createHttpClient({
    baseUrl: apiBaseUrl(config, window.location.origin),
    notify: (n) => notifications.notify({ kind: n.kind, message: n.message }),
    navigateToLogin: (url) => {
      if (config.redirect_disabled) return;
      void router?.navigate(loginTarget(url, session.established), { replace: true });
    },
    logger,
    clientVersion: __PANDO_VERSION__,
    clientBuild: __PANDO_BUILD__,
  });
  router = createBrowserRouter(
    createAppRoutes({
      onLogin: () => {
        window.location.assign('/login');
      },
      onSessionEstablished: () => {
        session.established = true;
      },
      // A crash in the chat client leaves the rest of the app usable (the panes say chat is off).
      wrapShell: (shell) => (
        <AppErrorBoundary logger={logger} fallback={shell}>
          <LiveChat config={config}>{shell}</LiveChat>
        </AppErrorBoundary>
      ),
    }),
  );
  return { http, router, notifications };
}

export function App(props: AppProps) {
  const [{ http, router, notifications }] = useState(() => createApp(props));
  return (
    <AppServicesProvider
      productName={props.config.product_name}
      redirectDisabled={props.config.redirect_disabled}
      chatDomain={props.config.chat_domain}
      logger={props.logger}
      notifications={notifications}
    >
      <AppErrorBoundary logger={props.logger}>
        <PandoApiProvider http={http}>
          <RouterProvider router={router} />
        </PandoApiProvider>
      </AppErrorBoundary>
      <NotificationViewport />
    </AppServicesProvider>
  );
}
