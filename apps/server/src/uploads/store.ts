import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where upload bytes live. Keys are server-generated (uuid-based); nothing a client sends ever
 * becomes part of a path. A directory under DATA_DIR by default; an object store can implement
 * the same four calls.
 */
export interface UploadStore {
  /** Moves a finished temp file (from `tempPath`) under `key`. */
  putFile(key: string, tempPath: string): Promise<void>;
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Readable | undefined>;
  delete(key: string): Promise<void>;
  /** A private temp path for an upload being received (same filesystem as the store). */
  tempPath(): string;
}

const KEY = /^[a-z0-9-]{8,80}(\.[a-z0-9]{1,16})?$/;

export class DirectoryUploadStore implements UploadStore {
  private readonly incoming: string;

  constructor(private readonly root: string) {
    this.incoming = path.join(root, '.incoming');
    fs.mkdirSync(this.incoming, { recursive: true, mode: 0o700 });
  }

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`invalid upload key ${JSON.stringify(key)}`);
    // Two-character fan-out keeps directories small at millions of files.
    return path.join(this.root, key.slice(0, 2), key);
  }

  tempPath(): string {
    return path.join(
      this.incoming,
      `${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
    );
  }

  async putFile(key: string, tempPath: string): Promise<void> {
    const dest = this.pathOf(key);
    await fsp.mkdir(path.dirname(dest), { recursive: true, mode: 0o700 });
    await fsp.rename(tempPath, dest);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const dest = this.pathOf(key);
    await fsp.mkdir(path.dirname(dest), { recursive: true, mode: 0o700 });
    const tmp = this.tempPath();
    await fsp.writeFile(tmp, bytes, { mode: 0o600 });
    await fsp.rename(tmp, dest);
  }

  async get(key: string): Promise<Readable | undefined> {
    const p = this.pathOf(key);
    try {
      await fsp.access(p);
    } catch {
      return undefined;
    }
    return fs.createReadStream(p);
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }
}
