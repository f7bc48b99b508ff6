import { randomUUID } from 'node:crypto';
import { pairConv, roomConv, type InboxDelta, type NewMessage } from '../store.js';

/**
 * A 1:1 message as the archive stores it, with both sides' inbox rows (tests of the store and
 * the journal, and the journal's killed child process). `domain` makes the inbox JIDs.
 */
export function directMessage(
  from: string,
  to: string,
  clientId: string = randomUUID(),
  domain = 'test',
): NewMessage {
  return {
    sender: from,
    recipient: to,
    conv: pairConv(from, to),
    kind: 'chat',
    clientId,
    createdAt: new Date(),
    stanza: `<message xmlns="jabber:client" type="chat" id="${clientId}"><body>${clientId}</body></message>`,
    inbox: [
      { owner: from, convJid: `${to}@${domain}`, isSender: true },
      { owner: to, convJid: `${from}@${domain}`, isSender: false },
    ],
  };
}

/** A room message as the archive stores it (tests of the store and of the analytics catch-up). */
export function roomMessage(mimId: string, sender: string, inbox: InboxDelta[]): NewMessage {
  return {
    sender,
    recipient: mimId,
    conv: roomConv(mimId),
    kind: 'groupchat',
    clientId: randomUUID(),
    createdAt: new Date(),
    stanza: '<message xmlns="jabber:client" type="groupchat"><body>room</body></message>',
    inbox,
  };
}
