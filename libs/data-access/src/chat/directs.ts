import { bareJid, isRoomJid, jidLocal } from '@pando/domain';

/** A direct conversation the chat knows of (the inbox, or one opened), for the sidebar. */
export interface DirectConversation {
  address: string;
  /** The other person's uuid (the JID's local part). */
  userId: string;
  name: string;
}

/** What `directsOf` reads of a conversation: the chat store's, or the offline copy's as kept. */
export interface DirectSource {
  address: string;
  type: string;
  messages: readonly DirectMessageSource[];
  lastMessage?: DirectMessageSource | undefined;
}
interface DirectMessageSource {
  from: string;
  displayNames?: { sender: string; recipient: string } | undefined;
}

/**
 * The direct conversations of the sidebar, named by the last message's display names (the other
 * person's side of it). Zod-free: the chat list's first paint (`openBootCopy`) runs it on the
 * offline copy before the app loads, the chat store's selector on its snapshot.
 */
export function directsOf(conversations: Iterable<DirectSource>): DirectConversation[] {
  const directs: DirectConversation[] = [];
  for (const c of conversations) {
    if (c.type !== 'chat' || isRoomJid(c.address)) continue;
    const last = c.lastMessage ?? c.messages[c.messages.length - 1];
    const mine = last ? bareJid(last.from) !== c.address : false;
    const name =
      (mine ? last?.displayNames?.recipient : last?.displayNames?.sender) ?? jidLocal(c.address);
    directs.push({ address: c.address, userId: jidLocal(c.address), name });
  }
  return directs;
}
