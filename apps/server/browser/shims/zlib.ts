// node:zlib for the in-page server: only src/xmpp/journal.ts imports it (crc32 of the chat
// journal's records), and the journal is never opened without a data directory, which the
// in-page database has none of. No compression library is bundled.
import { notInBrowser } from './notInBrowser.js';

export function crc32(): never {
  throw notInBrowser('zlib.crc32 (the chat journal)');
}

export default { crc32 };
