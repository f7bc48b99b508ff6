import { type AuditActor, auditChange, auditNote } from '../audit/hooks.js';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthRequestResponseSchema,
  AuthRequestSchema,
  AuthValidateQuerySchema,
  AuthValidateRequestSchema,
  AuthValidateResponseSchema,
  CurrentUserSchema,
  EmbedQuerySchema,
  LoginTokenResponseSchema,
  LogoutQuerySchema,
  NoQuerySchema,
  OfflineKeyResponseSchema,
  parseEmbed,
  inviteeName,
  LOGIN_ATTEMPTS,
  rateLimitedText,
} from '@pando/domain';
import { callerOf, PUBLIC, SELF, SELF_SESSION_OPTIONAL } from '../authz/access.js';
import { ERROR_RESPONSES } from '../http/routeShape.js';
import { recordEvent } from '../analytics/record.js';
import type { DatabaseTx } from '../db/client.js';
import { HttpError, parseInput, unauthorized } from '../http/errors.js';
import { findUserByEmail, toWireCurrentUser } from '../users/repo.js';
import { issueChatToken } from './chatToken.js';
import { offlineKeyOf } from './offlineKey.js';
import {
  challengeCookieName,
  clearChallengeCookie,
  clearSessionCookie,
  readCookie,
  sessionCookieName,
  setChallengeCookie,
  setSessionCookie,
} from './cookies.js';
import {
  formatLoginCode,
  generateLoginCode,
  hashLoginCode,
  randomToken,
  safeEqualHex,
  sha256,
} from './crypto.js';
import { authenticate, createSession, issueAccessToken, revokeSessions } from './sessions.js';

/** Wrong guesses after which a code is dead (issue 4). */
export const MAX_CODE_ATTEMPTS = 5;

const INVALID_CODE = 'Invalid code';
const NO_PERMISSION = "You don't have permission to use the web application.";

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
  const perPair = 'email' in by;
  const where = perPair ? 'email = $1 and ip = $4' : 'ip = $1';
  const r = await tx.query<{ n: number; oldest: Date | null }>(
    // The limit-th newest attempt decides when the next one is allowed again.
    `select count(*)::int as n,
            (select created_at from login_codes where ${where} and created_at > $2
              order by created_at desc offset $3 - 1 limit 1) as oldest
       from login_codes where ${where} and created_at > $2`,
    perPair ? [by.email, since, limit, by.ip] : [by.ip, since, limit],
  );
  const row = r.rows[0];
  if (row && row.n >= limit) {
    const oldest = row.oldest ?? now;
    throw tooManyRequests(
      (oldest.getTime() + windowMs - now.getTime()) / 1000,
      perPair ? 'email' : 'ip',
    );
  }
}

/** True when the email may complete a login: an active user or a pending invitation. */
async function mayLogIn(tx: DatabaseTx, email: string): Promise<boolean> {
  const r = await tx.query<{ ok: boolean }>(
    `select exists(select 1 from users where email = $1 and not blocked)
         or exists(select 1 from invites where email = $1 and accepted_at is null and rescinded_at is null) as ok`,
    [email],
  );
  return r.rows[0]?.ok === true;
}

/**
 * Web sign-up is impossible (spec 01 §1): a user is only created here, at the first login of an
 * email with a pending invitation, in the invitation's organisation.
 */
async function userFromInvite(tx: DatabaseTx, email: string, now: Date): Promise<number | null> {
  const inv = await tx.query<{ id: number; hospital_id: number }>(
    `select id, hospital_id from invites
      where email = $1 and accepted_at is null and rescinded_at is null for update`,
    [email],
  );
  const invite = inv.rows[0];
  if (!invite) return null;
  const { first, last } = inviteeName(email);
  const created = await tx.query<{ id: number }>(
    `insert into users (uuid, email, first_name, last_name, hospital_id, access_level, created_at, modified_at)
     values ($1, $2, $3, $4, $5, 'USER', $6, $6) returning id`,
    [randomUUID(), email, first, last, invite.hospital_id, now],
  );
  await tx.query('update invites set accepted_at = $2 where id = $1', [invite.id, now]);
  const row = created.rows[0];
  if (!row) throw new Error('user insert returned no row');
  return row.id;
}

type ValidateOutcome =
  | {
      ok: true;
      userId: number;
      session: Awaited<ReturnType<typeof createSession>>;
      /** The user was created from an invitation by this login. */
      created: boolean;
    }
  | {
      ok: false;
      status: 400 | 403;
      message: string;
      userId?: number;
      /** For the audit trail: who tried, when known. */
      actor?: AuditActor;
      email?: string;
    };

