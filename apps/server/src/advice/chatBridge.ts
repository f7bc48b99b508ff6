import type { FastifyInstance } from 'fastify';
import { MESSAGE_BODY_VERSION, MESSAGE_SUBJECTS, type AdviceResolutionAction } from '@pando/domain';
import { el, NS } from '../xmpp/xml.js';

/**
 * Posts a text message into a room as `sender`, through the chat server's own message path
 * (membership check, directory display name and timestamp, archive, inbox, fan-out), exactly as
 * if the person had sent it from their client (`ChatServer.postAs`). Used for the first message
 * of an advice conversation.
 */
export async function postAsUser(
  app: FastifyInstance,
  mimId: string,
  // Only the uuid is used (no session is involved); the caller's shape is kept as it was.
  sender: { uuid: string; userId: number; sessionId: number },
  body: string,
  recipientName: string,
): Promise<void> {
  await app.chat.server.postAs(mimId, sender.uuid, [
    el('body', {}, body),
    el('subject', {}, MESSAGE_SUBJECTS.TEXT),
    el('displayNames', { xmlns: NS.pando, sender: '', recipient: recipientName }),
  ]);
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
