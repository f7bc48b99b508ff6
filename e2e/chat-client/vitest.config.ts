import { defineConfig } from 'vitest/config';

// Two real chat clients (XmppTransport over a real WebSocket) against the real server in one
// Node 22 process per file; forks keep PGlite and sockets out of the worker threads.
export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
