// Replaces apps/server/src/db/pgliteThread.ts and pgliteWorker.ts (PGlite in a Node worker thread
// with a locked data directory). In a page the database is opened by the caller and passed to
// buildServer (`{ db }`), so openDatabase, and with it this, must never run.
import { notInBrowser } from './notInBrowser.js';

export function openPgliteThread(): Promise<never> {
  return Promise.reject(
    notInBrowser('openPgliteThread (pass an open database: buildServer(config, { db }))'),
  );
}
