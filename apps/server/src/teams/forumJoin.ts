import type { FastifyInstance } from 'fastify';
import { asUuid } from '../users/repo.js';
import { announceTeamChange, changeTeamMembers, syncTeamRooms } from './membership.js';
import {
  findActiveSenderByUuid,
  findForumCandidateByMimId,
  isForumRecord,
  sameNetwork,
} from './repo.js';

/**
 * Spec 01 §4: "Sending into a forum adds the sender as a member if absent." The chat server calls
 * this when a non-occupant posts to a room: for a forum of the sender's network it adds them
 * (database and room affiliations) and answers true, so the message can be delivered.
 */
export async function joinForumOnPost(
  app: FastifyInstance,
  mimId: string,
  senderUuid: string,
): Promise<boolean> {
  const team = await findForumCandidateByMimId(app.db, mimId);
  if (!team || !isForumRecord(team)) return false;
  const senderId = asUuid(senderUuid);
  if (senderId === undefined) return false;
  const sender = await findActiveSenderByUuid(app.db, senderId);
  if (!sender || !sameNetwork(sender, team)) return false;
  const now = app.config.now();
  const change = await app.db.transaction((tx) =>
    changeTeamMembers(tx, team.id, { add: [sender.id] }, now),
  );
  announceTeamChange(app, team.id, change);
  await syncTeamRooms(app, team, change);
  return true;
}
