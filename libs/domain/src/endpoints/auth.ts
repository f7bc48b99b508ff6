import { z } from 'zod';
import {
  AuthRequestResponseSchema,
  AuthRequestSchema,
  AuthValidateQuerySchema,
  AuthValidateRequestSchema,
  AuthValidateResponseSchema,
  LoginTokenResponseSchema,
  LogoutQuerySchema,
  OfflineKeyResponseSchema,
} from '../auth/schemas';
import { CurrentUserSchema } from '../users/schemas';
import { EmbedQuerySchema, NoQuerySchema } from '../wire/params';
import { ACCESS, endpoint, type EndpointShape } from './endpoint';
import { firstPaintEndpoints } from './firstPaint';
import { loginEndpoints } from './login';
import { lazySchema } from '../wire/lazySchema';

export { loginEndpoints } from './login';

/** Logout's answer: 204 and no body. */
export const LoggedOutSchema = lazySchema(() => z.undefined().describe('Logged out'));

/**
 * Login and the session it gives (spec 01 §7, API v4): a code by email, the code for a session,
 * the chat password, a fresh access token, the current user, the offline key and logout.
 *
 * The login route's own calls (`POST /auth`, `POST /auth/validate`, and the HTTP client's
 * `GET /login/access-token`) keep their zod-free parsers (README "The login route parses without
 * zod"): importing these declarations there would load zod, so their method and path come from
 * `loginEndpoints` (login.ts), which the declarations below extend.
 */
export const authEndpoints = {
  /**
   * A login code by email for this browser's challenge cookie. A malformed email is a 422 and
   * any other malformed body a 400: the server's handler answers a failed body itself.
   */
  requestLoginCode: endpoint({
    ...loginEndpoints.requestLoginCode,
    body: AuthRequestSchema,
    responses: { 200: AuthRequestResponseSchema },
  }),
  /** The emailed code for a session (`?cookie=true`: as a session cookie too). */
  validateLoginCode: endpoint({
    ...loginEndpoints.validateLoginCode,
    query: AuthValidateQuerySchema,
    body: AuthValidateRequestSchema,
    responses: { 200: AuthValidateResponseSchema },
  }),
  /** The chat password. */
  chatToken: endpoint({
    method: 'GET',
    path: '/login/token',
    query: NoQuerySchema,
    responses: { 200: LoginTokenResponseSchema },
    access: ACCESS.self,
  }),
  /** A fresh bearer access token; only the session cookie renews it (a token gets 403). */
  accessToken: endpoint({
    ...loginEndpoints.accessToken,
    query: NoQuerySchema,
    responses: { 200: AuthValidateResponseSchema },
  }),
  currentUser: endpoint({
    ...firstPaintEndpoints.currentUser,
    query: EmbedQuerySchema,
    responses: { 200: CurrentUserSchema },
  }),
  /** The key of this session's encrypted offline copy (issue 37); session cookie only (403). */
  offlineKey: endpoint({
    ...firstPaintEndpoints.offlineKey,
    query: NoQuerySchema,
    responses: { 200: OfflineKeyResponseSchema },
    access: ACCESS.self,
  }),
  /**
   * Logout: `single=true` ends this session, `single=false` every session of the user. Without a
   * live session the stale cookie is still cleared.
   */
  logout: endpoint({
    method: 'DELETE',
    path: '/login',
    query: LogoutQuerySchema,
    responses: { 204: LoggedOutSchema },
    access: ACCESS.selfSessionOptional,
  }),
} satisfies Record<string, EndpointShape>;
