import type { Config } from '../config.js';
import type { DatabaseTx } from '../db/client.js';
import { asUuid } from '../users/repo.js';
import { randomToken, sha256 } from './crypto.js';

/**
 * The chat password of GET /api/v4/login/token: 256 random bits, stored hashed, valid for
 * CHAT_TOKEN_MINUTES (5 by default) and only while the session that asked for it lives
 * (deleting the session cascades to its tokens).
 */
export async function issueChatToken(
  db: DatabaseTx,
  config: Pick<Config, 'now' | 'chatTokenMs'>,
  owner: { userId: number; sessionId: number },
): Promise<{ token: string; expiresAt: Date }> {
  const now = config.now();
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + config.chatTokenMs);
  await db.query(
    `insert into chat_tokens (token_hash, user_id, session_id, created_at, expires_at) values ($1, $2, $3, $4, $5)`,
    [sha256(token), owner.userId, owner.sessionId, now, expiresAt],
  );
  // Expired tokens are useless; sweep the caller's own so the table stays small.
  await db.query('delete from chat_tokens where user_id = $1 and expires_at <= $2', [
    owner.userId,
    now,
  ]);
  return { token, expiresAt };
}

/**
 * SASL PLAIN check for the chat server: username = the user's uuid, password = a live chat
 * token of that user, from a session that is still alive (absolute and, with `sessionIdleMs`,
 * idle expiry). Blocked users are refused. A token opens one connection only: it is deleted by
 * the check that accepts it, so one leaked or replayed token cannot bind a crowd of sockets
 * (issue 14, finding 8); the web client fetches a fresh one for every connection.
 */
export async function verifyChatToken(
  db: DatabaseTx,
  userUuid: string,
  token: string,
  now: Date = new Date(),
  sessionIdleMs?: number,
): Promise<{ userId: number; sessionId: number } | null> {
  const uuid = asUuid(userUuid);
  if (token.length === 0 || token.length > 200 || uuid === undefined) return null;
  const idleSince = new Date(now.getTime() - (sessionIdleMs ?? now.getTime()));
  const r = await db.query<{ user_id: number; session_id: number }>(
    `delete from chat_tokens t
      using users u, sessions s
      where u.id = t.user_id and s.id = t.session_id
        and t.token_hash = $1 and u.uuid = $2::uuid and t.expires_at > $3
        and s.expires_at > $3 and s.last_seen_at > $4 and not u.blocked
      returning t.user_id, t.session_id`,
    [sha256(token), uuid, now, idleSince],
  );
  const row = r.rows[0];
  return row ? { userId: row.user_id, sessionId: row.session_id } : null;
}
