import { authEndpoints, CURRENT_USER_QUERY } from '@pando/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../http/createHttpClient';
import { call } from '../http/endpoint';
import { orThrowBadRequest, UnauthorisedError } from '../http/errors';
import { authKeys, logoutPending, PENDING_LOGOUT_ITEM } from './login';
import { useOfflineCopy } from '../offline/context';
import { useHttpClient } from './PandoApiProvider';
import { STALE } from './stale';

// The session behind the login. The login page's own calls (request and validate a code) are in
// `./login`, which must not load zod (issue 10).

/** GET /login/token: the chat password (spec 01 §7). */
export async function getChatToken(http: HttpClient) {
  return orThrowBadRequest(await call(http, authEndpoints.chatToken, {}));
}

/** GET /login/current?embed=hospital (a first visit's first paint asks for the same answer). */
export async function getCurrentUser(http: HttpClient) {
  return orThrowBadRequest(
    await call(http, authEndpoints.currentUser, { query: CURRENT_USER_QUERY }),
  );
}

/**
 * GET /login/offline-key: the key of this session's encrypted offline copy (issue 37). Quiet:
 * the copy goes on without it, so a failure is no notice (a 401 still goes to the login page).
 */
export async function getOfflineKey(http: HttpClient) {
  return orThrowBadRequest(await call(http, authEndpoints.offlineKey, {}));
}

/** DELETE /login?single=true: ends this session only (other devices stay logged in). */
export function logout(http: HttpClient) {
  return call(http, authEndpoints.logout, { query: { single: true } });
}

export function useCurrentUserQuery() {
  const http = useHttpClient();
  return useQuery({
    queryKey: authKeys.currentUser(),
    queryFn: () => getCurrentUser(http),
    staleTime: STALE.currentUser,
  });
}

/**
 * Ends the session of a logout that could not reach the server (`logoutPending`), before the
 * signed-in app asks for anything: the page then finds no session and shows the login page. A
 * session already gone (401) counts as ended; without a network it stays pending.
 */
export async function finishPendingLogout(http: HttpClient): Promise<void> {
  if (!logoutPending() || !navigator.onLine) return;
  try {
    await logout(http);
  } catch (error) {
    if (!(error instanceof UnauthorisedError)) return;
  }
  globalThis.localStorage.removeItem(PENDING_LOGOUT_ITEM);
}

/** After a login inside the routed app: the session's cached answers (a 401) are asked again. */
export function useRefreshSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: authKeys.all });
}

/**
 * Logging out forgets every cached answer and wipes the offline copy (issue 37), also when the
 * network is gone: the next user of the browser must not see them.
 */
export function useLogoutMutation() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const copy = useOfflineCopy();
  return useMutation({
    mutationFn: () => logout(http),
    // Runs with no network too (React Query would pause it until one is back): the local logout,
    // the wipe and the login page must not wait for the server (issue 37, a dead zone).
    networkMode: 'always',
    onError: () => {
      try {
        globalThis.localStorage.setItem(PENDING_LOGOUT_ITEM, new Date().toISOString());
      } catch {
        // No storage: the session ends at its idle timeout instead.
      }
    },
    onSettled: async () => {
      queryClient.clear();
      await copy?.wipe();
    },
  });
}
