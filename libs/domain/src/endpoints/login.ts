import type { EndpointShape } from './endpoint';

/**
 * The URLs the login route calls, without their schemas: the login route must not load zod
 * (README "The login route parses without zod") and stays within its byte budget, so its calls
 * take the method and path from here (plain data, nothing else at run time) and check the answers
 * with the zod-free parsers. `authEndpoints` (auth.ts) declares the same endpoints in full from
 * these, so each URL is still written once.
 */
export const loginEndpoints = {
  requestLoginCode: { method: 'POST', path: '/auth', responses: {}, access: { kind: 'public' } },
  validateLoginCode: {
    method: 'POST',
    path: '/auth/validate',
    responses: {},
    access: { kind: 'public' },
  },
  /** The HTTP client renews its bearer token here (src/http/createHttpClient.ts). */
  accessToken: {
    method: 'GET',
    path: '/login/access-token',
    responses: {},
    access: { kind: 'self' },
  },
} as const satisfies Record<string, EndpointShape>;
