import {
  AuthRequestResponseSchema,
  AuthValidateResponseSchema,
  CurrentUserSchema,
  LoginTokenResponseSchema,
  type AuthRequest,
  type AuthValidateRequest,
} from '@pando/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { HttpClient } from '../http/createHttpClient';
import { isBadRequest, orThrowBadRequest } from '../http/errors';
import { useHttpClient } from './PandoApiProvider';
import { STALE } from './stale';

/** POST /auth: asks for a login code by email (spec 01 §7). The email is lower-cased (§5). */
export function requestLoginCode(http: HttpClient, body: AuthRequest) {
  return http.request({
    method: 'POST',
    path: '/auth',
    body: { ...body, email: body.email.trim().toLowerCase() },
    schema: AuthRequestResponseSchema,
  });
}

/**
 * POST /auth/validate?cookie=true: exchanges the code for a session cookie and an access token.
 * Dashes are removed and the code lower-cased before sending (spec 01 §5).
 */
export function validateLoginCode(http: HttpClient, body: AuthValidateRequest) {
  return http.request({
    method: 'POST',
    path: '/auth/validate',
    query: { cookie: true },
    body: { ...body, authorization_code: body.authorization_code.replace(/-/g, '').toLowerCase() },
    schema: AuthValidateResponseSchema,
  });
}

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

export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
  chatToken: () => [...authKeys.all, 'chat-token'] as const,
};

export function useCurrentUserQuery() {
  const http = useHttpClient();
  return useQuery({
    queryKey: authKeys.currentUser(),
    queryFn: () => getCurrentUser(http),
    staleTime: STALE.currentUser,
  });
}

export function useChatTokenQuery(options: { enabled?: boolean } = {}) {
  const http = useHttpClient();
  return useQuery({
    queryKey: authKeys.chatToken(),
    queryFn: () => getChatToken(http),
    staleTime: STALE.chatToken,
    gcTime: 0,
    enabled: options.enabled ?? true,
  });
}

export function useRequestLoginCodeMutation() {
  const http = useHttpClient();
  return useMutation({ mutationFn: (body: AuthRequest) => requestLoginCode(http, body) });
}

export function useValidateLoginCodeMutation() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AuthValidateRequest) => validateLoginCode(http, body),
    onSuccess: async (result) => {
      if (!isBadRequest(result)) await queryClient.invalidateQueries({ queryKey: authKeys.all });
    },
  });
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
