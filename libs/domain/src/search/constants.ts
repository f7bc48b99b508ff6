/** Search includes (spec 01 §3 "Search state"). */
export const SEARCH_INCLUDES = [
  'user.other',
  'team.member-of',
  'team.forum',
  'team.forum.member-of',
  'team.advice',
  'team.advice.member-of',
] as const;

/**
 * The include choices of the search page (spec 01 §2): `include` is the choice's value (and what
 * a `?include=` link names), `asks` what `/filters` is asked for it. Decision: Forums and Ask
 * Advice also find the ones the viewer is already a member of (a search for a forum you are in
 * should not come back empty).
 */
export const SEARCH_INCLUDE_CHOICES = [
  { label: 'Users', include: 'user.other', asks: ['user.other'] },
  { label: 'Teams', include: 'team.member-of', asks: ['team.member-of'] },
  { label: 'Forums', include: 'team.forum', asks: ['team.forum', 'team.forum.member-of'] },
  {
    label: 'Ask Advice',
    include: 'team.advice',
    asks: ['team.advice', 'team.advice.member-of'],
  },
] as const;

/** Outside-organisation filter labels (spec 01 §2). */
export const OUTSIDE_ORGANISATION_LABELS = {
  search: { false: 'No', true: 'Yes' },
  picker: { false: 'In my organisation', true: 'Outside organisation' },
} as const;

/** Result keys (spec 01 §3). */
export const SEARCH_RESULT_TYPES = ['USER', 'TEAM'] as const;

/** Contact picker search debounce (spec 01 §9): 500 ms; search throttle 1000 ms. */
export const PICKER_SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_THROTTLE_MS = 1000;
/** Resize debounce (spec 02 §9). */
export const RESIZE_DEBOUNCE_MS = 200;
/** Results per search page (not shown; ours). */
export const SEARCH_PAGE_SIZE = 20;
/** Longest query we send or accept. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
