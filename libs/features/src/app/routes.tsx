import { Suspense, type ReactNode } from 'react';
import {
  Navigate,
  useLocation,
  useNavigate,
  useRouteError,
  type RouteObject,
} from 'react-router-dom';
import { useRefreshSession } from '@pando/data-access';
import { LoadingScreen } from '@pando/ui';
import { LoginRoute } from '../auth/LoginRoute';
import { galleryRoute, patientRoutes } from '../patients/routes';
import { manageRoutes } from '../admin/routes';
import { preloadable } from '../common/preloadable';
import { CrashScreen } from '../common/AppErrorBoundary';
import { chatLayout, chatPane, sessionGate, shellLayout, welcomePane } from './signedInScreens';

// Everything behind the login is code-split: the login route stays small (issue 10 budget); the
// screens on the way to the chat list are in ./signedInScreens, which the entry preloads.
const SessionGate = sessionGate.Component;
const ShellLayout = shellLayout.Component;
const ChatLayout = chatLayout.Component;
const ChatPane = chatPane.Component;
const WelcomePane = welcomePane.Component;
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

/** The login page inside the router (after a logout or a 401): the router's query and navigation. */
function RoutedLogin({ step }: { step: 'email' | 'code' }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  return (
    <LoginRoute
      initialStep={step}
      search={search}
      onLoggedIn={(redirect) => {
        void refreshSession();
        void navigate(redirect, { replace: true });
      }}
    />
  );
}

/** The router's error element: the crash that reached it decides the screen. */
function RouteCrash() {
  return <CrashScreen error={useRouteError()} />;
}

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}

export interface AppRoutesOptions {
  /** Goes to /login from the session placeholder (full load or router navigation). */
  onLogin: () => void;
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
  const pane = <ChatPane />;
  const wrap = options.wrapShell ?? ((shell: ReactNode) => shell);
  return [
    { path: '/login/*', element: <RoutedLogin step="email" /> },
    { path: '/validate/*', element: <RoutedLogin step="code" /> },
    {
      path: '/',
      // Spec 01 §2: a render crash shows 'Something went wrong.', not the router's developer page.
      // A chunk that could not be loaded (a redeploy) offers a reload of the new version.
      errorElement: <RouteCrash />,
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
            // The same welcome text as the chat pane's empty state, without its code (issue 16).
            { index: true, element: <WelcomePane preloadPane={chatPane.preload} /> },
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
