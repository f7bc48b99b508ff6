import { randomUUID } from 'node:crypto';
import { roomConv, type InboxDelta, type NewMessage } from '../store.js';

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
