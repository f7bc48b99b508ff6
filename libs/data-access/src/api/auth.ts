import { CurrentUserSchema, LoginTokenResponseSchema } from '@pando/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { HttpClient } from '../http/createHttpClient';
import { orThrowBadRequest } from '../http/errors';
import { authKeys } from './login';
import { useHttpClient } from './PandoApiProvider';
import { STALE } from './stale';

// The session behind the login. The login page's own calls (request and validate a code) are in
// `./login`, which must not load zod (issue 10).

/** GET /login/token: the chat password (spec 01 §7). */
export async function getChatToken(http: HttpClient) {
  return orThrowBadRequest(
    await http.request({ method: 'GET', path: '/login/token', schema: LoginTokenResponseSchema }),
  );
}

/** GET /login/current?embed=hospital. */
export async function getCurrentUser(http: HttpClient) {
  return orThrowBadRequest(
    await http.request({
      method: 'GET',
      path: '/login/current',
      query: { embed: 'hospital' },
      schema: CurrentUserSchema,
    }),
  );
}

/** DELETE /login?single=true: ends this session only (other devices stay logged in). */
export function logout(http: HttpClient) {
  return http.request({
    method: 'DELETE',
    path: '/login',
    query: { single: true },
    schema: z.unknown(),
  });
}

export function useCurrentUserQuery() {
  const http = useHttpClient();
  return useQuery({
    queryKey: authKeys.currentUser(),
    queryFn: () => getCurrentUser(http),
    staleTime: STALE.currentUser,
  });
}

/** After a login inside the routed app: the session's cached answers (a 401) are asked again. */
export function useRefreshSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: authKeys.all });
}

/** Logging out forgets every cached answer: the next user of the browser must not see them. */
export function useLogoutMutation() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => logout(http),
    onSettled: () => {
      queryClient.clear();
    },
  });
}
