/**
 * Who may call each route of the server (Server core and issue 6). The generated test in
 * authz.test.ts reads this table: every registered route must have an entry (a new route
 * without one fails), every non-public route answers 401 without a session, and every
 * resource-scoped route is called as each role below and must answer 403, or 404 with the body
 * of a missing id, unless the table allows that role.
 */

/** The outsiders the test plays, relative to the fixture's team T, advice conversation C, image and file. */
export const ROLES = ['nonMember', 'removedMember', 'otherOrganisation', 'otherNetwork'] as const;
export type Role = (typeof ROLES)[number];

/** Ids the fixture created (see authz.test.ts). */
export interface Fixture {
  /** Private team of alice and bob; the removed member was in it. */
  teamId: number;
  teamMimId: string;
  /** Advice team (bob; the removed member was in it); alice asked advice C of it. */
  adviceTeamId: number;
  adviceId: number;
  adviceMimId: string;
  /** Chat image of alice shared to T and C; file of alice shared to T. */
  imageId: number;
  fileId: number;
  /** alice's user id. */
  userId: number;
}

export type Access =
  /** No session needed (login, health, runtime config, dev mailbox). */
  | { kind: 'public' }
  /** Any logged-in user; acts on the caller's own data only. */
  | { kind: 'self' }
  /** Acts on a resource: the roles not listed in `allow` must be refused. */
  | {
      kind: 'scoped';
      who: string;
      url: (f: Fixture) => string;
      /** The same call on an id that does not exist. */
      missing: (f: Fixture) => string;
      body?: (f: Fixture) => unknown;
      allow?: readonly Role[];
      /** Fixture user that must pass authorization (any answer but 401/403/404). @default 'alice' */
      allowedAs?: 'alice' | 'bob';
    };

export interface RouteRule {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Fastify pattern; parameter names do not matter for matching. */
  path: string;
  access: Access;
}

const NONE = 999_999_999;
const T = '/api/v4/teams';
const teamScoped = (
  who: string,
  suffix: string,
  extra: Partial<Extract<Access, { kind: 'scoped' }>> = {},
): Access => ({
  kind: 'scoped',
  who,
  url: (f) => `${T}/${f.teamId}${suffix}`,
  missing: () => `${T}/${NONE}${suffix}`,
  ...extra,
});
const adviceScoped = (
  suffix: string,
  extra: Partial<Extract<Access, { kind: 'scoped' }>> = {},
): Access => ({
  kind: 'scoped',
  who: 'the requestor and the advice team members',
  url: (f) => `${T}/${f.adviceTeamId}/advice-conversations/${f.adviceId}${suffix}`,
  missing: (f) => `${T}/${f.adviceTeamId}/advice-conversations/${NONE}${suffix}`,
  ...extra,
});
const imageScoped = (
  suffix: string,
  extra: Partial<Extract<Access, { kind: 'scoped' }>> = {},
): Access => ({
  kind: 'scoped',
  who: 'the uploader and the people it was shared with',
  url: (f) => `/api/v4/images/chat/${f.imageId}${suffix}`,
  missing: () => `/api/v4/images/chat/${NONE}${suffix}`,
  ...extra,
});
const SHARE = { body: () => ({ access_type: 'READ' }) };

