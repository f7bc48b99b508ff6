import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Each test file in a fork of its own. On PGlite, two files at a time: one file keeps ~1.2 of
    // the 2 cores busy (its PGlite thread beside the test's), so two at a time took the suite from
    // 211 to 140 s (2026-11-28); a PGlite instance peaks at ~300-700 MB, two fit easily in 24 GiB.
    // On PostgreSQL (DATABASE_URL) one at a time by default; npm test's step beside ESLint asks
    // for two (scripts/test.mjs). Every test database is its own copy (PGlite), or its own
    // database cloned from a template (PostgreSQL, src/testing/testDb.ts), servers
    // listen on port 0 or a free port found just before, and built bundles carry the pid in their
    // names, so files never share state. SERVER_TEST_WORKERS overrides.
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: Number(process.env['SERVER_TEST_WORKERS'] ?? (process.env['DATABASE_URL'] ? 1 : 2)),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
