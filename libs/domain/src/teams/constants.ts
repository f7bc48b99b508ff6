/** Team members limit (spec 01 §9): members are fetched with limit=1000. */
export const TEAM_MEMBERS_LIMIT = 1000;
/** Team icon kinds (spec 01 §3). */
export const TEAM_ICONS = ['private', 'team', 'forum'] as const;
/** Chat-room lookup types (spec 01 §7). */
export const CHAT_ROOM_TYPES = ['TEAM', 'ADVICE_CONVERSATION'] as const;
/** Team name bound; long enough for real names, short enough for a sidebar row. */
export const TEAM_NAME_MAX_LENGTH = 100;
