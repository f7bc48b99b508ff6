import { randomUUID } from 'node:crypto';
import type { ChatContext } from './context.js';
import { isRoomId, type Jid } from './jid.js';
import { stamp } from './stamp.js';
import type { AffiliationChange } from './rooms.js';
import { bounce, clientChildren, type Sender } from './stanzas.js';
import { resetInbox, roomConv } from './store.js';
import { child, el, NS, serialize, type XmlEl } from './xml.js';

/**
 * A message to a MUC Light room: occupants only (a forum may add the poster first, spec 01 §4);
 * a message with a body is archived, counted in every occupant's inbox, then sent to all of
 * them; markers and chat states are routed, and a marker is kept as its occupant's latest.
 */
export async function onGroupchat(ctx: ChatContext, s: Sender, m: XmlEl, to: Jid): Promise<void> {
  const mimId = to.local;
  let room = isRoomId(mimId) ? await ctx.rooms.get(mimId) : undefined;
  if (room && !room.members.has(s.uuid) && child(m, 'body') && ctx.joinOnPost) {
    // A forum adds a poster as a member (spec 01 §4); anything else stays refused below.
    if (await ctx.joinOnPost(mimId, s.uuid)) room = await ctx.rooms.get(mimId);
  }
  if (!room || !room.members.has(s.uuid)) {
    bounce(s, m, 'item-not-found', m.attrs.to);
    return;
  }
  if (room.closed && child(m, 'body')) {
    // A closed advice conversation is read-only (issue 35): markers still pass, messages not.
    bounce(s, m, 'not-allowed', m.attrs.to);
    return;
  }
  const roomJid = ctx.roomJid(mimId);
  const from = `${roomJid}/${ctx.userJid(s.uuid)}`;
  if (!child(m, 'body')) {
    const displayed = child(m, 'displayed', NS.markers);
    const marker = displayed ?? child(m, 'received', NS.markers);
    if (marker?.attrs.id)
      // Kept as the occupant's latest marker in the room (markers.ts), stored behind.
      ctx.markers.note({
        conv: roomConv(mimId),
        reader: s.uuid,
        type: marker === displayed ? 'displayed' : 'received',
        messageId: marker.attrs.id,
        markedSender: '',
        at: ctx.now(),
      });
    if (displayed?.attrs.id) {
      await ctx.writer.settled();
      await resetInbox(ctx.db, s.uuid, roomJid, displayed.attrs.id);
    }
    const out = el(
      'message',
      { xmlns: NS.client, from, to: roomJid, type: 'groupchat', id: m.attrs.id || undefined },
      ...clientChildren(m),
    );
    for (const u of room.members) ctx.sessions.deliver(u, out);
    return;
  }
  const now = ctx.now();
  const out = await stamp(ctx, s, m, from, now);
  out.attrs.type = 'groupchat';
  out.attrs.to = roomJid;
  const stored = await ctx.writer.write({
    sender: s.uuid,
    recipient: mimId,
    conv: roomConv(mimId),
    kind: 'groupchat',
    clientId: m.attrs.id || randomUUID(),
    createdAt: now,
    stanza: serialize(out),
    inbox: [...room.members].map((u) => ({ owner: u, convJid: roomJid, isSender: u === s.uuid })),
  });
  if (stored.duplicate) return;
  fanOut(ctx, room.members, out, roomJid, stored.id);
}

/** Sends an archived room message to every occupant with the room's `stanza-id`. */
function fanOut(
  ctx: ChatContext,
  members: Iterable<string>,
  out: XmlEl,
  roomJid: string,
  archiveId: string,
): void {
  const routed: XmlEl = {
    ...out,
    children: [...out.children, el('stanza-id', { xmlns: NS.sid, by: roomJid, id: archiveId })],
  };
  for (const u of members) ctx.sessions.deliver(u, routed);
}