/** Login, the chat password, the current user and logout (spec 01 §7), under /api/v4. */
export default function authRoutes(
  app: FastifyInstance,
  _opts: unknown,
  done: (err?: Error) => void,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app;

  r.post(
    '/auth',
    {
      schema: {
        body: AuthRequestSchema,
        response: { 200: AuthRequestResponseSchema, ...ERROR_RESPONSES },
      },
      config: { access: PUBLIC },
      // A malformed email is a 422, anything else a 400 (parseAuthRequest): the schema is
      // declared for the document, and the handler answers its failure itself.
      attachValidation: true,
    },
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
          await tx.query(
            `update login_codes set invalidated_at = $2
            where challenge_hash = $1 and used_at is null and invalidated_at is null`,
            [sha256(previousChallenge), now],
          );
        }
        // Unknown emails get a row too: same work, same answer, and the rate limits count them.
        await tx.query(
          `insert into login_codes (email, code_hash, challenge_hash, ip, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6)`,
          [
            email,
            hashLoginCode(challengeHash, code),
            challengeHash,
            req.ip,
            now,
            new Date(now.getTime() + config.loginCodeMs),
          ],
        );
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
  );

  r.post(
    '/auth/validate',
    {
      schema: {
        querystring: AuthValidateQuerySchema,
        body: AuthValidateRequestSchema,
        response: { 200: AuthValidateResponseSchema, ...ERROR_RESPONSES },
      },
      // A success is recorded with the new session, a failure (with the email when known) after.
      config: {
        access: PUBLIC,
        audit: {
          action: 'login.failure',
          resource: 'session',
          change: true,
          anonymous: true,
          id: null,
        },
      },
    },
    async (req, reply) => {
      const { cookie } = req.query;
      const body = req.body;
      const challenge = readCookie(req, challengeCookieName(config));
      if (!challenge) {
        throw new HttpError(400, INVALID_CODE, [
          {
            path: 'authorization_code',
            message: 'no login in progress in this browser; request a new code',
          },
        ]);
      }
      const now = config.now();
      const challengeHash = sha256(challenge);
      const outcome = await app.db.transaction(async (tx): Promise<ValidateOutcome> => {
        const r = await tx.query<{
          id: number;
          email: string;
          code_hash: string;
          attempts: number;
          expires_at: Date;
          used_at: Date | null;
          invalidated_at: Date | null;
        }>(
          `select id, email, code_hash, attempts, expires_at, used_at, invalidated_at
           from login_codes where challenge_hash = $1 for update`,
          [challengeHash],
        );
        const row = r.rows[0];
        const invalid = {
          ok: false,
          status: 400,
          message: INVALID_CODE,
          ...(row ? { email: row.email } : {}),
        } as const;
        if (!row || row.used_at || row.invalidated_at || row.attempts >= MAX_CODE_ATTEMPTS)
          return invalid;
        if (now.getTime() >= row.expires_at.getTime()) return invalid;
        if (!safeEqualHex(row.code_hash, hashLoginCode(challengeHash, body.authorization_code))) {
          await tx.query('update login_codes set attempts = attempts + 1 where id = $1', [row.id]);
          return invalid;
        }
        await tx.query('update login_codes set used_at = $2 where id = $1', [row.id, now]);
        let user = await findUserByEmail(tx, row.email);
        let created = false;
        if (!user) {
          created = (await userFromInvite(tx, row.email, now)) !== null;
          user = created ? await findUserByEmail(tx, row.email) : undefined;
        }
        if (!user || user.blocked) {
          return {
            ok: false,
            status: 403,
            message: NO_PERMISSION,
            email: row.email,
            ...(user ? { userId: user.id, actor: user } : {}),
          };
        }
        const session = await createSession(tx, config, {
          userId: user.id,
          fcmToken: body.fcm_token,
          userAgent: req.headers['user-agent'],
          ip: req.ip,
        });
        await recordEvent(tx, { type: 'login', at: now, userId: user.id });
        await recordEvent(tx, { type: 'session_started', at: now, userId: user.id });
        await auditChange(req, tx, {
          action: 'login.success',
          actor: user,
          sessionId: session.sessionId,
          resourceId: session.sessionId,
        });
        return { ok: true, userId: user.id, session, created };
      });

      if (!outcome.ok) {
        auditNote(req, {
          ...(outcome.actor ? { actor: outcome.actor } : {}),
          detail: { ...(outcome.email ? { email: outcome.email } : {}), reason: outcome.message },
        });
        await recordEvent(app.db, {
          type: 'login_unsuccessful',
          at: now,
          userId: outcome.userId ?? null,
          data: { type: outcome.status === 403 ? 'forbidden' : 'auth_code_invalid' },
        });
        throw new HttpError(outcome.status, outcome.message, [
          { path: 'authorization_code', message: outcome.message },
        ]);
      }
      // A new person shows in searches at once (the response cache forgets them).
      if (outcome.created) app.events.emit('user:changed', { userId: outcome.userId });
      // Session rotation: whatever session this browser had is replaced, never reused.
      const previous = await authenticate(app, req);
      if (previous && previous.via === 'cookie')
        await revokeSessions(app, { sessionId: previous.sessionId });
      clearChallengeCookie(reply, config);
      if (cookie === 'true') setSessionCookie(reply, config, outcome.session.token);
      return {
        access_token: outcome.session.accessToken,
        expires_in: Math.floor(config.accessTokenMs / 1000),
      };
    },
  );

  r.get(
    '/login/token',
    {
      schema: {
        querystring: NoQuerySchema,
        response: { 200: LoginTokenResponseSchema, ...ERROR_RESPONSES },
      },
      config: { access: SELF },
    },
    async (req) => {
      const auth = callerOf(req);
      const { token } = await issueChatToken(app.db, config, {
        userId: auth.user.id,
        sessionId: auth.sessionId,
      });
      return { token };
    },
  );

  /**
   * A fresh bearer access token for the session of the cookie (the web client renews its token
   * here before it runs out). Only the session cookie renews it: a token cannot extend itself.
   */
  r.get(
    '/login/access-token',
    {
      schema: {
        querystring: NoQuerySchema,
        response: { 200: AuthValidateResponseSchema, ...ERROR_RESPONSES },
      },
      config: { access: SELF },
    },
    async (req) => {
      const auth = callerOf(req);
      if (auth.via !== 'cookie')
        throw new HttpError(403, 'An access token is renewed with the session cookie only.');
      const { accessToken } = await issueAccessToken(app.db, config, {
        userId: auth.user.id,
        sessionId: auth.sessionId,
      });
      return { access_token: accessToken, expires_in: Math.floor(config.accessTokenMs / 1000) };
    },
  );

  r.get(
    '/login/current',
    {
      schema: {
        querystring: EmbedQuerySchema,
        response: { 200: CurrentUserSchema, ...ERROR_RESPONSES },
      },
      config: { access: SELF },
    },
    (req) =>
      Promise.resolve(
        toWireCurrentUser(callerOf(req).user, parseEmbed(req.query.embed).has('hospital')),
      ),
  );

  /**
   * The key of this session's encrypted offline copy (issue 37): 32 random bytes, made at the
   * first call and the same on every later one (two tabs asking at once included), with when
   * the session ends if nothing renews it and whether the caller's organisation allows patient
   * data offline. The key lives in `sessions.local_key` and goes with the session row: logout,
   * "sign out everywhere", a block and expiry delete it, and the next call is a 401.
   *
   * Decision: the session cookie only; a bearer access token gets 403, as for
   * `/login/access-token`. The token is tied to the same session (`AuthContext.sessionId`), but
   * it is a copyable credential (held in script memory, sent to the analytics and forms APIs,
   * usable from any machine for an hour), while the copy this key opens lives in the browser
   * that holds the HttpOnly cookie: a leaked token must not be enough to read a copied
   * IndexedDB. Answered `Cache-Control: no-store` (every API answer is, src/http/security.ts).
   */
  r.get(
    '/login/offline-key',
    {
      schema: {
        querystring: NoQuerySchema,
        response: { 200: OfflineKeyResponseSchema, ...ERROR_RESPONSES },
      },
      config: { access: SELF },
    },
    async (req) => {
      const auth = callerOf(req);
      if (auth.via !== 'cookie')
        throw new HttpError(403, 'The offline key is given with the session cookie only.');
      const answer = await offlineKeyOf(app, req, auth);
      // The session ended between its authentication and this read (a logout in another tab).
      if (!answer) throw unauthorized();
      return answer;
    },
  );

  /**
   * Logout. `single=true` (what the web client sends) ends this session only; `single=false`
   * ends every session of the user, on every device.
   */
  r.delete(
    '/login',
    {
      schema: {
        querystring: LogoutQuerySchema,
        response: { 204: z.undefined().describe('Logged out'), ...ERROR_RESPONSES },
      },
      // Without a live session the stale cookie is still cleared (below).
      config: {
        access: SELF_SESSION_OPTIONAL,
        audit: { action: 'logout', resource: 'session', change: true, id: null },
      },
    },
    async (req, reply) => {
      const { single } = req.query;
      const auth = req.auth;
      if (auth) {
        auditNote(req, {
          resourceId: auth.sessionId,
          detail: { all_sessions: single === 'false' },
        });
        await revokeSessions(
          app,
          single === 'false' ? { userId: auth.user.id } : { sessionId: auth.sessionId },
        );
      }
      // Clearing the cookie even without a live session lets a stale browser recover cleanly.
      clearSessionCookie(reply, config);
      if (
        !auth &&
        readCookie(req, sessionCookieName(config)) === undefined &&
        !req.headers.authorization
      ) {
        throw new HttpError(401, 'You need to log in to do that.');
      }
      return reply.code(204).send();
    },
  );

  done();
}
