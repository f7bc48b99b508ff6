import type { Database } from '../db/client.js';
import { seedDemoChat } from '../xmpp/seedHistory.js';

export interface SeedChatContext {
  db: Database;
  now: Date;
  /** Demo users by email: numeric id, uuid and display name. */
  users: ReadonlyMap<string, { id: number; uuid: string; firstName: string; lastName: string }>;
  /** Demo rooms by team name (teams, the forum, the advice team, advice conversations). */
  rooms: ReadonlyMap<string, { id: number; mimId: string; memberEmails: readonly string[] }>;
}

/**
 * Hook for the chat archive: the demo seed calls it once, after the rest of the organisation
 * exists and every migration (chat tables 0100+ included) has run. The XMPP module owns the
 * archive tables and fills this in (a few messages in "Ward 7 Team", an alice-bob DM, ...).
 */
export async function seedChatHistory(ctx: SeedChatContext): Promise<void> {
  await seedDemoChat(ctx);
}