export const ROUTE_TABLE: readonly RouteRule[] = [
  // ---- Server core ----
  { method: 'GET', path: '/api/v4/health', access: { kind: 'public' } },
  { method: 'GET', path: '/api/config', access: { kind: 'public' } },
  { method: 'GET', path: '/api/dev/mailbox', access: { kind: 'public' } },
  { method: 'POST', path: '/api/v4/auth', access: { kind: 'public' } },
  { method: 'POST', path: '/api/v4/auth/validate', access: { kind: 'public' } },
  { method: 'DELETE', path: '/api/v4/login', access: { kind: 'self' } },
  { method: 'GET', path: '/api/v4/login/token', access: { kind: 'self' } },
  { method: 'GET', path: '/api/v4/login/current', access: { kind: 'self' } },
  { method: 'GET', path: '/api/v4/users/statuses', access: { kind: 'self' } },
  { method: 'PUT', path: '/api/v4/users/me/status', access: { kind: 'self' } },
  {
    method: 'GET',
    path: '/api/v4/users/:id',
    access: {
      kind: 'scoped',
      who: 'people of the same network',
      url: (f) => `/api/v4/users/${f.userId}`,
      missing: () => `/api/v4/users/${NONE}`,
      allow: ['nonMember', 'removedMember', 'otherOrganisation'],
    },
  },
  {
    method: 'GET',
    path: '/api/v4/users/:id/teams',
    access: {
      kind: 'scoped',
      who: 'people of the same network',
      url: (f) => `/api/v4/users/${f.userId}/teams`,
      missing: () => `/api/v4/users/${NONE}/teams`,
      allow: ['nonMember', 'removedMember', 'otherOrganisation'],
    },
  },
  // ---- Teams and chat (issue 6) ----
  { method: 'GET', path: '/api/v4/teams-with-advices-conversations', access: { kind: 'self' } },
  { method: 'POST', path: '/api/v4/teams', access: { kind: 'self' } },
  { method: 'GET', path: '/api/v4/teams/advice-conversations', access: { kind: 'self' } },
  { method: 'GET', path: '/api/v4/teams/:id', access: teamScoped('members (private team)', '') },
  {
    method: 'PUT',
    path: '/api/v4/teams/:id',
    access: teamScoped('members', '', { body: () => ({ name: 'Renamed' }) }),
  },
  {
    method: 'GET',
    path: '/api/v4/teams/:id/members',
    access: teamScoped('members (private team)', '/members'),
  },
  {
    method: 'POST',
    path: '/api/v4/teams/:id/members/add',
    access: teamScoped(
      'members; non-members only themselves into discoverable teams',
      '/members/add',
      { body: (f) => ({ user_ids: [f.userId] }) },
    ),
  },
  {
    method: 'GET',
    path: '/api/v4/chat-room/:mimId',
    access: {
      kind: 'scoped',
      who: 'members of the team',
      url: (f) => `/api/v4/chat-room/${f.teamMimId}`,
      missing: () => '/api/v4/chat-room/no-such-room',
    },
  },
  {
    // A second call of the same route, for advice rooms, is in ADVICE_ROOM_RULE below.
    method: 'POST',
    path: '/api/v4/teams/:teamId/advice-conversations',
    access: {
      kind: 'scoped',
      who: 'people of the advice team’s network',
      url: (f) => `${T}/${f.adviceTeamId}/advice-conversations`,
      missing: () => `${T}/${NONE}/advice-conversations`,
      body: () => ({ message: 'Authorization test question' }),
      allow: ['nonMember', 'removedMember', 'otherOrganisation'],
    },
  },
  {
    method: 'GET',
    path: '/api/v4/teams/:teamId/advice-conversations/:id',
    access: adviceScoped(''),
  },
  {
    method: 'POST',
    path: '/api/v4/teams/:teamId/advice-conversations/:id/export-to-email',
    access: adviceScoped('/export-to-email'),
  },
  {
    method: 'PUT',
    path: '/api/v4/teams/:teamId/advice-conversations/:id/resolve',
    access: adviceScoped('/resolve'),
  },
  {
    method: 'PUT',
    path: '/api/v4/teams/:teamId/advice-conversations/:id/accept',
    access: adviceScoped('/accept', { allowedAs: 'bob' }),
  },
  {
    method: 'PUT',
    path: '/api/v4/teams/:teamId/advice-conversations/:id/unresolve',
    access: adviceScoped('/unresolve', { allowedAs: 'bob' }),
  },
  { method: 'GET', path: '/api/v4/filters', access: { kind: 'self' } },
  // ---- Images and files (issue 6) ----
  { method: 'POST', path: '/api/v4/images/chat', access: { kind: 'self' } },
  { method: 'GET', path: '/api/v4/images/chat/:id', access: imageScoped('') },
  {
    method: 'PUT',
    path: '/api/v4/images/chat/:id',
    access: imageScoped('', { who: 'the uploader' }),
  },
  {
    method: 'POST',
    path: '/api/v4/images/chat/:id/share/users/:targetId',
    access: imageScoped('/share/users/0', {
      ...SHARE,
      url: (f) => `/api/v4/images/chat/${f.imageId}/share/users/${f.userId}`,
      missing: (f) => `/api/v4/images/chat/${NONE}/share/users/${f.userId}`,
    }),
  },
  {
    method: 'POST',
    path: '/api/v4/images/chat/:id/share/teams/:targetId',
    access: imageScoped('', {
      ...SHARE,
      url: (f) => `/api/v4/images/chat/${f.imageId}/share/teams/${f.teamId}`,
      missing: (f) => `/api/v4/images/chat/${NONE}/share/teams/${f.teamId}`,
    }),
  },
  {
    method: 'POST',
    path: '/api/v4/images/chat/:id/share/advice-conversation/:targetId',
    access: imageScoped('', {
      ...SHARE,
      url: (f) => `/api/v4/images/chat/${f.imageId}/share/advice-conversation/${f.adviceId}`,
      missing: (f) => `/api/v4/images/chat/${NONE}/share/advice-conversation/${f.adviceId}`,
    }),
  },
  { method: 'POST', path: '/api/v4/files', access: { kind: 'self' } },
  {
    method: 'GET',
    path: '/api/v4/files/:id',
    access: {
      kind: 'scoped',
      who: 'the uploader and the people it was shared with',
      url: (f) => `/api/v4/files/${f.fileId}`,
      missing: () => `/api/v4/files/${NONE}`,
    },
  },
  // Destructive calls last: the allowed caller's check runs in table order.
  {
    method: 'POST',
    path: '/api/v4/teams/:id/members/remove',
    access: teamScoped('members', '/members/remove', {
      body: (f) => ({ user_ids: [f.userId] }),
      allowedAs: 'bob',
    }),
  },
  {
    method: 'POST',
    path: '/api/v4/teams/:id/leave',
    access: teamScoped('members', '/leave', { allowedAs: 'bob' }),
  },
];

/** GET /chat-room/{mimId} for an advice room: participants only. */
export const ADVICE_ROOM_RULE: RouteRule = {
  method: 'GET',
  path: '/api/v4/chat-room/:mimId',
  access: {
    kind: 'scoped',
    who: 'the requestor and the advice team members',
    url: (f) => `/api/v4/chat-room/${f.adviceMimId}`,
    missing: () => '/api/v4/chat-room/no-such-advice-room',
  },
};

/** `/a/:x|:y/b` and `/a/:z/b` are the same route. */
export const canonicalPath = (p: string) => p.replace(/:[A-Za-z]+(\|:[A-Za-z]+)*/g, ':');
