import { TEXTS } from '../texts/texts';
import type { TeamInputParsed } from './schemas';
import type { TEAM_ICONS } from './constants';

export type TeamIcon = (typeof TEAM_ICONS)[number];

interface TeamFlags {
  discoverable: boolean;
  auto_accept: boolean;
}

/** Spec 01 §3: a team that is discoverable and auto_accept is a forum. */
export function isForum(team: TeamFlags): boolean {
  return team.discoverable && team.auto_accept;
}

/** Spec 01 §3 icons: forum for forums, team for other discoverable teams, private otherwise. */
export function teamIcon(team: TeamFlags): TeamIcon {
  if (isForum(team)) return 'forum';
  return team.discoverable ? 'team' : 'private';
}

/** An advice team: public_data.enabled (spec 01 §2 search). */
export function isAdviceTeam(team: { public_data?: { enabled?: boolean } | null }): boolean {
  return team.public_data?.enabled === true;
}

/** Spec 01 §5: name required; the label becomes 'Team name is required'. */
export function validateTeamName(name: string): string | null {
  return name.trim() === '' ? TEXTS.teamNameRequired : null;
}

/**
 * Spec 01 §5 create-team defaults: discoverable false (private), user_ids = creator plus chosen
 * members (de-duplicated, creator first), empty public_data.
 */
export function newTeamInput(input: {
  name: string;
  creatorId: number;
  memberIds: readonly number[];
  discoverable?: boolean;
}): TeamInputParsed {
  return {
    name: input.name.trim(),
    discoverable: input.discoverable ?? false,
    user_ids: [...new Set([input.creatorId, ...input.memberIds])],
    public_data: {},
  };
}

/** Spec 01 §6: a non-member of a discoverable team can join. */
export function canJoinTeam(team: TeamFlags, isMember: boolean): boolean {
  return !isMember && team.discoverable;
}

/**
 * Spec 01 §4: "a non-member can join (label depends on discoverable)". Decision: forums say
 * 'Join forum', other discoverable teams 'Join team'; a private team offers nothing (null).
 */
export function joinLabel(team: TeamFlags): string | null {
  if (!team.discoverable) return null;
  return isForum(team) ? 'Join forum' : 'Join team';
}

/**
 * Spec 02 §4: member additions and removals are the differences between the current and the
 * chosen members (teams, admin teams, advice channels). Order follows the inputs; no duplicates.
 */
export function memberDiff<T extends string | number>(
  current: readonly T[],
  chosen: readonly T[],
): { add: T[]; remove: T[] } {
  const now = new Set(current);
  const next = new Set(chosen);
  return {
    add: [...next].filter((id) => !now.has(id)),
    remove: [...now].filter((id) => !next.has(id)),
  };
}

/** Spec 02 §5: a team or advice channel needs at least one member. */
export function validateMembers(ids: readonly unknown[]): string | null {
  return ids.length === 0 ? TEXTS.atLeastOneMember : null;
}

/** Spec 01 §4: sending into a forum adds the sender as a member if absent. */
export function membersAfterForumSend(userIds: readonly number[], senderId: number): number[] {
  return userIds.includes(senderId) ? [...userIds] : [...userIds, senderId];
}

/** Spec 01 §5/§6: patients cannot be shared into forums; the share button is hidden there. */
export function canSharePatientInto(team: TeamFlags | null): boolean {
  return team === null || !isForum(team);
}
