import { HttpResponse, http, type HttpHandler } from 'msw';
import type { EmbeddedServer } from './embeddedServer.js';

/**
 * The MSW handler that hands every request for `origin/api/*` to the embedded server: what the
 * client tests (MSW in Node), and the demo and Storybook (MSW's worker in a page), install where
 * the hand-written mock backend's handlers were.
 *
 * Cookies go both ways as a browser would send and keep them: the request carries the cookies MSW
 * gathers for it (its Cookie header, `document.cookie` and MSW's own store, where the session's
 * HttpOnly cookie lands), and the answer is an `HttpResponse`, which hands its `Set-Cookie`
 * headers to that store (a page's plain `Response` drops them).
 *
 * `server` may still be starting (a promise): a story's handlers are declared before the page's
 * server is up, and requests wait for it.
 */
export function embeddedApi(
  server: EmbeddedServer | Promise<EmbeddedServer>,
  origin: string,
): HttpHandler {
  return http.all(`${origin}/api/*`, async ({ request, cookies }) => {
    const cookie = Object.entries(cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const { status, headers, body } = await (await server).answer(request, cookie || undefined);
    return new HttpResponse(body, { status, headers });
  });
}
