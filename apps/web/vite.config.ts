import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Writes `name.br` and `name.gz` beside every text asset of the build (over 1 KB): the server
 * sends them to browsers that accept them (@fastify/static `preCompressed`), so the bytes that
 * cross the network are the compressed ones without compressing on each request (issue 16).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'pando-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          }),
        );
      }
    },
  };
}

/**
 * The production SPA. It is served by apps/server (same origin), which also answers /api and
 * /xmpp; in `vite dev` those are proxied to a server on :3000.
 */
export default defineConfig({
  plugins: [react(), precompress()],
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
              priority: 2,
            },
            // Behind the login, every module that two or more lazy chunks share in one file too.
            // Left to itself the bundler cut the signed-in app into ~120 chunks: opening the chat
            // list and then a conversation fetched 95 files, each costing the page's main thread
            // a request, a response and a module to link. With this group it fetches 14, and the
            // chat list is interactive sooner (bench:ab chatlist, 3 pairs, 2026-11-28: 698 → 581
            // ms at 1x CPU, 1,622 → 1,470 ms at 4x; the login route unchanged; bench/RESULTS.md).
            // What one screen alone uses (the analytics report, each admin screen) stays in that
            // screen's chunk.
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
