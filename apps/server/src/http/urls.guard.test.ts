import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One copy of each URL (issue 38): an API path is written once, in its endpoint declaration
 * (libs/domain/src/endpoints). The server registers routes from declarations (`route`) and the
 * client calls them (`call`, `pathOf`); a path literal in a server route module or the client's API
 * modules is a second copy, which this test refuses. (The demo and the stories run the server
 * itself in their page: there is no second backend to scan.) The exceptions below are not API
 * endpoints, or say why they stay.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

interface Scan {
  dir: string;
  /** A literal path where a route, a call or a handler names its URL. */
  pattern: RegExp;
}

const SCANS: Scan[] = [
  // app.get('/…', …), r.post(`/…`, …), app.route({ url: '/…' })
  {
    dir: 'apps/server/src',
    pattern: /\.(?:get|post|put|patch|delete|head|all)\(\s*['`]\/|\burl:\s*['`]\//g,
  },
  // http.request({ method, path: '/…' }), http.url('/…')
  { dir: 'libs/data-access/src/api', pattern: /\bpath:\s*['`]\/|\bhttp\.url\(\s*['`]\//g },
  { dir: 'libs/data-access/src/http', pattern: /\bpath:\s*['`]\/|\bhttp\.url\(\s*['`]\//g },
];

/** Literal URLs that are not API endpoints, or stay for a stated reason (by the URL written). */
const EXCEPTIONS: Record<string, string> = {
  '/': 'the web app itself (apps/server src/http/static.ts), not the API',
  '/api/config':
    'the one fixed URL the web app reads before it knows its API base (runtimeConfig.ts; outside /api/v4)',
  '/api/dev/mailbox': 'the development mailbox (dev.ts): not the product API, absent in production',
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The URL a match names: the quoted text that starts at the match's end. */
function urlAt(text: string, end: number): string {
  const quote = text[end - 1] ?? "'";
  const close = text.indexOf(quote, end);
  return quote + text.slice(end, close === -1 ? end : close);
}

function literalsIn(scan: Scan): string[] {
  return sources(join(ROOT, scan.dir)).flatMap((file) => {
    const where = relative(ROOT, file);
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(scan.pattern)].flatMap((m) => {
      const end = m.index + m[0].length;
      // The pattern ends on the opening quote or on the path's leading slash.
      const written = m[0].endsWith('/') ? urlAt(text, end - 1) : urlAt(text, end);
      const url = written.slice(1);
      if (url in EXCEPTIONS) return [];
      const line = text.slice(0, m.index).split('\n').length;
      return [`${where}:${line}: ${written}`];
    });
  });
}

describe('API paths are written once, in their endpoint declarations', () => {
  it('no server route or client call types an API path', () => {
    expect(SCANS.flatMap(literalsIn)).toEqual([]);
  });

  it('finds a path literal where one is written (the scan is not vacuous)', () => {
    const probe = "r.get('/teams/:id', opts, h); http.request({ method: 'GET', path: `/x` });";
    const found = SCANS.flatMap((s) => [...probe.matchAll(s.pattern)].map((m) => m[0]));
    expect(found.length).toBeGreaterThanOrEqual(2);
  });
});
