import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // The jsdom stand-ins Mantine needs (matchMedia, ResizeObserver…), one copy for every project.
    setupFiles: ['../ui/src/testing/setup.ts'],
  },
});
