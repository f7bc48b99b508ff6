// node:buffer (and the global Buffer) for the in-page server: vite-plugin-node-polyfills' copy of
// the `buffer` package, taught the 'base64url' encoding, which it lacks and the server uses for
// tokens and keys (auth/crypto.ts randomToken, auth/offlineKey.ts). The plugin sends `buffer`,
// `node:buffer` and the polyfill's injected global here: one Buffer class, patched once.
import { Buffer } from 'vite-plugin-node-polyfills/shims/buffer';

const BASE64URL = 'base64url';

function toBase64(text: string): string {
  return text.replaceAll('-', '+').replaceAll('_', '/');
}

if (!Buffer.isEncoding(BASE64URL)) {
  // @types/node leaves Buffer.prototype untyped: the one method patched, as a plain function.
  const prototype = Buffer.prototype as {
    toString(this: Buffer, encoding?: string, start?: number, end?: number): string;
  };
  /* eslint-disable @typescript-eslint/unbound-method -- the originals, called below with .call on the right `this` */
  const { toString } = prototype;
  const { from, byteLength, isEncoding } = Buffer;
  /* eslint-enable @typescript-eslint/unbound-method */

  prototype.toString = function (encoding, start, end) {
    if (encoding !== BASE64URL) return toString.call(this, encoding, start, end);
    return toString
      .call(this, 'base64', start, end)
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');
  };
  // Buffer.from's overloads, as one function: base64url strings become base64, the rest passes.
  const anyFrom = from as (this: typeof Buffer, ...args: unknown[]) => Buffer;
  Buffer.from = function (this: typeof Buffer, ...args: unknown[]) {
    const [value, encoding] = args;
    if (encoding === BASE64URL && typeof value === 'string') {
      return anyFrom.call(this, toBase64(value), 'base64');
    }
    return anyFrom.apply(this, args);
  } as typeof Buffer.from;
  Buffer.byteLength = (value, encoding) =>
    encoding === BASE64URL && typeof value === 'string'
      ? byteLength(toBase64(value), 'base64')
      : byteLength(value, encoding);
  Buffer.isEncoding = (encoding): encoding is BufferEncoding =>
    encoding === BASE64URL || isEncoding(encoding);
}

export * from 'vite-plugin-node-polyfills/shims/buffer';
export default Buffer;
