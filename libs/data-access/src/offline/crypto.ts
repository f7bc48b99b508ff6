/**
 * AES-256-GCM for the offline copy (issue 37). The key comes from the server (one per session,
 * `GET /login/offline-key`) and is imported non-extractable: page code can use it but never read
 * its bytes back. Every record gets its own random 96-bit IV; GCM authenticates the ciphertext
 * and the record's name, so a record cannot be swapped for another or altered unnoticed.
 */

/** base64url (no padding) → bytes. */
function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function importCopyKey(base64url: string): Promise<CryptoKey> {
  const raw = fromBase64Url(base64url);
  if (raw.length !== 32) throw new Error('The offline copy key must be 32 bytes.');
  return crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

/** A record as it lies in IndexedDB: nothing in it is readable without the session's key. */
export interface SealedRecord {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
  /** When the value was saved (ms since epoch): shown as "last updated", not secret. */
  savedAt: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export async function seal(
  key: CryptoKey,
  name: string,
  value: unknown,
  savedAt: number,
): Promise<SealedRecord> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(name) },
    key,
    encoder.encode(JSON.stringify(value)),
  );
  return { iv, data, savedAt };
}

/** The value of a sealed record; throws when the key is not the one it was sealed with. */
export async function unseal(key: CryptoKey, name: string, record: SealedRecord): Promise<unknown> {
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: record.iv, additionalData: encoder.encode(name) },
    key,
    record.data,
  );
  return JSON.parse(decoder.decode(plain)) as unknown;
}
