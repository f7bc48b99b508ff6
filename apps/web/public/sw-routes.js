/* global self, caches, Headers, Request, Response, URLPattern -- a service worker script */
/*
 * Static routes of the installable app's service worker (issue 37; apps/web README "Installable
 * app (PWA)"), imported by the Workbox worker (vite.config.ts `workbox.importScripts`).
 *
 * Starting a service worker costs a returning visit time (about 100 ms before the page's HTML, and
 * each script then waits on the worker's JavaScript). In browsers with the ServiceWorker static
 * routing API (Chromium 123+), the requests that need no JavaScript are answered without it:
 *   - a navigation to `/` (the app's start and the installed app's `start_url`): the app shell
 *     this worker saved when it installed, from a cache of its own, with the server's preload
 *     hints for a returning visit;
 *   - `/assets/*` (the build's content-hashed files): from Workbox's precache, where the worker
 *     would have found them;
 *   - `/api/*`: the network (the worker never caches an API answer).
 * Every other request, and every request in other browsers, goes to the worker's fetch handler as
 * before (a bookmark to a conversation: the precached shell). A route's cache miss goes to the
 * network. Measured: bench/RESULTS.md, session 25.
 */

/** This worker's copy of the app shell for `/`, one cache per installed version. */
const START_CACHE_PREFIX = 'pando-start-';
/** Start caches kept when a version activates: its own and any newer one still installing. */
const START_CACHES_KEPT = 3;

/**
 * Asks the server for the copy of `/` that returning visits open from: it answers with the
 * returning visit's preload hints (the first paint's chunk, the session's offline key) in its
 * `Link` header, which Chromium applies to a page from this cache too (apps/server
 * http/firstPaintHints.ts). libs/domain `START_PAGE_REQUEST_HEADER`: keep the two in step.
 */
const START_PAGE_REQUEST_HEADER = 'pando-start-page';

/** The app shell for `/`, as the server sends it, without `Vary` (the route matches by URL). */
async function saveStartPage(cacheName, url) {
  const response = await fetch(
    new Request(url, {
      cache: 'reload',
      credentials: 'same-origin',
      headers: { [START_PAGE_REQUEST_HEADER]: '1' },
    }),
  );
  if (!response.ok) throw new Error(`The app shell could not be saved: ${response.status}`);
  const headers = new Headers(response.headers);
  headers.delete('Vary');
  const page = new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
  await (await caches.open(cacheName)).put(url, page);
}

self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function') return;
  const scope = new URL(self.registration.scope);
  const origin = {
    protocol: scope.protocol.slice(0, -1),
    hostname: scope.hostname,
    port: scope.port,
  };
  const startCache = `${START_CACHE_PREFIX}${Date.now()}`;
  // Workbox's precache (workbox-core cacheNames: prefix, 'precache-v2', the scope), where a
  // content-hashed file is kept under its own URL (vite.config.ts `dontCacheBustURLsMatching`).
  const precache = `workbox-precache-v2-${self.registration.scope}`;
  event.waitUntil(
    Promise.all([
      saveStartPage(startCache, scope.href),
      event.addRoutes([
        {
          condition: {
            urlPattern: new URLPattern({ ...origin, pathname: scope.pathname, search: '' }),
            requestMode: 'navigate',
          },
          source: { cacheName: startCache },
        },
        {
          condition: { urlPattern: new URLPattern({ ...origin, pathname: '/assets/*' }) },
          source: { cacheName: precache },
        },
        {
          condition: { urlPattern: new URLPattern({ ...origin, pathname: '/api/*' }) },
          source: 'network',
        },
      ]),
    ]),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((names) => {
      const starts = names
        .filter((name) => name.startsWith(START_CACHE_PREFIX))
        .sort(
          (a, b) =>
            Number(b.slice(START_CACHE_PREFIX.length)) - Number(a.slice(START_CACHE_PREFIX.length)),
        );
      return Promise.all(starts.slice(START_CACHES_KEPT).map((name) => caches.delete(name)));
    }),
  );
});
