/**
 * The bearer access token of spec 02 §7 (analytics, structured forms), kept in memory only: it is
 * fetched from the session (`GET /login/access-token`, cookie-authenticated) on the first bearer
 * call, reused until shortly before it runs out, then fetched again. Calls made while a fetch is
 * under way share it. A failed fetch gives no token (the call then goes with the session cookie,
 * which the server also accepts, and answers for itself).
 */
export interface AccessTokenSource {
  get(): Promise<string | undefined>;
  /** Drops the token (a bearer call answered 401: it may have ended before its time). */
  forget(): void;
}

/** Renew this long before the token's end, so a call never leaves with a dying token. */
const RENEW_MARGIN_MS = 60_000;
/** Without `expires_in` the token is treated as good for this long. */
const DEFAULT_LIFETIME_MS = 5 * 60_000;

export function createAccessTokenSource(
  fetchToken: () => Promise<{ access_token: string; expires_in?: number | undefined } | undefined>,
  now: () => number = () => Date.now(),
): AccessTokenSource {
  let current: { token: string; renewAt: number } | undefined;
  let pending: Promise<string | undefined> | undefined;

  function renew(): Promise<string | undefined> {
    pending ??= fetchToken()
      .then((answer) => {
        if (!answer) return undefined;
        const lifetime = (answer.expires_in ?? 0) * 1000 || DEFAULT_LIFETIME_MS;
        current = {
          token: answer.access_token,
          renewAt: now() + Math.max(lifetime - RENEW_MARGIN_MS, lifetime / 2),
        };
        return answer.access_token;
      })
      .catch(() => undefined)
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  return {
    get: () => (current && now() < current.renewAt ? Promise.resolve(current.token) : renew()),
    forget: () => {
      current = undefined;
    },
  };
}
