// STUB for node:module: src/xmpp/xml.ts does createRequire(import.meta.url)('ltx/lib/parsers/ltx.js').
import SaxLtx from 'ltx/lib/parsers/ltx.js';
export const createRequire = () => (id) => { if (id === 'ltx/lib/parsers/ltx.js') return SaxLtx; throw new Error('require ' + id); };
export default { createRequire };