/** Tells the occupants about a membership change, as MongooseIM's MUC Light does. */
export function notifyAffiliations(ctx: ChatContext, c: AffiliationChange): void {
  if (c.added.length === 0 && c.removed.length === 0) return;
  const roomJid = ctx.roomJid(c.mimId);
  const users = (list: string[], aff: string) =>
    list.map((u) => el('user', { affiliation: aff }, ctx.userJid(u)));
  const id = randomUUID();
  const msg = (to: string, ...xs: XmlEl[]) =>
    el(
      'message',
      { xmlns: NS.client, from: roomJid, to: ctx.userJid(to), type: 'groupchat', id },
      el('x', { xmlns: NS.muclightAffiliations }, ...xs),
      el('body'),
    );
  const addedSet = new Set(c.added);
  for (const u of c.members) {
    if (addedSet.has(u)) {
      // A new occupant learns the version and the full member list.
      ctx.sessions.deliver(u, msg(u, el('version', {}, c.version), ...users(c.members, 'member')));
    } else {
      ctx.sessions.deliver(
        u,
        msg(
          u,
          ...(c.prevVersion ? [el('prev-version', {}, c.prevVersion)] : []),
          el('version', {}, c.version),
          ...users(c.added, 'member'),
          ...users(c.removed, 'none'),
        ),
      );
    }
  }
  for (const u of c.removed) ctx.sessions.deliver(u, msg(u, ...users([u], 'none')));
}

/**
 * Tells the occupants that the room's configuration changed (a rename), as MongooseIM's MUC Light
 * does: a groupchat message from the room carrying `<x xmlns='urn:xmpp:muclight:0#configuration'>`
 * with the room's version and the new values, and an empty body. Not archived. Clients refetch
 * what they show of the room (issue 35: names follow a rename live).
 */
export async function notifyConfig(
  ctx: ChatContext,
  mimIdRaw: string,
  config: { roomname: string },
): Promise<void> {
  const mimId = mimIdRaw.toLowerCase();
  const room = await ctx.rooms.get(mimId);
  if (!room) return;
  const roomJid = ctx.roomJid(mimId);
  const id = randomUUID();
  for (const u of room.members) {
    ctx.sessions.deliver(
      u,
      el(
        'message',
        { xmlns: NS.client, from: roomJid, to: ctx.userJid(u), type: 'groupchat', id },
        el(
          'x',
          { xmlns: NS.muclightConfiguration },
          el('version', {}, room.version),
          el('roomname', {}, config.roomname),
        ),
        el('body'),
      ),
    );
  }
}

/**
 * A line from the room itself (advice resolution: ACCEPT, REJECT, RESOLVE), archived and counted
 * in every occupant's inbox; `senderName` is shown as its sender.
 */
export async function postRoomLine(
  ctx: ChatContext,
  mimIdRaw: string,
  line: { body: string; subject?: string | undefined; senderName: string },
): Promise<string> {
  const mimId = mimIdRaw.toLowerCase();
  const room = await ctx.rooms.get(mimId);
  if (!room) throw new Error(`no chat room ${mimId}`);
  const roomJid = ctx.roomJid(mimId);
  const now = ctx.now();
  const id = randomUUID();
  const out = el(
    'message',
    { xmlns: NS.client, from: roomJid, to: roomJid, type: 'groupchat', id },
    el('body', {}, line.body),
    line.subject !== undefined && el('subject', {}, line.subject),
    // Clients show only messages that carry display names (spec 01 §3 "Chat message").
    el('displayNames', { xmlns: NS.pando, sender: line.senderName, recipient: '' }),
    el('sent', { xmlns: NS.pando, timestamp: now.toISOString() }),
  );
  const stored = await ctx.writer.write({
    sender: 'system',
    recipient: mimId,
    conv: roomConv(mimId),
    kind: 'groupchat',
    clientId: id,
    createdAt: now,
    stanza: serialize(out),
    inbox: [...room.members].map((u) => ({ owner: u, convJid: roomJid, isSender: false })),
  });
  fanOut(ctx, room.members, out, roomJid, stored.id);
  return stored.id;
}
