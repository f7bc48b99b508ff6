import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MESSAGE_BODY_VERSION, MESSAGE_SUBJECTS, type AdviceResolutionAction } from '@pando/domain';
import type { ChatSession } from '../xmpp/server.js';
import { el, NS } from '../xmpp/xml.js';

/**
 * Posts a text message into a room as `senderUuid`, through the chat server's own message path
 * (membership check, server display name and timestamp, archive, inbox, fan-out), exactly as if
 * the person had sent it from their client. Used for the first message of an advice conversation.
 */
export async function postAsUser(
  app: FastifyInstance,
  mimId: string,
  sender: { uuid: string; userId: number; sessionId: number },
  body: string,
  recipientName: string,
): Promise<void> {
  const domain = app.chat.server.domain;
  const resource = `rest-${randomUUID()}`;
  const errors: string[] = [];
  const session: ChatSession = {
    uuid: sender.uuid,
    resource,
    jid: `${sender.uuid}@${domain}/${resource}`,
    userId: sender.userId,
    sessionId: sender.sessionId,
    carbons: false,
    // The only thing sent back to a sender here is an error stanza.
    send: (xml) => void errors.push(xml),
    close: () => undefined,
  };
  const stanza = el(
    'message',
    {
      xmlns: NS.client,
      to: `${mimId}@${app.chat.server.roomDomain}`,
      type: 'groupchat',
      id: randomUUID(),
    },
    el('body', {}, body),
    el('subject', {}, MESSAGE_SUBJECTS.TEXT),
    el('displayNames', { xmlns: NS.pando, sender: '', recipient: recipientName }),
  );
  await app.chat.server.handle(session, stanza);
  if (errors.length > 0) throw new Error(`chat server refused the first message: ${errors[0]}`);
}

/** The `json/advice_resolution` system line (spec 01 §3) posted by the room itself. */
export function postAdviceResolution(
  app: FastifyInstance,
  mimId: string,
  action: AdviceResolutionAction,
  actorName: string,
): Promise<string> {
  // The actor's name is the line's sender, so clients can say who resolved or accepted it.
  return app.chat.postSystemMessage(
    mimId,
    JSON.stringify({ version: MESSAGE_BODY_VERSION, advice_resolution: { action } }),
    MESSAGE_SUBJECTS.ADVICE_RESOLUTION,
    actorName,
  );
}
