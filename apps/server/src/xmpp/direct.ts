import { randomUUID } from 'node:crypto';
import { canSeeUser } from '@pando/domain';
import type { ChatContext } from './context.js';
import { isUuid, type Jid } from './jid.js';
import { stamp } from './stamp.js';
import { bounce, clientChildren, type Sender } from './stanzas.js';
import { pairConv, resetInbox, type InboxDelta } from './store.js';
import { child, el, NS, serialize, type XmlEl } from './xml.js';

/**
 * A 1:1 message, marker or chat state. They follow the REST API's visibility rule
 * (`canSeeUser`): to the sender, someone of another network is a user that does not exist
 * (issue 14, finding 4). A message with a body is archived, then routed.
 */
export async function onChat(ctx: ChatContext, s: Sender, m: XmlEl, to: Jid): Promise<void> {
  const recipient = to.local;
  const [sender, target] = isUuid(recipient)
    ? await Promise.all([ctx.directory.entry(s.uuid), ctx.directory.entry(recipient)])
    : [undefined, undefined];
  if (!sender || !target || !canSeeUser(sender.placement, target.placement)) {
    bounce(s, m, 'item-not-found');
    return;
  }
  if (!child(m, 'body')) return onChatSignal(ctx, s, m, to);
  const now = ctx.now();
  const out = await stamp(ctx, s, m, s.jid, now);
  out.attrs.type = 'chat';
  const senderBare = ctx.userJid(s.uuid);
  const recipientBare = ctx.userJid(recipient);
  const inbox: InboxDelta[] = [{ owner: s.uuid, convJid: recipientBare, isSender: true }];
  if (recipient !== s.uuid) inbox.push({ owner: recipient, convJid: senderBare, isSender: false });
  // Read before the carbons namespace is stripped from what we store and route.
  const noCopy = child(m, 'private', NS.carbons) !== undefined;
  const stored = await ctx.writer.write({
    sender: s.uuid,
    recipient,
    conv: pairConv(s.uuid, recipient),
    kind: 'chat',
    clientId: m.attrs.id || randomUUID(),
    createdAt: now,
    stanza: serialize(out),
    inbox,
  });
  if (stored.duplicate) return;
  routeChat(ctx, s, out, to, stored.id, noCopy);
}

/**
 * Delivers a 1:1 message to the recipient's resources and carbon copies to the sender's;
 * `noCopy` (the client's `<private xmlns="urn:xmpp:carbons:2"/>`) suppresses the copies.
 */
function routeChat(
  ctx: ChatContext,
  s: Sender,
  out: XmlEl,
  to: Jid,
  archiveId: string,
  noCopy: boolean,
): void {
  const recipient = to.local;
  const withId = (by: string): XmlEl => ({
    ...out,
    children: [...out.children, el('stanza-id', { xmlns: NS.sid, by, id: archiveId })],
  });
  const forRecipient = withId(ctx.userJid(recipient));
  if (to.resource && ctx.sessions.deliverToResource(recipient, to.resource, forRecipient)) {
    // Addressed to one resource: the others see a `received` carbon.
    if (!noCopy)
      ctx.sessions.deliver(
        recipient,
        carbon(ctx, 'received', recipient, forRecipient),
        `${ctx.userJid(recipient)}/${to.resource}`,
        true,
      );
  } else {
    ctx.sessions.deliver(recipient, forRecipient);
  }
  if (!noCopy && recipient !== s.uuid) {
    const forSender = withId(ctx.userJid(s.uuid));
    ctx.sessions.deliver(s.uuid, carbon(ctx, 'sent', s.uuid, forSender), s.jid, true);
  }
}

/** A carbon copy (XEP-0280) of `msg` for `owner`'s other resources. */
function carbon(ctx: ChatContext, kind: 'sent' | 'received', owner: string, msg: XmlEl): XmlEl {
  const bare = ctx.userJid(owner);
  return el(
    'message',
    { xmlns: NS.client, from: bare, to: bare, type: msg.attrs.type },
    el(kind, { xmlns: NS.carbons }, el('forwarded', { xmlns: NS.forward }, msg)),
  );
}

/**
 * Markers and chat states: routed, not archived as messages. A `received` or `displayed` marker
 * is kept as the reader's latest in the conversation (markers.ts, stored behind, in batches),
 * and a `displayed` marker may reset the inbox.
 */
async function onChatSignal(ctx: ChatContext, s: Sender, m: XmlEl, to: Jid): Promise<void> {
  const displayed = child(m, 'displayed', NS.markers);
  const marker = displayed ?? child(m, 'received', NS.markers);
  if (marker?.attrs.id && to.local !== s.uuid)
    ctx.markers.note({
      conv: pairConv(s.uuid, to.local),
      reader: s.uuid,
      type: marker === displayed ? 'displayed' : 'received',
      messageId: marker.attrs.id,
      markedSender: to.local,
      at: ctx.now(),
    });
  if (displayed?.attrs.id) {
    // The marked message may still be on its way from the journal to the inbox rows.
    await ctx.writer.settled();
    await resetInbox(ctx.db, s.uuid, ctx.userJid(to.local), displayed.attrs.id);
  }
  const out = el(
    'message',
    {
      xmlns: NS.client,
      from: s.jid,
      to: m.attrs.to ?? '',
      type: m.attrs.type ?? 'chat',
      id: m.attrs.id || undefined,
    },
    ...clientChildren(m),
  );
  if (to.resource && ctx.sessions.deliverToResource(to.local, to.resource, out)) return;
  ctx.sessions.deliver(to.local, out);
  if (to.local !== s.uuid)
    ctx.sessions.deliver(s.uuid, carbon(ctx, 'sent', s.uuid, out), s.jid, true);
}
