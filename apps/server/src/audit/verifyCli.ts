import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError } from '../db/lock.js';
import { verifyAudit } from './verify.js';

/**
 * `npm run audit:verify -w @pando/server`: walks the audit trail's hash chains of the configured
 * database (DATABASE_URL, or the embedded one in DATA_DIR — stop the server first, one process
 * per DATA_DIR) and names the first event altered or removed. Exit 0 intact, 1 broken, 2 error.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const db = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    pgliteAnalyzeMs: 0,
    pgliteCheckpoint: { walBytes: 0, intervalMs: 0 },
  });
  try {
    const result = await verifyAudit(db);
    if (result.ok) {
      console.log(
        `Audit trail intact: ${String(result.events)} events in ${String(result.chains)} chains.`,
      );
      return 0;
    }
    console.log(`Audit trail BROKEN: ${result.problem ?? 'unknown problem'}`);
    console.log(`(${String(result.events)} events verified before it.)`);
    return 1;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(
      err instanceof ConfigError || err instanceof DataDirLockedError ? err.message : err,
    );
    process.exit(2);
  },
);
