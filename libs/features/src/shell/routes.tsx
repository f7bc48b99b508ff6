import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { ErrorScreen, LoadingScreen } from '@pando/ui';
import { LoginRoute } from '../auth/LoginRoute';

// Everything behind the login is code-split: the login route stays small (issue 10 budget). That
// includes the session gate: it parses GET /login/current with the domain's zod schemas, and zod
// is not part of the login route (the login page checks its answers with zod-free parsers).
const loadSessionGate = () => import('../auth/SessionGate');
const loadShellLayout = () => import('./components/ShellLayout');
const SessionGate = lazy(() => loadSessionGate().then((m) => ({ default: m.SessionGate })));
const ShellLayout = lazy(() => loadShellLayout().then((m) => ({ default: m.ShellLayout })));
const ChatLayout = lazy(() =>
  import('../chat/components/ChatLayout').then((m) => ({ default: m.ChatLayout })),
);
const ChatPane = lazy(() =>
  import('../chat/components/ChatPane').then((m) => ({ default: m.ChatPane })),
);
const SearchRoute = lazy(() =>
  import('../search/components/SearchRoute').then((m) => ({ default: m.SearchRoute })),
);
const CreateTeamRoute = lazy(() =>
  import('../teams/components/CreateTeamRoute').then((m) => ({ default: m.CreateTeamRoute })),
);
const AdviceHistoryRoute = lazy(() =>
  import('../advice/components/AdviceHistoryRoute').then((m) => ({
    default: m.AdviceHistoryRoute,
  })),
);
const PlaceholderPage = lazy(() =>
  import('./components/PlaceholderPage').then((m) => ({ default: m.PlaceholderPage })),
);

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}

/**
 * Starts downloading the session gate and the shell before the router asks for them, e.g. while
 * the runtime configuration loads on any page other than the login page.
 */
export function preloadSignedIn(): void {
  void loadSessionGate();
  void loadShellLayout();
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
 * the chat kind from the path. /patients… and /manage… are placeholders until their waves land.
 */
export function createAppRoutes(options: AppRoutesOptions): RouteObject[] {
  const login = (step: 'email' | 'code') => (
    <LoginRoute
      initialStep={step}
      {...(options.onLoggedIn ? { onLoggedIn: options.onLoggedIn } : {})}
    />
  );
  const chatPane = <ChatPane />;
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
            { index: true, element: chatPane },
            { path: 'users/:userId', element: chatPane },
            { path: 'teams/:teamId', element: chatPane },
            { path: 'teams/:teamId/advice-conversations/:conversationId', element: chatPane },
            { path: 'ask-advice/:teamId', element: chatPane },
          ],
        },
        { path: 'ask-advice/history', element: <AdviceHistoryRoute /> },
        { path: 'teams/create', element: <CreateTeamRoute /> },
        {
          path: 'teams/ask-advice/create',
          element: (
            <PlaceholderPage
              title="Create an advice channel"
              description="Advice channels are set up from the admin console, which is coming soon."
            />
          ),
        },
        { path: 'search', element: <SearchRoute /> },
        {
          path: 'images',
          element: (
            <PlaceholderPage
              title="Gallery"
              description="Images shared with you will be listed here."
            />
          ),
        },
        {
          path: 'patients/*',
          element: (
            <PlaceholderPage
              title="Patient list"
              description="Patient cards are coming soon to the web app."
            />
          ),
        },
        {
          path: 'manage/*',
          element: (
            <PlaceholderPage
              title="Admin"
              description="The admin console is coming soon to the web app."
            />
          ),
        },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}
