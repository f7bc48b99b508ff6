import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    root: import.meta.dirname,
    include: ['**/*.contract.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
