// node:url: WHATWG URL plus fileURLToPath/pathToFileURL that accept the page's http(s) URLs.
export const URL = globalThis.URL; export const URLSearchParams = globalThis.URLSearchParams;
export const fileURLToPath = (u) => new URL(String(u)).pathname;
export const pathToFileURL = (p) => new URL('file://' + p);
export const parse = (s) => { const u = new URL(s, 'http://localhost'); return { protocol: u.protocol, host: u.host, hostname: u.hostname, port: u.port, pathname: u.pathname, search: u.search, query: u.search.slice(1), hash: u.hash, href: u.href, path: u.pathname + u.search }; };
export const format = (u) => (typeof u === 'string' ? u : u.href ?? '');
export default { URL, URLSearchParams, fileURLToPath, pathToFileURL, parse, format };
