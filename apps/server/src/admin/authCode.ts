import type { FastifyInstance } from 'fastify';
import { generateLoginCode, hashLoginCode } from '../auth/crypto.js';
import { MAX_CODE_ATTEMPTS } from '../auth/routes.js';
import { HttpError } from '../http/errors.js';

/**
 * `GET /admin/users/{id}/auth-code` (spec 02 §4, §7): a network admin reads a login code to the
 * user over the phone. The code opens the login the user has already started in the app (their
 * latest unexpired, unused attempt, bound to that device's challenge cookie), so a code handed
 * out never opens a session on another device. Without such an attempt: 409, "start login in
 * the app first". Each call issues a fresh code (the previous one of that attempt stops
 * working), valid for the full code lifetime again; wrong guesses made so far still count.
 */
export async function issueAdminAuthCode(app: FastifyInstance, email: string): Promise<string> {
  const now = app.config.now();
  const code = generateLoginCode();
  const issued = await app.db.transaction(async (tx) => {
    const r = await tx.query<{ id: number; challenge_hash: string }>(
      `select id, challenge_hash from login_codes
        where email = $1 and used_at is null and invalidated_at is null
          and expires_at > $2 and attempts < $3
        order by created_at desc limit 1 for update`,
      [email.toLowerCase(), now, MAX_CODE_ATTEMPTS],
    );
    const attempt = r.rows[0];
    if (!attempt) return false;
    await tx.query('update login_codes set code_hash = $2, expires_at = $3 where id = $1', [
      attempt.id,
      hashLoginCode(attempt.challenge_hash, code),
      new Date(now.getTime() + app.config.loginCodeMs),
    ]);
    return true;
  });
  if (!issued)
    throw new HttpError(
      409,
      'The user has to start logging in in the app first.',
      undefined,
      'LOGIN_NOT_STARTED',
    );
  return code;
}
