import { EventEmitter } from 'node:events';

/** Events the chat server listens to so it can drop sockets at once. */
export interface ServerEventMap {
  'session:revoked': [{ userId: number; sessionId: number }];
  'user:blocked': [{ userId: number }];
}

export class ServerEvents extends EventEmitter<ServerEventMap> {}
