import { chatScreenForPath } from '@pando/domain';
import { LoadingScreen } from '@pando/ui';
import { preloadable } from '../common/preloadable';

// The screens on the way to the chat list, code-split off the login route (issue 10). This
// module imports no router: the login route's entry uses `preloadSignedInScreens` to start their
// downloads at boot, in parallel with the router's own chunk (issue 16).
// That includes the session gate: it parses GET /login/current with the domain's zod schemas, and
// zod is not part of the login route (the login page checks its answers with zod-free parsers).
// `preloadable` rather than `React.lazy`: a chunk that is already in renders without suspending,
// and the screens on the way to the chat list show their spinner while their chunk loads instead
// of suspending (React holds a Suspense reveal back for up to 300 ms; issue 10).
export const sessionGate = preloadable(
  () => import('../auth/SessionGate').then((m) => m.SessionGate),
  { fallback: <LoadingScreen label="Loading your session…" /> },
);
export const shellLayout = preloadable(
  () => import('../shell/components/ShellLayout').then((m) => m.ShellLayout),
  { fallback: <LoadingScreen /> },
);
export const chatLayout = preloadable(
  () => import('../chat/components/ChatLayout').then((m) => m.ChatLayout),
  { fallback: <LoadingScreen fullScreen={false} /> },
);
export const chatPane = preloadable(
  () => import('../chat/components/ChatPane').then((m) => m.ChatPane),
  { fallback: <LoadingScreen fullScreen={false} /> },
);
// The pane at `/`: the welcome text without the chat pane's code, which it preloads once idle.
export const welcomePane = preloadable(
  () => import('../shell/components/WelcomePane').then((m) => m.WelcomePane),
  { fallback: <LoadingScreen fullScreen={false} /> },
);

/**
 * Starts downloading the session gate, the shell and the pane that `path` shows before the router
 * asks for them, e.g. while the runtime configuration loads on any page other than the login
 * page: by the time the session is known they are evaluated and mount without suspending (issue
 * 10). The chat pane only where a conversation is open: at `/` it is the largest chunk and not on
 * screen (the welcome pane preloads it once the list is up; issue 16).
 */
export function preloadSignedInScreens(path: string): Promise<unknown> {
  const pane = chatScreenForPath(path).kind === 'empty' ? welcomePane : chatPane;
  // The route's own render reports a failure.
  return Promise.all(
    [sessionGate, shellLayout, chatLayout, pane].map((screen) =>
      screen.preload().catch(() => undefined),
    ),
  );
}
