import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Locks held by this process, so a PID match in the file is only "ours" if we really hold it. */
const heldByUs = new Set<string>();

export class DataDirLockedError extends Error {}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock on DATA_DIR: two PGlite processes on one directory corrupt it
 * (ARCHITECTURE.md "Durability"). The lock is a file created with O_EXCL holding our PID;
 * a lock whose PID is dead (or is our own PID while we do not hold it: a container restart
 * reuses PID 1) is stale and taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'pando.lock');
  if (heldByUs.has(lockPath)) {
    throw new DataDirLockedError(
      `DATA_DIR ${dataDir} is already in use by this process; refusing to open it twice.`,
    );
  }
  const content = JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date() });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, content, { flag: 'wx' });
      heldByUs.add(lockPath);
      return () => {
        heldByUs.delete(lockPath);
        try {
          const now = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as { pid?: number };
          if (now.pid === process.pid) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let holder: { pid?: number; host?: string } = {};
    try {
      holder = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as typeof holder;
    } catch {
      // Half-written or unreadable lock: the writer died between create and write.
    }
    const pid = typeof holder.pid === 'number' ? holder.pid : undefined;
    const alive =
      pid !== undefined &&
      pid !== process.pid &&
      (holder.host === undefined || holder.host === os.hostname())
        ? pidAlive(pid)
        : false;
    if (alive) {
      throw new DataDirLockedError(
        `DATA_DIR ${dataDir} is in use by another Pando server (pid ${pid}); stop it first or set a different DATA_DIR.`,
      );
    }
    try {
      fs.unlinkSync(lockPath);
    } catch {
      // Someone else removed the stale lock first; retry the exclusive create.
    }
  }
  throw new DataDirLockedError(`Could not take the lock on DATA_DIR ${dataDir}.`);
}
