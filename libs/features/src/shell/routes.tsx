import { Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { ErrorScreen, LoadingScreen } from '@pando/ui';
import { LoginRoute } from '../auth/LoginRoute';
import { galleryRoute, patientRoutes } from '../patients/routes';
import { manageRoutes } from '../manage/routes';
import { preloadable } from './preloadable';

// Everything behind the login is code-split: the login route stays small (issue 10 budget). That
// includes the session gate: it parses GET /login/current with the domain's zod schemas, and zod
// is not part of the login route (the login page checks its answers with zod-free parsers).
// `preloadable` rather than `React.lazy`: a chunk that is already in renders without suspending,
// and the screens on the way to the chat list show their spinner while their chunk loads instead
// of suspending (React holds a Suspense reveal back for up to 300 ms; issue 10).
const sessionGate = preloadable(() => import('../auth/SessionGate').then((m) => m.SessionGate), {
  fallback: <LoadingScreen label="Loading your session…" />,
});
const shellLayout = preloadable(
  () => import('./components/ShellLayout').then((m) => m.ShellLayout),
  { fallback: <LoadingScreen /> },
);
const chatLayout = preloadable(
  () => import('../chat/components/ChatLayout').then((m) => m.ChatLayout),
  { fallback: <LoadingScreen fullScreen={false} /> },
);
const chatPane = preloadable(() => import('../chat/components/ChatPane').then((m) => m.ChatPane), {
  fallback: <LoadingScreen fullScreen={false} />,
});
const SessionGate = sessionGate.Component;
const ShellLayout = shellLayout.Component;
const ChatLayout = chatLayout.Component;
const ChatPane = chatPane.Component;
const SearchRoute = preloadable(() =>
  import('../search/components/SearchRoute').then((m) => m.SearchRoute),
).Component;
const CreateTeamRoute = preloadable(() =>
  import('../teams/components/CreateTeamRoute').then((m) => m.CreateTeamRoute),
).Component;
const AdviceHistoryRoute = preloadable(() =>
  import('../advice/components/AdviceHistoryRoute').then((m) => m.AdviceHistoryRoute),
).Component;
const AskAdviceCreateRoute = preloadable(() =>
  import('../advice/components/AskAdviceCreateRoute').then((m) => m.AskAdviceCreateRoute),
).Component;
const FormTemplatesRoute = preloadable(() =>
  import('../forms/components/FormTemplatesRoute').then((m) => m.FormTemplatesRoute),
).Component;

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}

/**
 * Starts downloading the session gate, the shell and the chat screen before the router asks for
 * them, e.g. while the runtime configuration loads on any page other than the login page: by the
 * time the session is known they are evaluated and mount without suspending (issue 10).
 */
export function preloadSignedIn(): void {
  for (const screen of [sessionGate, shellLayout, chatLayout, chatPane]) {
    screen.preload().catch(() => undefined); // the route's own render reports a failure
  }
}

export interface AppRoutesOptions {
  /** Goes to /login from the session placeholder (full load or router navigation). */
  onLogin: () => void;
  /** Where to go after login; by default the router navigates. */
  onLoggedIn?: (redirect: string) => void;
  onLoggedOut?: () => void;
  /** Told once `GET /login/current` succeeded: later 401s mean "logged out", not "unauthorised". */
  onSessionEstablished?: () => void;
  /** Wraps the signed-in shell, e.g. in the live chat provider. */
  wrapShell?: (shell: ReactNode) => ReactNode;
}

/**
 * Every route of spec 01 §2. Chat paths share the chat layout (sidebar + pane); the pane picks
 * the chat kind from the path. /manage… is the admin console (manage/routes.tsx).
 */
export function createAppRoutes(options: AppRoutesOptions): RouteObject[] {
  const login = (step: 'email' | 'code') => (
    <LoginRoute
      initialStep={step}
      {...(options.onLoggedIn ? { onLoggedIn: options.onLoggedIn } : {})}
    />
  );
  const pane = <ChatPane />;
  const wrap = options.wrapShell ?? ((shell: ReactNode) => shell);
  return [
    { path: '/login/*', element: login('email') },
    { path: '/validate/*', element: login('code') },
    {
      path: '/',
      // Spec 01 §2: a render crash shows 'Something went wrong.', not the router's developer page.
      errorElement: (
        <ErrorScreen
          onReload={() => {
            window.location.reload();
          }}
        />
      ),
      element: (
        <Suspense fallback={<LoadingScreen label="Loading your session…" />}>
          <SessionGate
            onLogin={options.onLogin}
            {...(options.onSessionEstablished
              ? { onSessionEstablished: options.onSessionEstablished }
              : {})}
          >
            {wrap(
              <Loading>
                <ShellLayout
                  {...(options.onLoggedOut ? { onLoggedOut: options.onLoggedOut } : {})}
                />
              </Loading>,
            )}
          </SessionGate>
        </Suspense>
      ),
      children: [
        {
          element: <ChatLayout />,
          children: [
            { index: true, element: pane },
            { path: 'users/:userId', element: pane },
            { path: 'teams/:teamId', element: pane },
            { path: 'teams/:teamId/advice-conversations/:conversationId', element: pane },
            { path: 'ask-advice/:teamId', element: pane },
          ],
        },
        { path: 'ask-advice/history', element: <AdviceHistoryRoute /> },
        { path: 'teams/create', element: <CreateTeamRoute /> },
        { path: 'teams/ask-advice/create', element: <AskAdviceCreateRoute /> },
        { path: 'search', element: <SearchRoute /> },
        galleryRoute,
        patientRoutes,
        manageRoutes({ formTemplates: <FormTemplatesRoute /> }),
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}
