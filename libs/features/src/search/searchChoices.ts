import type { SearchInclude } from '@pando/domain';

/** Spec 01 §2 "Search": the include choices and the includes each one asks for. */
export const SEARCH_CHOICES = [
  { key: 'users', label: 'Users', includes: ['user.other'] },
  { key: 'teams', label: 'Teams', includes: ['team.member-of'] },
  { key: 'forums', label: 'Forums', includes: ['team.forum', 'team.forum.member-of'] },
  { key: 'advice', label: 'Ask Advice', includes: ['team.advice', 'team.advice.member-of'] },
] as const satisfies readonly { key: string; label: string; includes: readonly SearchInclude[] }[];

export type SearchChoice = (typeof SEARCH_CHOICES)[number]['key'];

/**
 * The choices an `include` query parameter selects (`?include=team.advice`, or a comma list).
 * No parameter, or nothing recognised, selects every choice: an open search finds everything.
 */
export function choicesFromParam(param: string | null): SearchChoice[] {
  const wanted = (param ?? '').split(',').filter(Boolean);
  const chosen = SEARCH_CHOICES.filter((choice) =>
    choice.includes.some((include) => wanted.includes(include)),
  ).map((choice) => choice.key);
  return chosen.length > 0 ? chosen : SEARCH_CHOICES.map((choice) => choice.key);
}

export function includesFor(choices: readonly SearchChoice[]): SearchInclude[] {
  return SEARCH_CHOICES.filter((choice) => choices.includes(choice.key)).flatMap((choice) => [
    ...choice.includes,
  ]);
}
