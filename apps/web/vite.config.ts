import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The production SPA. It is served by apps/server (same origin), which also answers /api and
 * /xmpp; in `vite dev` those are proxied to a server on :3000.
 */
export default defineConfig({
  plugins: [react()],
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
