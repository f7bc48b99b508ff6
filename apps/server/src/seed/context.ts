import type { Database } from '../db/client.js';

/**
 * What the demo seed hands the chat archive's seeder (src/xmpp/seedHistory.ts) once the rest of
 * the organisation exists. Its own module, so the seed and the chat module do not import each
 * other.
 */
export interface SeedChatContext {
  db: Database;
  now: Date;
  /** Demo users by email: numeric id, uuid and display name. */
  users: ReadonlyMap<string, { id: number; uuid: string; firstName: string; lastName: string }>;
  /** Demo rooms by team name (teams, the forum, the advice team, advice conversations). */
  rooms: ReadonlyMap<string, { id: number; mimId: string; memberEmails: readonly string[] }>;
}
