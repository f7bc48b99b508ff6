import { canSeePatientList, FEATURE_NOT_ENABLED, isForum, TEXTS } from '@pando/domain';
import type { DatabaseTx } from '../db/client.js';
import { badField, HttpError, notFound } from '../http/errors.js';
import { canShareTo } from '../uploads/access.js';
import type { UserRecord } from '../users/repo.js';
import { cardEmbeds } from './access.js';
import { loadCard, memberTeam } from './repo.js';

/** What the patient route modules (cardRoutes.ts, imageRoutes.ts…) share. */

/**
 * Spec 01 §6: the patient list needs the premium feature patient_cards. Decision: the flag gates
 * the list and creating cards; a card assigned or shared to someone without it still opens by id
 * (a card shared into a chat must open for everyone in it).
 */
export function requirePatientList(user: UserRecord): void {
  if (!canSeePatientList(user))
    throw new HttpError(403, TEXTS.patientCardsNotEnabled, undefined, FEATURE_NOT_ENABLED);
}

/** Whether `userId` is a person the caller may assign or share with (their network, not blocked). */
export async function reachableUser(db: DatabaseTx, caller: UserRecord, userId: number) {
  return canShareTo(db, caller, 'user', userId);
}

/**
 * Checks the assignees a caller adds to a card: people of their network and teams they are a
 * member of, never a forum (patients are not shared into forums, spec 01 §5). Assignees the card
 * already has may stay. A bad one is a 400 naming it (`users.1`).
 */
export async function checkNewAssignees(
  db: DatabaseTx,
  caller: UserRecord,
  wanted: { users: readonly number[]; teams: readonly number[] },
  already: { users: readonly number[]; teams: readonly number[] },
) {
  for (const [i, id] of wanted.users.entries()) {
    if (already.users.includes(id) || id === caller.id) continue;
    if (!(await reachableUser(db, caller, id))) throw badField(`users.${i}`, `unknown user ${id}`);
  }
  for (const [i, id] of wanted.teams.entries()) {
    if (already.teams.includes(id)) continue;
    const team = await memberTeam(db, caller.id, id);
    if (!team) throw badField(`teams.${i}`, `unknown team ${id}`);
    if (isForum(team)) throw new HttpError(403, TEXTS.cannotSharePatientInForum);
  }
}

/** The card as its caller sees it now (after a write, inside or outside the transaction). */
export async function cardFor(db: DatabaseTx, viewerId: number, cardId: number, embed?: string) {
  const card = await loadCard(db, viewerId, cardId, cardEmbeds(embed));
  if (!card) throw notFound('Patient card');
  return card.card;
}
