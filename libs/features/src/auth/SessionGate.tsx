import { useEffect, type ReactNode } from 'react';
import {
  useCurrentUserQuery,
  usePrefetchTeamsWithAdviceConversations,
  UnauthorisedError,
} from '@pando/data-access';
import { LoadingScreen, SessionPlaceholder } from '@pando/ui';
import { useAppServices } from '../common/AppServices';
import { ViewerContext } from '../common/viewer';

export interface SessionGateProps {
  children: ReactNode;
  /** Goes to the login page (from the placeholder's "Log in again"). */
  onLogin: () => void;
  /** Called once the session is known to be valid. */
  onSessionEstablished?: () => void;
}

/**
 * Decides whether the visitor has a session, via `GET /login/current` (spec 01 §2: "while the
 * session is idle or loading a spinner shows; on success the app shows; on error a placeholder
 * shows"). A 401 has already sent the visitor to /login through the HTTP client (with
 * msg=unauthorised for a first visit, see apps/web); when the configuration disables that redirect,
 * or the failure is not a 401, the placeholder offers to retry or log in.
 */
export function SessionGate({ children, onLogin, onSessionEstablished }: SessionGateProps) {
  const session = useCurrentUserQuery();
  const { redirectDisabled } = useAppServices();
  const established = session.data !== undefined;
  // The sidebar's lists are needed by the first screen behind the login: ask for them now, while
  // the shell's and the chat client's code still load, not once the shell has mounted (issue 10).
  usePrefetchTeamsWithAdviceConversations(established);
  useEffect(() => {
    if (established) onSessionEstablished?.();
  }, [established, onSessionEstablished]);
  if (session.data) {
    return <ViewerContext.Provider value={session.data}>{children}</ViewerContext.Provider>;
  }
  if (session.isError) {
    const unauthorised = session.error instanceof UnauthorisedError;
    if (unauthorised && !redirectDisabled) return <LoadingScreen label="Opening the login page…" />;
    return (
      <SessionPlaceholder
        onLogin={onLogin}
        {...(unauthorised ? {} : { onRetry: () => void session.refetch() })}
      />
    );
  }
  // Issue 37: no network and no offline copy of the session (a new tab, or the copy is off):
  // say so and offer to try again, rather than a spinner that waits for a network.
  if (session.fetchStatus === 'paused')
    return <SessionPlaceholder onLogin={onLogin} onRetry={() => void session.refetch()} />;
  return <LoadingScreen label="Loading your session…" />;
}
