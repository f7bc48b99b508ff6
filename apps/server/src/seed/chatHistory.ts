import { seedDemoChat } from '../xmpp/seedHistory.js';
import type { SeedChatContext } from './context.js';

export type { SeedChatContext } from './context.js';

/**
 * Hook for the chat archive: the demo seed calls it once, after the rest of the organisation
 * exists and every migration (chat tables 0100+ included) has run. The XMPP module owns the
 * archive tables and fills this in (a few messages in "Ward 7 Team", an alice-bob DM, ...).
 */
export async function seedChatHistory(ctx: SeedChatContext): Promise<void> {
  await seedDemoChat(ctx);
}
