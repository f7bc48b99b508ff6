import { expect, type Page } from '@playwright/test';

// The offline copy as a test reads it (issue 37): its records in IndexedDB, and what one holds,
// opened with the tab's key as the app opens it. offline.spec.ts and first-paint.spec.ts.

/**
 * The copy's sealed records in IndexedDB, by name, with when each was saved (the values are
 * ciphertext; `savedAt` is stored in the clear for "last updated").
 */
function copySaves(page: Page): Promise<Record<string, number>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, number>>((resolve) => {
        const open = indexedDB.open('pando-offline');
        open.onupgradeneeded = () => {
          open.transaction?.abort();
          resolve({});
        };
        open.onerror = () => {
          resolve({});
        };
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('records')) {
            db.close();
            resolve({});
            return;
          }
          const store = db.transaction('records').objectStore('records');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => {
            db.close();
            resolve(
              Object.fromEntries(
                keys.result.map((k, i) => [
                  k as string,
                  (values.result[i] as { savedAt: number }).savedAt,
                ]),
              ),
            );
          };
        };
      }),
  );
}

export const copyRecords = async (page: Page) => Object.keys(await copySaves(page));

/**
 * What the copy's record `name` holds, opened as the app opens it: with the tab's key (the
 * server's, kept in sessionStorage) and the record's name as associated data. The test reads it
 * to know the copy is written before it takes the network away, not to trust the app's word.
 */
function copyText(page: Page, name: string): Promise<string> {
  return page.evaluate(async (record) => {
    const held = JSON.parse(sessionStorage.getItem('pando.offline.key') ?? 'null') as {
      key: string;
    } | null;
    if (!held) return '';
    const b64 = held.key.replace(/-/g, '+').replace(/_/g, '/');
    const raw = Uint8Array.from(atob(`${b64}=`), (c) => c.charCodeAt(0));
    const key = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
    const sealed = await new Promise<
      { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer } | undefined
    >((resolve) => {
      const open = indexedDB.open('pando-offline');
      open.onsuccess = () => {
        const get = open.result.transaction('records').objectStore('records').get(record);
        get.onsuccess = () => {
          open.result.close();
          resolve(get.result as { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer } | undefined);
        };
      };
    });
    if (!sealed) return '';
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: sealed.iv, additionalData: new TextEncoder().encode(record) },
      key,
      sealed.data,
    );
    return new TextDecoder().decode(plain);
  }, name);
}

/** Waits until the copy's record `name` holds `text` (it is saved shortly after a change). */
export async function copyHolds(page: Page, name: string, text: string): Promise<void> {
  await expect.poll(() => copyText(page, name)).toContain(text);
}

/**
 * Waits until the copy's REST answers (record `queries`, React Query's dehydrated cache) hold the
 * answer of the query `key` with its data. A text of the answer is not enough to know that: the
 * patient list's rows carry the same names as the card opened from them, and the list is stored
 * first. The app writes a new answer shortly after it arrives, so a page left sooner loses it.
 */
export async function copyHoldsQuery(page: Page, key: readonly unknown[]): Promise<void> {
  const wanted = JSON.stringify(key);
  await expect
    .poll(async () => {
      const text = await copyText(page, 'queries');
      if (!text) return false;
      const { queries } = JSON.parse(text) as {
        queries: { queryKey: unknown; state: { data?: unknown } }[];
      };
      return queries.some((q) => JSON.stringify(q.queryKey) === wanted && q.state.data != null);
    })
    .toBe(true);
}
