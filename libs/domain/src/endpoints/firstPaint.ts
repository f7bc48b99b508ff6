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

/**
 * The current user as the app reads it (`GET /login/current?embed=hospital`). A first visit's
 * first paint asks for this same answer (and the server hints this same URL with the page), so
 * the app takes the paint's two answers over instead of asking for them again
 * (libs/data-access `seedFirstAnswers`).
 */
export const CURRENT_USER_QUERY = { embed: 'hospital' } as const;

/** The current user's URL under the REST base, as the first paint and the server's hint write it. */
export const firstPaintUserPath = `${firstPaintEndpoints.currentUser.path}?embed=${CURRENT_USER_QUERY.embed}`;

/**
 * The web build's list of the first paint's own files (apps/web `firstPaintHints.ts` writes it
 * beside index.html): the server names them, with `firstPaintEndpoints`' two answers, as preload
 * hints on a signed-in navigation to `/`, and the returning visit's chunk with the key's answer
 * on the copy of `/` the service worker saves (apps/server `http/firstPaintHints.ts`).
 */
export const FIRST_PAINT_HINTS_FILE = 'first-paint-hints.json';

/**
 * The request header with which the web app's service worker asks for the copy of `/` it keeps
 * for returning visits (apps/web `public/sw-routes.js`, a plain script that spells it out: keep
 * the two in step). The server answers it with the returning visit's hints.
 */
export const START_PAGE_REQUEST_HEADER = 'pando-start-page';

/** What that file holds: site paths, as the page requests them. */
export interface FirstPaintHints {
  /** The first paint's script chunks and the chunks they import, not the entry's own. */
  scripts: string[];
  /** The stylesheets those chunks load. */
  styles: string[];
  /**
   * A returning visit's: the first paint's own chunk and what it imports that the entry does not,
   * without React's half (`firstPaintGate`), which a visit painted from the kept rendering does
   * not wait for.
   */
  returning: string[];
}
