import {
  AuthRequestResponseParser,
  AuthValidateResponseParser,
  loginEndpoints,
  pathOf,
  type AuthRequest,
  type AuthValidateRequest,
} from '@pando/domain';
import { useCallback, useState } from 'react';
import type { HttpClient } from '../http/createHttpClient';
import { isBadRequest } from '../http/errors';
import { useHttpClient } from './httpContext';

/*
 * The two calls of the login page. They are on the login route, which must stay under its
 * JavaScript budget (issue 10), so their answers are checked with the domain's zod-free parsers
 * (the same rules as its zod schemas) and this module imports nothing that loads zod: their method
 * and path come from the domain's zod-free `loginEndpoints`, not `authEndpoints`. The session
 * calls behind the login (current user, chat token, logout) are in `./auth`.
 */

/**
 * Set when a logout could not reach the server (no network): the page went to the login screen
 * and wiped what it held, but the session behind the cookie lives on. The next signed-in start
 * with a network ends it before anything else (`finishPendingLogout` in `./auth`; issue 37).
 */
export const PENDING_LOGOUT_ITEM = 'pando.logout.pending';

/** A logout is still to be sent to the server (see `PENDING_LOGOUT_ITEM`). */
export function logoutPending(): boolean {
  try {
    return globalThis.localStorage.getItem(PENDING_LOGOUT_ITEM) !== null;
  } catch {
    return false;
  }
}

export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
};

/** POST /auth: asks for a login code by email (spec 01 §7). The email is lower-cased (§5). */
export function requestLoginCode(http: HttpClient, body: AuthRequest) {
  return http.request({
    method: loginEndpoints.requestLoginCode.method,
    path: pathOf(loginEndpoints.requestLoginCode, undefined),
    body: { ...body, email: body.email.trim().toLowerCase() },
    schema: AuthRequestResponseParser,
    // The login card says why (a lockout names the wait): no notification repeats it.
    showsRefusal: true,
  });
}

/**
 * POST /auth/validate?cookie=true: exchanges the code for a session cookie and an access token.
 * Dashes are removed and the code lower-cased before sending (spec 01 §5).
 */
export async function validateLoginCode(http: HttpClient, body: AuthValidateRequest) {
  const answer = await http.request({
    method: loginEndpoints.validateLoginCode.method,
    path: pathOf(loginEndpoints.validateLoginCode, undefined),
    query: { cookie: true },
    body: { ...body, authorization_code: body.authorization_code.replace(/-/g, '').toLowerCase() },
    schema: AuthValidateResponseParser,
  });
  // The new session's cookie replaces the one a dead-zone logout could not end: nothing is left
  // to end from this browser, and ending "it" now would end the new session.
  if (!isBadRequest(answer)) {
    try {
      globalThis.localStorage.removeItem(PENDING_LOGOUT_ITEM);
    } catch {
      // No storage, no pending logout.
    }
  }
  return answer;
}

/**
 * The login page's two calls with their pending state. No React Query here: the login page
 * renders before the query cache is loaded (issue 16); after a login the routed app refreshes the
 * session with `useRefreshSession`.
 */
export function useLoginRequests() {
  const http = useHttpClient();
  const [pending, setPending] = useState(0);
  const track = useCallback(async <T>(call: Promise<T>): Promise<T> => {
    setPending((n) => n + 1);
    try {
      return await call;
    } finally {
      setPending((n) => n - 1);
    }
  }, []);
  return {
    pending: pending > 0,
    requestCode: (body: AuthRequest) => track(requestLoginCode(http, body)),
    validateCode: (body: AuthValidateRequest) => track(validateLoginCode(http, body)),
  };
}
