// Zod-free on purpose: the login route's status handling (statusHandling.ts) reads these, and a
// module with zod schemas at its top level brings all of zod into the login route (issue 37's
// bundle check: 127.5 KB gzip against the 100 KB budget).

/** Internal codes the clients react to (spec 01 §8, spec 02 §8). */
export const INTERNAL_CODES = {
  FEATURE_NOT_ENABLED: 'FEATURE_NOT_ENABLED',
  ADVICE_TEAM_NOT_ACTIVE: 'ADVICE_TEAM_NOT_ACTIVE',
  /** 409 on an advice resolve/accept/unresolve the conversation's state does not offer. */
  ADVICE_INVALID_STATE: 'ADVICE_INVALID_STATE',
  /** 409 on GET /admin/users/{id}/auth-code: the user must start login in the app first. */
  LOGIN_NOT_STARTED: 'LOGIN_NOT_STARTED',
} as const;
