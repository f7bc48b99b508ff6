import { EventEmitter } from 'node:events';

/**
 * Events the chat server listens to so it can drop sockets at once; the session cache
 * (src/auth/sessions.ts) and the response cache (src/http/responseCache.ts) forget what they name.
 */
export interface ServerEventMap {
  'session:revoked': [{ userId: number; sessionId: number }];
  'user:blocked': [{ userId: number }];
  /** A user's row (status, name, access level, organisation…) changed: emit after the write. */
  'user:changed': [{ userId: number }];
  /**
   * A team's row or its member list changed (created, renamed, members added or removed, left,
   * deleted): emit after the commit, with everyone whose membership changed in `userIds`.
   */
  'team:changed': [{ teamId: number; userIds: readonly number[] }];
  /** An advice conversation was opened or changed state: emit after the commit. */
  'advice:changed': [{ adviceId: number; teamId: number; requestorId: number }];
  /**
   * Patient cards changed (created, saved, reassigned, shared, deleted, their patient edited):
   * emit after the commit with everyone who saw or now sees them — their creators, assigned
   * and shared-with people in `userIds`, assigned and shared-with teams (and advice teams of
   * shared-with conversations) in `teamIds` (`announceCardChange` in src/patients/cache.ts).
   */
  'cards:changed': [{ userIds: readonly number[]; teamIds: readonly number[] }];
  /**
   * The whole database was put back to an earlier state (the embedded server between two tests,
   * src/embedded): everything a module keeps in memory from it is dropped.
   */
  'database:restored': [];
}

export class ServerEvents extends EventEmitter<ServerEventMap> {}
