import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The same as apps/web/vite.config.ts's `precompress()` (copied, so that the floor imports
 * nothing of the app): a `.br` and a `.gz` beside every text file over 1 KB, which the server
 * sends as they are to a browser that accepts them.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'pando-floor-precompress',
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
 * The chat-list bench's floor page (main.tsx), built as apps/web builds the app: Vite with the
 * React plugin, a production build with content-hashed files under /assets/, no inlined assets,
 * no module-preload polyfill, precompressed. web/chatListTime.mjs builds it into a temporary
 * directory before measuring; by hand: `npx vite build -c bench/web/floor/vite.config.ts`
 * (to bench/web/floor/dist, git-ignored).
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  define: {
    __FLOOR_ROWS__: JSON.stringify(Number(process.env.BENCH_CONVERSATIONS ?? 200)),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 700,
  },
});
