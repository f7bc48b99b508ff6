import type { FastifyInstance, RouteOptions } from 'fastify';
import { AuthRequestSchema, authEndpoints, LOGIN_ATTEMPTS, rateLimitedText } from '@pando/domain';
import type { DatabaseTx } from '../db/client.js';
import { route, type ServerExtras } from '../http/endpoint.js';
import { HttpError, parseInput } from '../http/errors.js';
import { challengeCookieName, readCookie, setChallengeCookie } from './cookies.js';
import {
  formatLoginCode,
  generateLoginCode,
  hashLoginCode,
  randomToken,
  sha256,
} from './crypto.js';
import { insertLoginCode, invalidateChallengeCodes, mayLogIn, recentLoginCodes } from './repo.js';

/**
 * Spec 01 §8: the client maps 422 to its invalid-email message, so a syntactically bad email
 * is a 422; any other malformed body (missing email, wrong types, bad fcm_token) is a 400.
 */
function parseAuthRequest(body: unknown) {
  const result = AuthRequestSchema.safeParse(body);
  if (result.success) return result.data;
  const onlyEmailSyntax =
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { email?: unknown }).email === 'string' &&
    result.error.issues.every((i) => i.path[0] === 'email');
  return parseInput(AuthRequestSchema, body, onlyEmailSyntax ? 422 : 400);
}

function tooManyRequests(retryAfterSeconds: number, field: 'email' | 'ip'): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(
    429,
    // "Try again in 11 minutes": the wait as a person says it (issue 35); Retry-After has the seconds.
    rateLimitedText(LOGIN_ATTEMPTS, seconds),
    [{ path: field, message: 'rate limit reached' }],
    'RATE_LIMITED',
    { 'Retry-After': String(seconds) },
  );
}

/**
 * The login rate limits (issue 14, finding 5): per client address, and per email *from that
 * address*. A per-email budget shared by the whole world let anyone lock anyone out of login
 * with five requests; per pair, a stranger only uses up their own budget.
 */
async function checkRateLimit(
  tx: DatabaseTx,
  by: { email: string; ip: string } | { ip: string },
  limit: number,
  windowMs: number,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - windowMs);
  const row = await recentLoginCodes(tx, by, since, limit);
  if (row && row.n >= limit) {
    const oldest = row.oldest ?? now;
    throw tooManyRequests(
      (oldest.getTime() + windowMs - now.getTime()) / 1000,
      'email' in by ? 'email' : 'ip',
    );
  }
}

/**
 * A malformed email is a 422, anything else a 400 (parseAuthRequest): the schema is declared for
 * the document, and the handler answers its failure itself. (`route`'s ServerExtras does not name
 * Fastify's `attachValidation`; it passes every option through to the route.)
 */
const VALIDATED_BY_HANDLER: ServerExtras & Pick<RouteOptions, 'attachValidation'> = {
  attachValidation: true,
};

/** POST /auth: a login code by email, for this browser's challenge cookie (spec 01 §7). */
export function registerLoginCodeRequestRoutes(app: FastifyInstance): void {
  const { config } = app;
  route(
    app,
    authEndpoints.requestLoginCode,
    async (req, reply) => {
      const { email } = parseAuthRequest(req.body);
      const now = config.now();
      const challenge = randomToken();
      const challengeHash = sha256(challenge);
      const code = generateLoginCode();
      const previousChallenge = readCookie(req, challengeCookieName(config));
      const canLogIn = await app.db.transaction(async (tx) => {
        await checkRateLimit(
          tx,
          { email, ip: req.ip },
          config.loginRateLimitPerEmail,
          config.loginRateLimitWindowMs,
          now,
        );
        await checkRateLimit(
          tx,
          { ip: req.ip },
          config.loginRateLimitPerIp,
          config.loginRateLimitWindowMs,
          now,
        );
        // A new code ends this browser's previous one (its challenge cookie is replaced anyway),
        // never a code someone else is typing: anyone may ask for a code for any email.
        if (previousChallenge) {
          await invalidateChallengeCodes(tx, sha256(previousChallenge), now);
        }
        // Unknown emails get a row too: same work, same answer, and the rate limits count them.
        await insertLoginCode(tx, {
          email,
          codeHash: hashLoginCode(challengeHash, code),
          challengeHash,
          ip: req.ip,
          now,
          expiresAt: new Date(now.getTime() + config.loginCodeMs),
        });
        return mayLogIn(tx, email);
      });
      if (canLogIn) {
        // Not awaited: delivery time must not tell a known email from an unknown one.
        void app.mailer.send({
          to: email,
          subject: `Your ${config.productName} login code`,
          text: [
            `Your ${config.productName} login code is ${formatLoginCode(code)}`,
            '',
            `It is valid for ${Math.round(config.loginCodeMs / 60_000)} minutes and can be used once.`,
            'If you did not try to log in, you can ignore this email.',
          ].join('\n'),
        });
      }
      setChallengeCookie(reply, config, challenge);
      return { message: `Email sent to ${email}` };
    },
    VALIDATED_BY_HANDLER,
  );
}
