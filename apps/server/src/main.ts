import { buildServer } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/lock.js';
import { UnsafeDatabaseError } from './db/client.js';

/**
 * `node apps/server/dist/main.js` (what `npm start` runs): config from the environment,
 * database opened, migrated and seeded, then listen; SIGINT/SIGTERM drain and close.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildServer(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took more than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => {
    shutdown('SIGINT');
  });
  process.on('SIGTERM', () => {
    shutdown('SIGTERM');
  });
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  if (
    err instanceof ConfigError ||
    err instanceof DataDirLockedError ||
    err instanceof UnsafeDatabaseError
  ) {
    // Operator mistakes get one clear line, not a stack trace.
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
