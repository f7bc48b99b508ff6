import type { FastifyInstance } from 'fastify';
import { announceRevoked, deleteSessions, type RevokedSession } from '../auth/sessions.js';
import type { DatabaseTx } from '../db/client.js';

/**
 * Blocks a user (spec 02 "Delete (which blocks the user)"): no new login, every session and
 * token deleted server-side. Written inside the caller's transaction (PATCH /admin/users/{id}
 * moves and blocks in one); what it returns goes to `announceBlocked` once that commits.
 */
export async function blockUser(
  tx: DatabaseTx,
  userId: number,
  now: Date,
): Promise<RevokedSession[]> {
  await tx.query('update users set blocked = true, modified_at = $2 where id = $1', [userId, now]);
  return deleteSessions(tx, { userId });
}

/**
 * After the block committed: `session:revoked` for the deleted sessions and `user:blocked`, so
 * the chat server drops every socket of the user and the session cache forgets them.
 */
export function announceBlocked(
  app: FastifyInstance,
  userId: number,
  revoked: readonly RevokedSession[],
): void {
  announceRevoked(app, revoked);
  app.events.emit('user:blocked', { userId });
}
