import type { FastifyInstance } from 'fastify';
import { revokeSessions } from '../auth/sessions.js';

/**
 * Blocks a user (spec 02 "Delete (which blocks the user)"): no new login, every session and
 * token deleted server-side, and `user:blocked` emitted so the chat server drops their sockets.
 * For the admin API (PATCH /admin/users/{id} `{ blocked: true }`).
 */
export async function blockUser(app: FastifyInstance, userId: number): Promise<void> {
  await app.db.query('update users set blocked = true, modified_at = $2 where id = $1', [
    userId,
    app.config.now(),
  ]);
  await revokeSessions(app, { userId });
  app.events.emit('user:blocked', { userId });
}
