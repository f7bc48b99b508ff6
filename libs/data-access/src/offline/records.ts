import { openDB, type IDBPDatabase } from 'idb';
import type { SealedRecord } from './crypto';
import { DB_NAME, STORE } from './sealedRecord';

/** Where the sealed records lie: IndexedDB in the browser, memory in tests. */
export interface RecordStore {
  getAll(): Promise<Map<string, SealedRecord>>;
  put(name: string, record: SealedRecord): Promise<void>;
  /** Deletes every record (logout, a 401, another session's key, expiry). */
  clear(): Promise<void>;
}

/** IndexedDB `pando-offline`, object store `records`: one sealed record per name. */
export class IndexedDbRecordStore implements RecordStore {
  private db: Promise<IDBPDatabase> | undefined;

  private open(): Promise<IDBPDatabase> {
    this.db ??= openDB(DB_NAME, 1, {
      upgrade(db) {
        db.createObjectStore(STORE);
      },
    });
    return this.db;
  }

  async getAll(): Promise<Map<string, SealedRecord>> {
    const db = await this.open();
    const tx = db.transaction(STORE, 'readonly');
    const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
    // Every key is a record's name (`put`), a string.
    return new Map(keys.map((k, i) => [k as string, values[i] as SealedRecord]));
  }

  async put(name: string, record: SealedRecord): Promise<void> {
    const db = await this.open();
    await db.put(STORE, record, name);
  }

  async clear(): Promise<void> {
    const db = await this.open();
    await db.clear(STORE);
  }
}
