import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { firstPaintHints } from './firstPaintHints';
import { precompress } from './precompress';

/**
 * The Mantine theme's primary colour as the installed app's title bar (`theme_color`): blue
 * shade 8, `pandoTheme` in libs/ui/src/theme/theme.ts (`primaryColor: 'blue'`,
 * `primaryShade: 8`; Mantine's default palette has blue[8] = #1971c2). A literal, because this
 * config cannot import the UI library; keep the two in step.
 */
const THEME_COLOR = '#1971c2';
/** The light scheme's page background (Mantine's `--mantine-color-body`): the splash screen. */
const BACKGROUND_COLOR = '#ffffff';

/**
 * The installable app (issue 37; apps/web/README "Installable app (PWA)"): the web manifest and
 * a Workbox service worker that precaches the app shell and every script and stylesheet of the
 * build, so the app opens offline. It never caches an /api answer (the data layer keeps its own
 * encrypted copy) and never activates a new version on its own: src/serviceWorker/ registers
 * it and asks the person to reload.
 */
function pwa() {
  return VitePWA({
    strategies: 'generateSW',
    // A new version waits until the person presses Reload (UpdateAvailable), never mid-task.
    registerType: 'prompt',
    // src/serviceWorker/ registers it (production builds only), after the first render.
    injectRegister: false,
    manifest: {
      // The product's name: runtime configuration's default `product_name` (libs/domain
      // config/schemas.ts). The manifest is a build-time file, so a renamed deployment keeps it.
      name: 'Pando',
      short_name: 'Pando',
      description: 'Pando: secure clinical messaging for hospital teams',
      lang: 'en',
      display: 'standalone',
      start_url: '/',
      scope: '/',
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
      // Drawn from public/favicon.svg by scripts/icons.mjs.
      icons: [
        { src: '/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    // The manifest's icons are precached by the glob below already.
    includeManifestIcons: false,
    workbox: {
      // The app shell (index.html) and every chunk of the build, lazy ones included: behind the
      // login the app is ~40 chunks, and a screen whose chunk was not precached would not open
      // offline. The sources' maps and the precompressed copies are never precached (they
      // would double the download); the server's `preCompressed` still applies to the worker's
      // own requests. manifest.webmanifest is not globbed: the plugin adds it to the list itself
      // (it was listed twice).
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      globIgnores: ['**/node_modules/**', '**/*.br', '**/*.gz', '**/*.map'],
      // The `shared` chunk (see codeSplitting below) is ~650 kB raw, the analytics report ~480
      // kB; Workbox's 2 MiB default leaves room, 4 MiB leaves it for growth. A chunk above it
      // fails the build (vite-plugin-pwa's default) rather than being left out of the precache,
      // where its screens would not open offline.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      // Vite's /assets/ files carry a content hash in their names: no ?__WB_REVISION__ needed.
      dontCacheBustURLsMatching: /^assets\//,
      // Every navigation gets the precached app shell (the SPA routes the path), except the
      // server's own pages: the API (its JSON 404s, /api/docs) and the chat socket.
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/xmpp(\/|$|\?)/],
      cleanupOutdatedCaches: true,
      // No skipWaiting: a new worker waits for the person's Reload (src/serviceWorker/).
      // clientsClaim: the first visit's page is controlled at once, so it opens offline
      // without a second load.
      clientsClaim: true,
      // No runtimeCaching: /api answers, uploads and images go to the network, never a cache.
      // Static routes (public/sw-routes.js): in Chromium, `/`, /assets/* and /api/* are answered
      // without starting the worker.
      importScripts: ['sw-routes.js'],
    },
  });
}

/**
 * The production SPA. It is served by apps/server (same origin), which also answers /api and
 * /xmpp; in `vite dev` those are proxied to a server on :3000.
 */
export default defineConfig({
  plugins: [react(), pwa(), firstPaintHints(), precompress()],
  define: {
    __PANDO_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.1.0'),
    __PANDO_BUILD__: JSON.stringify(process.env.PANDO_BUILD ?? 'dev'),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // A CSP without 'unsafe-inline' scripts: never inline the module-preload polyfill.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // The `shared` chunk below is one file on purpose (~610 kB raw, ~190 kB gzip): Vite's 500 kB
    // warning asks for the opposite of what was measured.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically (the login route: React, the Mantine pieces
            // of the login form, the HTTP client) in one file: one request and one gzip stream
            // instead of a dozen small shared chunks, each compressed on its own (issue 16).
            {
              name: 'login',
              tags: ['$initial'],
              includeDependenciesRecursively: false,
              priority: 4,
            },
            // Behind the login, every module that two or more lazy chunks share in one file too.
            // Left to itself the bundler cut the signed-in app into ~120 chunks: opening the chat
            // list and then a conversation fetched 95 files, each costing the page's main thread
            // a request, a response and a module to link. With this group it fetches 14, and the
            // chat list is interactive sooner (bench:ab chatlist, 3 pairs, 2026-11-28: 698 → 581
            // ms at 1x CPU, 1,622 → 1,470 ms at 4x; the login route unchanged; bench/RESULTS.md).
            // What one screen alone uses (the analytics report, each admin screen) stays in that
            // screen's chunk.
            // Issue 37: the chat list's first paint from the offline copy (src/boot/) and all it
            // imports, in one file of its own: at `/` it runs before the app, and must not wait
            // for the `shared` chunk (zod, the app's schemas) to download and run. React's half
            // of it (FirstPaintGate: BootShell, Mantine's AppShell, the sidebar, floating-ui) in a
            // second file, so the static paint of a returning visit does not wait for that
            // ~100 kB to be evaluated (boot/firstPaint.ts).
            {
              name: 'firstPaint',
              test: /[\\/]apps[\\/]web[\\/]src[\\/]boot[\\/](?!FirstPaintGate)/,
              priority: 3,
            },
            {
              name: 'firstPaintGate',
              test: /[\\/]apps[\\/]web[\\/]src[\\/]boot[\\/]FirstPaintGate/,
              priority: 2,
            },
            {
              name: 'shared',
              minShareCount: 2,
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 4200,
    proxy: {
      '/api': 'http://localhost:3000',
      '/xmpp': { target: 'ws://localhost:3000', ws: true },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // The jsdom stand-ins Mantine needs (matchMedia, ResizeObserver…), one copy for every project.
    setupFiles: ['../../libs/ui/src/testing/setup.ts'],
  },
});
