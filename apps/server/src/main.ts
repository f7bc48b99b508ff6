import { buildServer } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/lock.js';
import { UnsafeDatabaseError } from './db/client.js';

/**
 * `node apps/server/dist/main.js`: config from the environment, database opened, migrated (and
 * seeded in development), then listen; SIGINT/SIGTERM drain and close. On its own it is a
 * production server; `npm start` runs it with NODE_ENV=development.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildServer(config);
  if (!config.localDev && !config.smtpUrl) {
    app.log.warn('SMTP_URL is not set: login emails cannot be delivered, so nobody can log in');
  }
  if (config.localDev && !isLoopback(config.host)) {
    app.log.warn(
      { host: config.host },
      'development mode listening beyond this machine: the demo accounts (and the dev mailbox, without SMTP_URL) are reachable from the network',
    );
  }
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

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
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
