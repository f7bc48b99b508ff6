// SHIM: the `buffer` package (v6) has no 'base64url' encoding, which the server uses for tokens
// (auth/crypto.ts, offlineKey.ts, ...). Teach Buffer#toString / Buffer.from / byteLength it.
import { Buffer } from 'buffer'; // aliased to the polyfill's global Buffer (vite.config.ts)
// @ts-expect-error CJS twin of the same shim (what CommonJS modules get injected)
import BufferCjs from '../node_modules/vite-plugin-node-polyfills/shims/buffer/dist/index.cjs';
for (const B of new Set([Buffer, (BufferCjs as any).Buffer ?? BufferCjs]) as Set<any>) patch(B);
function patch(B: any) {
const toB64 = (s: string) => s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4);
const origToString = B.prototype.toString;
B.prototype.toString = function (enc?: string, ...rest: unknown[]) {
  if (enc === 'base64url') return origToString.call(this, 'base64', ...rest).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return origToString.call(this, enc, ...rest);
};
const origFrom = B.from;
B.from = function (v: unknown, enc?: unknown, ...rest: unknown[]) {
  if (enc === 'base64url' && typeof v === 'string') return origFrom.call(this, toB64(v), 'base64');
  return origFrom.call(this, v, enc, ...rest);
};
const origByteLength = B.byteLength;
B.byteLength = (v: unknown, enc?: string) => (enc === 'base64url' && typeof v === 'string' ? origByteLength(toB64(v), 'base64') : origByteLength(v, enc));
const origIsEnc = B.isEncoding;
B.isEncoding = (e: string) => e === 'base64url' || origIsEnc(e);
}
export {};
