import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router-dom';
import { PandoApiProvider, type HttpClient, type OfflineCopy } from '@pando/data-access';

// With the router's chunk (it needs zod): the end of a logout made without a network.
export { finishPendingLogout } from '@pando/data-access';
import { createAppRoutes, type AppRoutesOptions } from './routes';

// The router, every route and the React Query cache: their own chunk, off the login route's
// JavaScript (issue 16). A first load at /login or /validate renders the login page without them
// (createPandoApp).

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The browser router (apps) or a memory router opened at `initialPath` (stories). */
export function createAppRouter(options: AppRoutesOptions, initialPath?: string): AppRouter {
  const routes = createAppRoutes(options);
  return initialPath === undefined
    ? createBrowserRouter(routes)
    : createMemoryRouter(routes, { initialEntries: [initialPath] });
}

/** The routed app: the query cache around the router. Mounted once per page. */
export function RoutedApp({
  router,
  http,
  offline,
}: {
  router: AppRouter;
  http: HttpClient;
  offline?: OfflineCopy | undefined;
}) {
  return (
    <PandoApiProvider http={http} offline={offline}>
      <RouterProvider router={router} />
    </PandoApiProvider>
  );
}
