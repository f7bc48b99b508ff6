import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// The web app's build plugin (no app code): the floor is pre-compressed as the app is.
// eslint-disable-next-line @nx/enforce-module-boundaries -- shared build tooling, not app code
import { precompress } from '../../../apps/web/precompress';

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
