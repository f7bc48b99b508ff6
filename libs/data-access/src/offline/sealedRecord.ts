import type { SealedRecord } from './crypto';

// Where the copy lies, and one record read without the `idb` library: the web app's first paint
// (`openBootCopy`) runs this before the app has loaded, so it stays small (issue 37).

/** IndexedDB database and object store of the copy (`IndexedDbRecordStore`). */
export const DB_NAME = 'pando-offline';
export const STORE = 'records';
/** The copy's record of REST answers (React Query's dehydrated state, `queries.ts`). */
export const QUERIES = 'queries';
/** The copy's record of the chat (`chat.ts`). */
export const CHAT = 'chat';
/** The copy's record of the chat list as last rendered (`BootPaint`, apps/web `boot/`). */
export const PAINT = 'paint';

/**
 * One sealed record, straight from IndexedDB, without creating the database (a first visit has
 * none): the first paint's read (`openBootCopy`), which runs before the app and the `idb` library
 * have loaded.
 */
export function readSealedRecord(name: string): Promise<SealedRecord | undefined> {
  return new Promise((resolve) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      // No copy yet: leave no empty database behind (IndexedDbRecordStore makes it when it writes).
      request.transaction?.abort();
    };
    request.onerror = () => {
      resolve(undefined);
    };
    request.onsuccess = () => {
      const db = request.result;
      try {
        const get = db.transaction(STORE, 'readonly').objectStore(STORE).get(name);
        get.onsuccess = () => {
          resolve(get.result as SealedRecord | undefined);
          db.close();
        };
        get.onerror = () => {
          resolve(undefined);
          db.close();
        };
      } catch {
        db.close();
        resolve(undefined);
      }
    };
  });
}
