// node:module for the in-page server: src/xmpp/xml.ts loads ltx's CommonJS SAX parser with
// `createRequire(import.meta.url)('ltx/lib/parsers/ltx.js')` at import. The bundle cannot
// require at run time, so the modules the server requires this way are imported here, by name.
import SaxLtx from 'ltx/lib/parsers/ltx.js';
import { notInBrowser } from './notInBrowser.js';

const REQUIRABLE: Record<string, unknown> = { 'ltx/lib/parsers/ltx.js': SaxLtx };

export function createRequire(): (id: string) => unknown {
  return (id) => {
    if (id in REQUIRABLE) return REQUIRABLE[id];
    throw notInBrowser(`require('${id}') (add it to shims/module.ts)`);
  };
}

export default { createRequire };
