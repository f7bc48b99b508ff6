/** Which chat screen a path shows (spec 01 §2 "Chat screen (chosen by path content)"). */
export type ChatScreen =
  | { kind: 'direct'; userId: string }
  | { kind: 'newAdvice'; teamId: string }
  | { kind: 'existingAdvice'; teamId: string; conversationId: string }
  | { kind: 'team'; teamId: string }
  | { kind: 'empty' };

const ID = '([A-Za-z0-9_-]+)';
const DIRECT = new RegExp(`^/users/${ID}/?$`);
const NEW_ADVICE = new RegExp(`^/ask-advice/${ID}/?$`);
const EXISTING_ADVICE = new RegExp(`^/teams/${ID}/advice-conversations/${ID}/?$`);
const TEAM = new RegExp(`^/teams/${ID}/?$`);
/** Segments that are pages of their own, not ids. */
const RESERVED = new Set(['history', 'create', 'ask-advice']);

function segment(match: RegExpExecArray | null, index: number): string | null {
  const value = match?.[index];
  return value && !RESERVED.has(value) ? value : null;
}

/** Maps a pathname (no query) to the chat screen. */
export function chatScreenForPath(pathname: string): ChatScreen {
  const path = pathname.split(/[?#]/)[0] ?? '';
  const direct = segment(DIRECT.exec(path), 1);
  if (direct) return { kind: 'direct', userId: direct };
  const advice = EXISTING_ADVICE.exec(path);
  const adviceTeam = segment(advice, 1);
  const conversation = segment(advice, 2);
  if (adviceTeam && conversation) {
    return { kind: 'existingAdvice', teamId: adviceTeam, conversationId: conversation };
  }
  const newAdvice = segment(NEW_ADVICE.exec(path), 1);
  if (newAdvice) return { kind: 'newAdvice', teamId: newAdvice };
  const team = segment(TEAM.exec(path), 1);
  if (team) return { kind: 'team', teamId: team };
  return { kind: 'empty' };
}

/** Route builders used by search results, the sidebar and navigation after actions. */
export const chatRoutes = {
  direct: (userId: string | number) => `/users/${userId}`,
  team: (teamId: string | number) => `/teams/${teamId}`,
  newAdvice: (teamId: string | number) => `/ask-advice/${teamId}`,
  adviceConversation: (teamId: string | number, conversationId: string | number) =>
    `/teams/${teamId}/advice-conversations/${conversationId}`,
} as const;

/** Fixed routes of spec 01 §2 and where cancel buttons go. */
export const APP_ROUTES = {
  home: '/',
  login: '/login',
  validate: '/validate',
  search: '/search',
  images: '/images',
  patients: '/patients',
  createPatient: '/patients/create',
  createTeam: '/teams/create',
  createAdviceTeam: '/teams/ask-advice/create',
  adviceHistory: '/ask-advice/history',
  manage: '/manage',
  /** Create team: Cancel returns to /. */
  createTeamCancel: '/',
  /** Ask advice: Cancel goes to /search?include=team.advice. */
  askAdviceCancel: '/search?include=team.advice',
} as const;
