import { NoQuerySchema } from '../wire/params';
import { HealthResponseSchema } from '../wire/responses';
import { ACCESS, endpoint, type EndpointShape } from './endpoint';

/**
 * The system endpoints under /api/v4: the health check. `GET /api/config` (runtime config) and
 * `GET /api/dev/mailbox` are not declared, on purpose: they are outside the API prefix (a
 * declaration's path is below /api/v4 or /api/v1), and the web app reads /api/config with
 * `fetch` and its zod-free parser before it has an HTTP client (README "The login route parses
 * without zod").
 */
export const systemEndpoints = {
  /**
   * 200 only when a real query reaches the database, else 503 with the same body. Its document
   * lists no 4xx: the server registers it without the API's error answers (apps/server
   * src/http/health.ts).
   */
  health: endpoint({
    method: 'GET',
    path: '/health',
    query: NoQuerySchema,
    responses: { 200: HealthResponseSchema, 503: HealthResponseSchema },
    access: ACCESS.public,
  }),
} satisfies Record<string, EndpointShape>;
