import {
  cardShareRefusal,
  isAdviceClosed,
  isForum,
  TEXTS,
  type CardShareTarget,
} from '@pando/domain';
import type { MockBackend, MockUser } from '../backend';
import { apiError, notFound } from './util';

/** A share's target, as the URL of a card or chat image share names it. */
export type ShareSegment = 'users' | 'teams' | 'advice-conversation';

const TARGET_NAMES = { users: 'User', teams: 'Team', 'advice-conversation': 'Advice conversation' };

/** A team the sharer is a member of (the server's `memberTeam`). */
export function memberTeam(backend: MockBackend, sharer: MockUser, teamId: number) {
  const team = backend.team(teamId);
  return team?.user_ids.includes(sharer.id) ? team : undefined;
}

/** An unblocked person the sharer sees (the server's `canShareTo` for a user). */
export function reachableUser(backend: MockBackend, sharer: MockUser, userId: number): boolean {
  const target = backend.userById(userId);
  return target !== undefined && !target.blocked && backend.canSee(sharer, target);
}

/**
 * What the sharer is to a target, as the server's `canShareTo` and `adviceShareFacts` find it
 * (apps/server src/uploads/access.ts): for a card, a chat image and a chat file alike.
 */
export function shareTarget(
  backend: MockBackend,
  sharer: MockUser,
  segment: ShareSegment,
  id: number,
): CardShareTarget {
  if (segment === 'users') return { kind: 'user', reachable: reachableUser(backend, sharer, id) };
  if (segment === 'teams') {
    const team = memberTeam(backend, sharer, id);
    return { kind: 'team', member: team !== undefined, forum: team !== undefined && isForum(team) };
  }
  const advice = backend.state.adviceConversations.find((a) => a.id === id);
  return {
    kind: 'advice',
    participant: advice !== undefined && backend.takesPart(sharer, advice),
    closed: advice !== undefined && isAdviceClosed(advice),
  };
}

/** A chat image or file may go into a forum (only a patient may not, spec 01 §5). */
export const chatShareTarget = (facts: CardShareTarget): CardShareTarget =>
  facts.kind === 'team' ? { ...facts, forum: false } : facts;

/** The domain's `cardShareRefusal` of a target, answered as the server words it; none if allowed. */
export function shareRefusal(facts: CardShareTarget, segment: ShareSegment): Response | undefined {
  const refusal = cardShareRefusal(facts);
  if (refusal === 'forum') return apiError(403, TEXTS.cannotSharePatientInForum);
  if (refusal === 'advice-closed') return apiError(409, TEXTS.adviceClosedWrite);
  if (refusal === 'target-not-found') return notFound(TARGET_NAMES[segment]);
  return undefined;
}
