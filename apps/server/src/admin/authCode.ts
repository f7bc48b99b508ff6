import type { FastifyRequest } from 'fastify';
import { displayName, MAX_LOGIN_CODE_ATTEMPTS, TEXTS } from '@pando/domain';
import { auditChange } from '../audit/hooks.js';
import { generateLoginCode, hashLoginCode } from '../auth/crypto.js';
import { HttpError } from '../http/errors.js';

/**
 * `GET /admin/users/{id}/auth-code` (spec 02 §4, §7): a network admin reads a login code to the
 * user over the phone. The code opens the login the user has already started in the app (their
 * latest unexpired, unused attempt, bound to that device's challenge cookie), so a code handed
 * out never opens a session on another device. Without such an attempt: 409, "start login in
 * the app first". Each call issues a fresh code (the previous one of that attempt stops
 * working), valid for the full code lifetime again; wrong guesses made so far still count.
 */
export async function issueAdminAuthCode(req: FastifyRequest, email: string): Promise<string> {
  refuseCrossSite(req);
  const app = req.server;
  const now = app.config.now();
  const code = generateLoginCode();
  const issued = await app.db.transaction(async (tx) => {
    const r = await tx.query<{ id: number; challenge_hash: string }>(
      `select id, challenge_hash from login_codes
        where email = $1 and used_at is null and invalidated_at is null
          and expires_at > $2 and attempts < $3
        order by created_at desc limit 1 for update`,
      [email.toLowerCase(), now, MAX_LOGIN_CODE_ATTEMPTS],
    );
    const attempt = r.rows[0];
    if (!attempt) return false;
    await tx.query('update login_codes set code_hash = $2, expires_at = $3 where id = $1', [
      attempt.id,
      hashLoginCode(attempt.challenge_hash, code),
      new Date(now.getTime() + app.config.loginCodeMs),
    ]);
    // In the audit trail with the code it records (issue 36).
    await auditChange(req, tx);
    return true;
  });
  if (!issued) throw new HttpError(409, TEXTS.loginNotStarted, undefined, 'LOGIN_NOT_STARTED');
  return code;
}

/**
 * The two login-code calls are GETs that change state (spec 02 §7), which the CSRF check of
 * non-GET calls does not cover: a browser must say the call is its own (`Sec-Fetch-Site`
 * same-origin, or none for a typed URL); clients outside a browser send no such header.
 */
function refuseCrossSite(req: FastifyRequest): void {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none')
    throw new HttpError(403, TEXTS.crossSiteRefused, [
      { path: 'sec-fetch-site', message: 'must be same-origin' },
    ]);
}

/**
 * Tells the person that an administrator generated a login code for them (issue 36: a code logs
 * in as them, so they should hear of it). Sent after the code, never holding it up.
 */
export async function tellOfAdminCode(
  req: FastifyRequest,
  target: { email: string; first_name: string },
  admin: { email: string; first_name: string; last_name: string },
): Promise<void> {
  const app = req.server;
  const name = displayName(admin);
  try {
    await app.mailer.send({
      to: target.email,
      subject: `${app.config.productName}: an administrator generated a login code for you`,
      text: [
        `Hello ${target.first_name},`,
        '',
        `${name} (${admin.email}), an administrator of ${app.config.productName}, generated a login code for your account at ${app.config.now().toISOString()} (UTC).`,
        'This is normal if you asked them for help logging in.',
        'If you did not, tell your administrator or support at once: someone may be trying to log in as you.',
      ].join('\n'),
    });
  } catch (err) {
    req.log.error({ err }, 'login code notice mail failed');
  }
}
