// node:crypto for the in-page server: what it and its dependencies call, on Web Crypto plus
// @noble/hashes' synchronous SHA-256 (the audit chain, login-code hashes and the seed's ids hash
// synchronously, which Web Crypto's `subtle.digest` cannot). Used by apps/server/src: createHash
// ('sha256'), randomBytes, randomInt, randomUUID, timingSafeEqual; by light-my-request: randomUUID
// (form-data boundaries); by @fastify/cookie's signer: createHmac, randomBytes (only when a cookie
// secret is set: the server sets none). Anything else is not exported, so a new use fails the
// build (ES imports) or throws a TypeError naming the missing function (require).
import { Buffer } from 'node:buffer';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';

type BinaryLike = string | ArrayBufferView;
type Encoding = 'utf8' | 'utf-8' | 'hex' | 'base64' | 'base64url' | 'latin1' | 'binary';

interface Hasher {
  update(data: Uint8Array): void;
  digest(): Uint8Array;
}

function bytes(data: BinaryLike, encoding?: Encoding): Uint8Array {
  if (typeof data === 'string') return Buffer.from(data, encoding ?? 'utf8');
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

function only(algorithm: string, fn: string): void {
  if (algorithm.toLowerCase() !== 'sha256') {
    throw new Error(
      `crypto.${fn}('${algorithm}'): the browser build of the server has sha256 only (apps/server/browser/shims/crypto.ts)`,
    );
  }
}

/** The part of Node's Hash/Hmac the server uses: chained `update`s, one `digest`. */
export class Hash {
  #hasher: Hasher;
  #done = false;
  constructor(hasher: Hasher) {
    this.#hasher = hasher;
  }
  update(data: BinaryLike, encoding?: Encoding): this {
    if (this.#done) throw new Error('Digest already called');
    this.#hasher.update(bytes(data, encoding));
    return this;
  }
  digest(): Buffer;
  digest(encoding: Encoding): string;
  digest(encoding?: Encoding): Buffer | string {
    if (this.#done) throw new Error('Digest already called');
    this.#done = true;
    const out = Buffer.from(this.#hasher.digest());
    return encoding ? out.toString(encoding) : out;
  }
}

export function createHash(algorithm: string): Hash {
  only(algorithm, 'createHash');
  return new Hash(sha256.create());
}

export function createHmac(algorithm: string, key: BinaryLike): Hash {
  only(algorithm, 'createHmac');
  return new Hash(hmac.create(sha256, bytes(key)));
}

/** Web Crypto fills at most 65,536 bytes per call. */
export function getRandomValues<T extends ArrayBufferView>(array: T): T {
  const view = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  for (let i = 0; i < view.length; i += 65_536) {
    globalThis.crypto.getRandomValues(view.subarray(i, i + 65_536) as Uint8Array<ArrayBuffer>);
  }
  return array;
}

export function randomBytes(size: number): Buffer {
  return getRandomValues(Buffer.alloc(size));
}

/**
 * An integer in [min, max) without modulo bias, as Node's (which also allows a range up to 2^48;
 * here up to 2^32, far above the server's alphabet sizes). No callback form: the server has none.
 */
export function randomInt(min: number, max?: number): number {
  const [low, high] = max === undefined ? [0, min] : [min, max];
  const range = high - low;
  if (!Number.isSafeInteger(low) || !Number.isSafeInteger(high) || range <= 0 || range > 2 ** 32) {
    throw new RangeError(`randomInt(${low}, ${high}): the range must be 1 to 2^32 integers`);
  }
  const limit = 2 ** 32 - (2 ** 32 % range);
  const word = new Uint32Array(1);
  let x: number;
  do x = getRandomValues(word)[0] ?? 0;
  while (x >= limit);
  return low + (x % range);
}

/**
 * A v4 UUID from getRandomValues: `crypto.randomUUID` exists only in secure contexts (https or
 * localhost), and a demo may be served over plain http on a LAN address.
 */
export function randomUUID(): string {
  const b = getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Buffer.from(b).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Compares in time that depends only on the length, as Node's. */
export function timingSafeEqual(a: ArrayBufferView, b: ArrayBufferView): boolean {
  if (a.byteLength !== b.byteLength) {
    throw new RangeError('Input buffers must have the same byte length');
  }
  const x = bytes(a);
  const y = bytes(b);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

export const webcrypto = globalThis.crypto;

export default {
  Hash,
  createHash,
  createHmac,
  getRandomValues,
  randomBytes,
  randomInt,
  randomUUID,
  timingSafeEqual,
  webcrypto,
};
