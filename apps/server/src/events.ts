import { EventEmitter } from 'node:events';

/**
 * Events the chat server listens to so it can drop sockets at once; the session cache
 * (src/auth/sessions.ts) forgets what they name.
 */
export interface ServerEventMap {
  'session:revoked': [{ userId: number; sessionId: number }];
  'user:blocked': [{ userId: number }];
  /** A user's row (status, name, access level, organisation…) changed: emit after the write. */
  'user:changed': [{ userId: number }];
}

export class ServerEvents extends EventEmitter<ServerEventMap> {}
