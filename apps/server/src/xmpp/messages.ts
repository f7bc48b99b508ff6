import type { ChatContext } from './context.js';
import { onChat } from './direct.js';
import { onGroupchat } from './groupchat.js';
import { parseJid } from './jid.js';
import { bounce, type Sender } from './stanzas.js';
import type { XmlEl } from './xml.js';

/**
 * Longest client message id (`id` attribute) accepted. The archive's unique (sender, client id)
 * index holds entries of at most ~2.7 KB; a longer id could not be stored, and on the embedded
 * database a message is acknowledged before the archive row is written (journaledArchive.ts),
 * so it is refused here. Clients send uuids (36 characters).
 */
export const MAX_MESSAGE_ID_LENGTH = 512;

/** A `<message>` from a client: to a room, to a user of our domain, or refused. */
export async function onMessage(ctx: ChatContext, s: Sender, m: XmlEl): Promise<void> {
  const type = m.attrs.type ?? 'normal';
  if (type === 'error' || type === 'headline') return;
  if ((m.attrs.id?.length ?? 0) > MAX_MESSAGE_ID_LENGTH) {
    bounce(s, m, 'bad-request');
    return;
  }
  const to = parseJid(m.attrs.to);
  if (!to) {
    bounce(s, m, 'bad-request', ctx.domain);
    return;
  }
  if (to.domain === ctx.roomDomain) return onGroupchat(ctx, s, m, to);
  if (to.domain !== ctx.domain || !to.local) {
    bounce(s, m, 'service-unavailable');
    return;
  }
  return onChat(ctx, s, m, to);
}
