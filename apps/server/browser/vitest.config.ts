import { defineConfig } from 'vitest/config';

// `npx vitest run --config apps/server/browser/vitest.config.ts` from the root (npm test's step
// "server in a page"): the shims' unit tests (against Node's own modules)
// and browser.test.ts (a vite build of smoke/ run in Chromium, ~30 s on a 2-core machine).
export default defineConfig({
  test: {
    root: import.meta.dirname,
    environment: 'node',
    include: ['*.test.ts', 'shims/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 150_000,
  },
});
