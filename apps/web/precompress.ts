import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

// Build tooling of the web app, imported by its vite.config.ts and by the chat-list bench's floor
// page (bench/web/floor/vite.config.ts), which is built the same way: one copy of the plugin.

/**
 * Writes `name.br` and `name.gz` beside every text asset of the build (over 1 KB): the server
 * sends them to browsers that accept them (@fastify/static `preCompressed`), so the bytes that
 * cross the network are the compressed ones without compressing on each request (issue 16).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  const compressAll = () => {
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
  };
  return {
    name: 'pando-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    // After every other plugin's closeBundle: the service worker that vite-plugin-pwa writes
    // there (sw.js, workbox-*.js) is compressed too, and Workbox's precache glob, which runs
    // before, never sees a .br or a .gz (it also ignores them explicitly, see pwa() below).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler(error) {
        // A failed build may have written nothing: let its own error show, not a missing dist/.
        if (error) return;
        compressAll();
      },
    },
  };
}
