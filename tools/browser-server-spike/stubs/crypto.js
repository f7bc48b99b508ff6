// node:crypto: crypto-browserify (createHash, randomBytes, ...) plus what it lacks, from Web Crypto.
import * as cb from 'crypto-browserify';
import { Buffer } from 'buffer';
export * from 'crypto-browserify';
export const randomUUID = () => globalThis.crypto.randomUUID();
export function randomInt(min, max, cb2) {
  if (max === undefined || typeof max === 'function') { cb2 = max; max = min; min = 0; }
  const range = max - min; const buf = new Uint32Array(1); const lim = Math.floor(0x100000000 / range) * range;
  let x; do { globalThis.crypto.getRandomValues(buf); x = buf[0]; } while (x >= lim);
  const r = min + (x % range); if (cb2) { queueMicrotask(() => cb2(null, r)); return; } return r;
}
export function timingSafeEqual(a, b) {
  if (a.length !== b.length) throw new RangeError('Input buffers must have the same byte length');
  let d = 0; for (let i = 0; i < a.length; i++) d |= a[i] ^ b[i]; return d === 0;
}
export const webcrypto = globalThis.crypto;
export const getRandomValues = (a) => globalThis.crypto.getRandomValues(a);
export default { ...cb, randomUUID, randomInt, timingSafeEqual, webcrypto, getRandomValues, Buffer };
