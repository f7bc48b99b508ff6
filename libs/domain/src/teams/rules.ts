import { hasAccess } from '../access/rank';
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

/**
 * A name as PostgreSQL's `lower()` makes it: each character to its own lower case. JS's
 * `toLowerCase` looks at the whole string: a word-final 'Σ' becomes 'ς' (the database: 'σ'), and
 * 'İ' becomes two characters, 'i̇' (the database: 'i').
 */
function lowerAsDatabase(name: string): string {
  let lower = '';
  for (const c of name) lower += c === 'İ' ? 'i' : c.toLowerCase();
  return lower;
}

/**
 * Code-point order, as the database's C and C.UTF-8 collations compare (UTF-8 bytes). JS's `<`
 * compares UTF-16 units, which put a character beyond U+FFFF (an emoji: a surrogate pair,
 * D800–DFFF) before U+E000–U+FFFF (fullwidth letters), where code points put it after.
 */
function compareCodePoints(x: string, y: string): number {
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const a = x.charCodeAt(i);
    const b = y.charCodeAt(i);
    if (a === b) continue;
    if (a < 0xd800 || b < 0xd800) return a - b;
    // Both at or above the surrogates: move the surrogates above U+FFFF.
    const lift = (u: number) => (u < 0xe000 ? u + 0x10000 : u);
    return lift(a) - lift(b);
  }
  return x.length - y.length;
}

/**
 * The order of the teams and forums lists of `GET /teams-with-advices-conversations`, the
 * order the server's SQL gave, `order by lower(name), id` on a C or C.UTF-8 database: by name,
 * case-insensitively, in code-point order, equal names by id. The server sorts with it (so the
 * order does not depend on the database's collation); the sidebar then shows its sections in
 * the reader's locale order (`compareByName`, chat/sidebar.ts).
 */
export function compareTeamsByName(
  a: { name: string; id: number },
  b: { name: string; id: number },
): number {
  return compareCodePoints(lowerAsDatabase(a.name), lowerAsDatabase(b.name)) || a.id - b.id;
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

/** Where a person or a team sits: its organisation and that organisation's network. */
export interface Placement {
  hospital_id: number | null;
  network_id: number | null;
}

/**
 * The organisation boundary of spec 01: people see within their network, or their organisation
 * when it has none; never across networks.
 */
export function sameNetwork(viewer: Placement, scope: Placement): boolean {
  if (viewer.network_id !== null && viewer.network_id === scope.network_id) return true;
  return viewer.hospital_id !== null && viewer.hospital_id === scope.hospital_id;
}

interface TeamAccessFacts extends Placement, TeamFlags {
  user_ids: readonly number[];
  public_data?: { enabled?: boolean } | null;
}

/**
 * Who may read a team: its members; within the same network, anyone when the team is
 * discoverable (teams, forums) or an advice team. Anything else looks like a missing team.
 */
export function canReadTeam(viewer: Placement & { id: number }, team: TeamAccessFacts): boolean {
  if (team.user_ids.includes(viewer.id)) return true;
  return sameNetwork(viewer, team) && (team.discoverable || isAdviceTeam(team));
}

/**
 * Spec 01 §6: members add anyone (of their network: the ids are checked apart); a non-member may
 * add only themselves, to a discoverable team of their network: that is "join" (forums
 * included). The refusal's text, or null when allowed.
 */
export function addMembersRefusal(
  viewer: Placement & { id: number },
  team: TeamAccessFacts,
  userIds: readonly number[],
): string | null {
  if (team.user_ids.includes(viewer.id)) return null;
  const joiningSelf = userIds.length > 0 && userIds.every((id) => id === viewer.id);
  if (joiningSelf && canJoinTeam(team, false) && sameNetwork(viewer, team)) return null;
  return team.discoverable
    ? 'You can only add yourself to a team you are not in.'
    : 'Only members of this team can do that.';
}

/**
 * Who may create which team (POST /teams). Decision: anyone creates teams and forums; only
 * organisation admins and above create an advice channel (public_data.enabled), which is what
 * the admin console is for (spec 02). The refusal's text, or null when allowed.
 */
export function createTeamRefusal(
  level: string,
  input: { public_data?: { enabled?: boolean } | null },
): string | null {
  if (input.public_data?.enabled === true && !hasAccess(level, 'ORGANISATION_ADMIN'))
    return 'Only administrators can create advice channels.';
  return null;
}
