import { defineConfig } from 'vitest/config';

// Pure modules run in node (faster, and closer to the real-server contract runner); files that
// render hooks opt into jsdom with a `// @vitest-environment jsdom` comment.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    restoreMocks: true,
  },
});
