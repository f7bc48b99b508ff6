import type { Config } from '../config.js';
import { endExpiredSessions } from '../audit/sessionExpiry.js';
import type { Database } from '../db/client.js';

/** A day of login attempts is kept beyond any rate-limit window, for support questions. */
const LOGIN_ATTEMPT_RETENTION_MS = 24 * 3_600_000;

/**
 * Deletes what can never be used again: sessions past their absolute or idle lifetime, expired
 * access and chat tokens, and login attempts older than the rate-limit window plus a day.
 * Runs at start and hourly (see app.ts); each statement is its own short transaction.
 */
export async function sweepExpired(
  db: Database,
  config: Pick<Config, 'now' | 'sessionIdleMs' | 'loginRateLimitWindowMs' | 'loginCodeMs'>,
): Promise<{ sessions: number; loginCodes: number; tokens: number }> {
  const now = config.now();
  // Each ended session is recorded in the audit trail (session.expired) in the same transaction.
  const sessions = await endExpiredSessions(db, now, config.sessionIdleMs);
  const keepSince = new Date(
    now.getTime() -
      Math.max(config.loginRateLimitWindowMs, config.loginCodeMs) -
      LOGIN_ATTEMPT_RETENTION_MS,
  );
  const codes = await db.query('delete from login_codes where created_at < $1 returning id', [
    keepSince,
  ]);
  const access = await db.query('delete from access_tokens where expires_at <= $1 returning id', [
    now,
  ]);
  const chat = await db.query('delete from chat_tokens where expires_at <= $1 returning id', [now]);
  return {
    sessions,
    loginCodes: codes.rows.length,
    tokens: access.rows.length + chat.rows.length,
  };
}
