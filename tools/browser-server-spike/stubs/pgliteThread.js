// STUB for apps/server/src/db/pgliteThread.ts (PGlite in a node worker thread + DATA_DIR lock).
export async function openPgliteThread() { throw new Error('openPgliteThread: replaced by the in-page PGlite (src/db.ts)'); }
