import type { EndpointShape } from './endpoint';

/**
 * The URLs the web app's first paint of the chat list calls (issue 37, apps/web/src/boot), without
 * their schemas: it runs before the app and zod have loaded, and checks what it reads itself. The
 * full declarations (`authEndpoints`, `teamEndpoints`) extend these, so each URL is written once.
 */
export const firstPaintEndpoints = {
  /** The key of this session's encrypted offline copy (a returning visit's list). */
  offlineKey: {
    method: 'GET',
    path: '/login/offline-key',
    responses: {},
    access: { kind: 'self' },
  },
  /** Who is signed in (a first visit's list: the menu's gates, the welcome). */
  currentUser: { method: 'GET', path: '/login/current', responses: {}, access: { kind: 'self' } },
  /** The sidebar's three lists (a first visit's list). */
  sidebarLists: {
    method: 'GET',
    path: '/teams-with-advices-conversations',
    responses: {},
    access: { kind: 'self' },
  },
} as const satisfies Record<string, EndpointShape>;
