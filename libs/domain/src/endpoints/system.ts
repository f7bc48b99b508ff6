import type { EndpointShape } from './endpoint';

/**
 * The system endpoints: none declared, on purpose (issue 38).
 * - `GET /api/config` (runtime config) and `GET /api/dev/mailbox` are outside the API prefix: a
 *   declaration's path is below /api/v4 (or /api/v1), and the web app reads /api/config with its
 *   zod-free parser before it has an HTTP client (README "The login route parses without zod").
 * - `GET /api/v4/health` answers 503 with its own body and not the API's error shape, which a
 *   declared route's document always lists (4xx); the web app never calls it and the mock
 *   backend has no health.
 */
export const systemEndpoints = {} satisfies Record<string, EndpointShape>;
