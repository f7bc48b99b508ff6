import { DEMO_CHAT_HISTORY } from '@pando/domain/demo';
import { catchUpChatAnalytics, skipChatArchiveAnalytics } from '../analytics/chatRollup.js';
import type { SeedChatContext } from '../seed/context.js';
import { insertBatch, pairConv, roomConv, type NewMessage } from './store.js';
import { el, NS, serialize } from './xml.js';

/**
 * Stores the demo chat history (DEMO_CHAT_HISTORY of @pando/domain/demo: the Ward 7 Team room
 * and an alice-bob DM) exactly as the server stores live messages, with JIDs of `domain` (the
 * server's configured XMPP domain).
 */
export async function seedDemoChat(ctx: SeedChatContext, domain: string): Promise<void> {
  const person = (email: string) => {
    const u = ctx.users.get(email);
    if (!u) throw new Error(`seed chat: no user ${email}`);
    return u;
  };
  const name = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;
  const room = (teamName: string) => {
    const r = ctx.rooms.get(teamName);
    if (!r) throw new Error(`seed chat: no room ${teamName}`);
    const mim = r.mimId.toLowerCase();
    const members = r.memberEmails.map((e) => person(e).uuid);
    return { name: teamName, mim, jid: `${mim}@muclight.${domain}`, members };
  };
  const lines = DEMO_CHAT_HISTORY.map((l) => ({
    from: person(l.from),
    to: 'room' in l.to ? room(l.to.room) : person(l.to.person),
    minutesAgo: l.minutesAgo,
    body: l.body,
  }));
  const batch: NewMessage[] = lines.map((l, i) => {
    const at = new Date(ctx.now.getTime() - l.minutesAgo * 60_000);
    const id = `seed-${i + 1}`;
    const extras = [
      el('displayNames', {
        xmlns: NS.pando,
        sender: name(l.from),
        recipient: 'mim' in l.to ? l.to.name : name(l.to),
      }),
      el('sendTimestamp', { xmlns: NS.pando }, String(at.getTime())),
      el('sent', { xmlns: NS.pando, timestamp: at.toISOString() }),
    ];
    if ('mim' in l.to) {
      const { mim, jid: roomJid, members } = l.to;
      const stanza = el(
        'message',
        {
          xmlns: NS.client,
          from: `${roomJid}/${l.from.uuid}@${domain}`,
          to: roomJid,
          type: 'groupchat',
          id,
        },
        el('body', {}, l.body),
        el('subject', {}, 'text/plain'),
        ...extras,
      );
      return {
        sender: l.from.uuid,
        recipient: mim,
        conv: roomConv(mim),
        kind: 'groupchat',
        clientId: id,
        createdAt: at,
        stanza: serialize(stanza),
        inbox: members.map((u) => ({ owner: u, convJid: roomJid, isSender: u === l.from.uuid })),
      };
    }
    const to = l.to;
    const stanza = el(
      'message',
      {
        xmlns: NS.client,
        from: `${l.from.uuid}@${domain}/seed`,
        to: `${to.uuid}@${domain}`,
        type: 'chat',
        id,
      },
      el('body', {}, l.body),
      el('subject', {}, 'text/plain'),
      ...extras,
    );
    return {
      sender: l.from.uuid,
      recipient: to.uuid,
      conv: pairConv(l.from.uuid, to.uuid),
      kind: 'chat',
      clientId: id,
      createdAt: at,
      stanza: serialize(stanza),
      inbox: [
        { owner: l.from.uuid, convJid: `${to.uuid}@${domain}`, isSender: true },
        { owner: to.uuid, convJid: `${l.from.uuid}@${domain}`, isSender: false },
      ],
    };
  });
  // The demo seed records its own analytics history; these lines add none: the analytics
  // catch-up's watermark moves past them in the same transaction (migration 0500).
  await catchUpChatAnalytics(ctx.db);
  await ctx.db.transaction(async (tx) => {
    await insertBatch(tx, batch);
    await skipChatArchiveAnalytics(tx);
  });
}
