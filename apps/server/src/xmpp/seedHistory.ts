import type { SeedChatContext } from '../seed/context.js';
import { insertBatch, pairConv, roomConv, type NewMessage } from './store.js';
import { el, NS, serialize } from './xml.js';

/**
 * A few realistic lines for the demo: the Ward 7 Team room and an alice-bob DM. Stored exactly
 * as the server stores live messages. The seed has no config, so the XMPP domain comes from
 * XMPP_DOMAIN (default localhost) like the server's own default.
 */
export async function seedDemoChat(
  ctx: SeedChatContext,
  domain = process.env.XMPP_DOMAIN || 'localhost',
): Promise<void> {
  const alice = ctx.users.get('alice@example.org');
  const bob = ctx.users.get('bob@example.org');
  const ward = ctx.rooms.get('Ward 7 Team');
  if (!alice || !bob || !ward) return;
  const mim = ward.mimId.toLowerCase();
  const roomJid = `${mim}@muclight.${domain}`;
  const name = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;
  const members = ward.memberEmails
    .map((e) => ctx.users.get(e)?.uuid)
    .filter((u): u is string => !!u);
  const lines: {
    from: typeof alice;
    to: 'room' | typeof alice;
    minutesAgo: number;
    body: string;
  }[] = [
    {
      from: bob,
      to: 'room',
      minutesAgo: 190,
      body: 'Morning all, handover notes are on the board.',
    },
    {
      from: alice,
      to: 'room',
      minutesAgo: 185,
      body: 'Thanks Bob. Bed 4 needs bloods repeated at 10.',
    },
    {
      from: bob,
      to: 'room',
      minutesAgo: 120,
      body: 'Bloods for bed 4 sent, results due after lunch.',
    },
    { from: alice, to: 'room', minutesAgo: 45, body: 'Ward round starts at 2 pm today.' },
    {
      from: alice,
      to: bob,
      minutesAgo: 30,
      body: 'Could you review the discharge letter for bed 9?',
    },
    {
      from: bob,
      to: alice,
      minutesAgo: 25,
      body: 'On it, will have it back to you in 20 minutes.',
    },
    { from: bob, to: alice, minutesAgo: 4, body: 'Done, letter is signed off.' },
  ];
  const batch: NewMessage[] = lines.map((l, i) => {
    const at = new Date(ctx.now.getTime() - l.minutesAgo * 60_000);
    const id = `seed-${i + 1}`;
    const extras = [
      el('displayNames', {
        xmlns: NS.pando,
        sender: name(l.from),
        recipient: l.to === 'room' ? 'Ward 7 Team' : name(l.to),
      }),
      el('sendTimestamp', { xmlns: NS.pando }, String(at.getTime())),
      el('sent', { xmlns: NS.pando, timestamp: at.toISOString() }),
    ];
    if (l.to === 'room') {
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
  // The demo seed records its own analytics history; these lines add none.
  await insertBatch(ctx.db, batch, false);
}
