import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE "Production bundles never contain MSW, fixtures or stories" (nor the server that
 * the demo and Storybook run in their page). Runs after the web
 * build in `npm test` (step "contract"), on apps/web/dist. Source maps list every module that went
 * into the bundle, so they show what was bundled even after minification renamed everything.
 */
const dist = join(import.meta.dirname, '../../apps/web/dist');
/** apps/web/public: copied into the build as they are (their own source, no map to make). */
const publicDir = join(import.meta.dirname, '../../apps/web/public');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const FORBIDDEN_MODULES = [
  /node_modules\/msw\//,
  /node_modules\/@mswjs\//,
  /libs\/data-access\/src\/testing\//,
  /libs\/data-access\/src\/contract\//,
  /\/chat\/testing\//,
  /\.stories\.[jt]sx?$/,
  /\.test\.[jt]sx?$/,
  // The server in a page (the demo's and Storybook's backend) and its database: never in the app.
  // (sources are relative to the chunk: apps/server/src is `../../../server/src/…` from apps/web)
  /(^|\/)server\/(src|browser)\//,
  /node_modules\/@electric-sql\/pglite\//,
];

/** Strings that survive minification: MSW's log prefix and worker, and demo and fixture data. */
const FORBIDDEN_TEXT = [
  '[MSW]',
  'mockServiceWorker',
  'Your Pando login code',
  'cardiologist.one@example.org',
  'NHS-000-0001',
];

describe('the production web bundle (apps/web build)', () => {
  it('exists: the web app has been built (npm test builds it before this step)', () => {
    expect(
      existsSync(join(dist, 'index.html')),
      `no build at ${dist}; run npm run build -w @pando/web`,
    ).toBe(true);
  });

  const files = existsSync(dist) ? filesUnder(dist) : [];
  const maps = files.filter((f) => f.endsWith('.js.map'));
  const scripts = files.filter((f) => f.endsWith('.js'));

  it('has source maps for its scripts, and they list the data-access HTTP client (so the scan sees real modules)', () => {
    expect(scripts.length).toBeGreaterThan(0);
    // The bundler's own runtime helper chunk comes without a map; anything bigger must have one
    // so no application module escapes the module scan (all files get the text scan anyway).
    // The public folder's scripts (the service worker's static routes) are copied as written:
    // no module of the build is in them.
    const copied = new Set(readdirSync(publicDir).map((name) => join(dist, name)));
    const unmapped = scripts.filter(
      (s) => !copied.has(s) && !existsSync(`${s}.map`) && statSync(s).size > 4096,
    );
    expect(unmapped.map((s) => relative(dist, s))).toEqual([]);
    const sources = maps.flatMap(
      (m) => (JSON.parse(readFileSync(m, 'utf8')) as { sources: string[] }).sources,
    );
    expect(sources.some((s) => s.endsWith('libs/data-access/src/http/createHttpClient.ts'))).toBe(
      true,
    );
  });

  it('contains no MSW, test support, fixtures, stories or tests among its modules', () => {
    const offending = maps.flatMap((m) =>
      (JSON.parse(readFileSync(m, 'utf8')) as { sources: string[] }).sources
        .filter((s) => FORBIDDEN_MODULES.some((pattern) => pattern.test(s)))
        .map((s) => `${relative(dist, m)}: ${s}`),
    );
    expect(offending).toEqual([]);
  });

  it('ships no service worker and no MSW or fixture strings in any file', () => {
    expect(files.map((f) => relative(dist, f))).not.toContain('mockServiceWorker.js');
    const hits = files
      .filter((f) => !f.endsWith('.map'))
      .flatMap((f) => {
        const text = readFileSync(f, 'utf8');
        return FORBIDDEN_TEXT.filter((needle) => text.includes(needle)).map(
          (needle) => `${relative(dist, f)}: ${needle}`,
        );
      });
    expect(hits).toEqual([]);
  });
});
