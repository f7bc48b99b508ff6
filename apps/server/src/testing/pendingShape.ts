/**
 * Routes that do not declare their shape yet: the login routes (src/auth/routes.ts) and the dev
 * mailbox (src/http/dev.ts) are being changed for issue 14 and are converted once that lands.
 * The shape tests skip exactly these; the list only shrinks.
 */
export const PENDING_SHAPE: readonly string[] = [
  'POST /api/v4/auth',
  'POST /api/v4/auth/validate',
  'GET /api/v4/login/token',
  'GET /api/v4/login/current',
  'DELETE /api/v4/login',
  'GET /api/dev/mailbox',
];
