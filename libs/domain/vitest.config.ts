import { defineConfig } from 'vitest/config';

// Calendar rules (date separators, report windows, dd/mm/yyyy) use local time; pin the zone so
// the tests mean the same thing on every machine.
process.env.TZ = 'UTC';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      // src/testing: the backends' shared test playbook, exercised by their tests, not these.
      exclude: ['src/**/*.test.ts', 'src/**/index.ts', 'src/testing/**'],
      reporter: ['text-summary', 'json-summary'],
      thresholds: { lines: 95, statements: 95, functions: 95, branches: 90 },
    },
  },
});
