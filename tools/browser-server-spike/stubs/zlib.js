// node:zlib: browserify-zlib lacks crc32 (src/xmpp/journal.ts; the journal is never opened here).
export * from 'browserify-zlib';
export const crc32 = () => { throw new Error('zlib.crc32 stub'); };
import z from 'browserify-zlib'; export default { ...z, crc32 };
