import type { FastifyInstance } from 'fastify';
// A code is dead after MAX_LOGIN_CODE_ATTEMPTS wrong guesses (issue 4).
import { authEndpoints, MAX_LOGIN_CODE_ATTEMPTS, TEXTS } from '@pando/domain';
import { recordEvent } from '../analytics/record.js';
import { type AuditActor, auditChange, auditNote } from '../audit/hooks.js';
import { route } from '../http/endpoint.js';
import { HttpError } from '../http/errors.js';
import { findUserByEmail } from '../users/repo.js';
import {
  challengeCookieName,
  clearChallengeCookie,
  readCookie,
  setSessionCookie,
} from './cookies.js';
import { hashLoginCode, safeEqualHex, sha256 } from './crypto.js';
import { countWrongGuess, lockLoginCode, markLoginCodeUsed, userFromInvite } from './repo.js';
import { authenticate, createSession, revokeSessions } from './sessions.js';

const INVALID_CODE = 'Invalid code';
const NO_PERMISSION = TEXTS.noPermission;

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

/** POST /auth/validate: the emailed code for a session (spec 01 §7). */
export function registerLoginCodeValidateRoutes(app: FastifyInstance): void {
  const { config } = app;
  route(
    app,
    authEndpoints.validateLoginCode,
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
        const row = await lockLoginCode(tx, challengeHash);
        const invalid = {
          ok: false,
          status: 400,
          message: INVALID_CODE,
          ...(row ? { email: row.email } : {}),
        } as const;
        if (!row || row.used_at || row.invalidated_at || row.attempts >= MAX_LOGIN_CODE_ATTEMPTS)
          return invalid;
        if (now.getTime() >= row.expires_at.getTime()) return invalid;
        if (!safeEqualHex(row.code_hash, hashLoginCode(challengeHash, body.authorization_code))) {
          await countWrongGuess(tx, row.id);
          return invalid;
        }
        await markLoginCodeUsed(tx, row.id, now);
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
    // A success is recorded with the new session, a failure (with the email when known) after.
    {
      audit: {
        action: 'login.failure',
        resource: 'session',
        change: true,
        anonymous: true,
        id: null,
      },
    },
  );
}
