import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import {
  allEndpoints,
  ANALYTICS_METRICS,
  analyticsPath,
  type AnalyticsMetric,
} from '@pando/domain';
import { describe, expect, it } from 'vitest';
import { createMockBackend } from '../backend';
import { createHandlers } from './index';
import { servedMockBackend } from './servedBackend';

/**
 * Every REST call the web app makes has an MSW handler, so the demo (which runs on the mock
 * backend) never meets an unhandled request. The calls are read from the sources the app is built
 * from — the data-access endpoint functions and the feature screens — as `http.request({ method,
 * path })` and `http.url(path)` (a GET the browser makes itself: images, file downloads).
 */
const LIBS = resolve(__dirname, '../../../../..');
const ROOTS = ['data-access/src', 'features/src'].map((dir) => join(LIBS, dir));
// http/endpoint.ts is `call` itself: its one request is every declared call, checked below.
const SKIPPED = /(\.test\.tsx?|\.stories\.tsx?|\/testing\/|\/contract\/|\/http\/endpoint\.ts$)/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !SKIPPED.test(path) ? [path] : [];
  });
}

interface Call {
  method: string;
  /** A concrete path: each `${…}` of the template is filled with `1`. */
  path: string;
  where: string;
}

/** A literal template's path: each `${…}` is filled with `1`. */
const concrete = (path: string) => path.replace(/\$\{[^}]*\}/g, '1');

function callsIn(file: string): { calls: Call[]; declared: string[]; unparsed: number } {
  const text = readFileSync(file, 'utf8');
  const where = relative(LIBS, file);
  // A module's own path helpers: `const name = (…) =>\n  `…`;`
  const helpers = new Map(
    [...text.matchAll(/const (\w+) = \([^)]*\)(?::\s*\w+)?\s*=>\s*(`[^`]*`)/g)].map((m) => [
      m[1],
      m[2],
    ]),
  );
  const fill = (quoted: string) => [
    concrete(
      quoted
        .slice(1, -1)
        .replace(
          /\$\{(\w+)\([^)]*\)\}/g,
          (all, name: string) => helpers.get(name)?.slice(1, -1) ?? all,
        ),
    ),
  ];
  const paths = (expr: string): string[] => {
    if (/^[`']/.test(expr)) return fill(expr);
    const name = /^(\w+)\(/.exec(expr)?.[1] ?? '';
    const helper = helpers.get(name);
    return helper ? fill(helper) : [];
  };
  const calls: Call[] = [];
  let understood = 0;
  const requests =
    /\bhttp\.request(?:<[^>]*>)?\(\{\s*method:\s*'(\w+)',\s*path:\s*(`[^`]*`|'[^']*'|\w+\([^)]*\))/g;
  const urls = /\bhttp\.url\(\s*(`[^`]*`|'[^']*')/g;
  for (const [, method = '', expr = ''] of text.matchAll(requests)) {
    const found = paths(expr).map((path) => ({ method, path, where }));
    if (found.length > 0) understood += 1;
    calls.push(...found);
  }
  for (const [, quoted = ''] of text.matchAll(urls)) {
    understood += 1;
    calls.push(...fill(quoted).map((path) => ({ method: 'GET', path, where })));
  }
  // A call of a declaration (`call(http, adminEndpoints.network, …)`, or a request or URL whose
  // path is `pathOf(adminEndpoints.network, …)`) is checked below with every declaration,
  // whoever calls it (TypeScript sees that the declaration exists).
  const declared = [
    ...text.matchAll(
      /\bhttp\.(?:request(?:<[^>]*>)?\(\{\s*method:\s*[\w.]+,\s*path:|url\()\s*pathOf\(\s*(\w+Endpoints\.\w+)/g,
    ),
  ].map((m) => m[1] ?? '');
  // `call` takes only a declaration (TypeScript checks it), whatever it is named here.
  const declaredCalls = [...text.matchAll(/\bcall\(\s*http,\s*([\w.[\]]+)/g)].map(
    (m) => m[1] ?? '',
  );
  understood += declared.length + declaredCalls.length;
  // A call written some other way (method from a variable, path built elsewhere) is not silently
  // missed: every `http.request(`/`http.url(`/`call(http` must have been understood above.
  const all = [...text.matchAll(/\bhttp\.(?:request(?:<[^>]*>)?|url)\(|\bcall\(\s*http\b/g)].length;
  return { calls, declared: [...declared, ...declaredCalls], unparsed: all - understood };
}

describe('the mock backend answers every call the web app makes', () => {
  const scanned = ROOTS.flatMap(sources).map((file) => ({ file, ...callsIn(file) }));
  const calls = scanned.flatMap((s) => s.calls);
  const handlers = createHandlers(createMockBackend());

  it('reads the calls from the sources (none written in a form the scan cannot see)', () => {
    expect(
      scanned.filter((s) => s.unparsed !== 0).map((s) => `${relative(LIBS, s.file)} ${s.unparsed}`),
    ).toEqual([]);
    // The scan finds the calls a person knows are there (not an empty list that passes vacuously).
    const declared = scanned.flatMap((s) => s.declared);
    expect(declared).toContain('adminEndpoints.network');
    expect(calls.length + declared.length).toBeGreaterThan(40);
  });

  it('has a handler for each call', async () => {
    const missing: string[] = [];
    for (const call of calls) {
      const request = new Request(`http://pando.test/api/v4${call.path}`, { method: call.method });
      let handled = false;
      for (const handler of handlers) {
        if (await handler.test({ request: request.clone() })) {
          handled = true;
          break;
        }
      }
      if (!handled) missing.push(`${call.method} ${call.path} (${call.where})`);
    }
    expect(missing).toEqual([]);
  });

  it('has a handler for each declared endpoint (@pando/domain ENDPOINT_GROUPS)', async () => {
    const declared = allEndpoints();
    expect(declared.length).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const declaration of declared) {
      const path = declaration.path.replace(/:\w+/g, '1');
      const request = new Request(`http://pando.test/api/${declaration.api ?? 'v4'}${path}`, {
        method: declaration.method,
      });
      let handled = false;
      for (const handler of handlers)
        if (await handler.test({ request: request.clone() })) handled = true;
      if (!handled) missing.push(`${declaration.method} ${declaration.path}`);
    }
    expect(missing).toEqual([]);
  });

  it("has a handler for each of the report's analytics calls (api/analytics.ts, under /api/v1)", async () => {
    const missing: string[] = [];
    for (const metric of Object.keys(ANALYTICS_METRICS) as AnalyticsMetric[]) {
      for (const scope of [
        { kind: 'organisation', id: 'x' },
        { kind: 'network', id: '1' },
      ] as const) {
        const path = analyticsPath(metric, scope, '2026-01-01', '2026-01-30');
        const request = new Request(`http://pando.test/api/v1${path}`);
        let handled = false;
        for (const handler of handlers)
          if (await handler.test({ request: request.clone() })) handled = true;
        if (!handled) missing.push(`GET ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('PUT /users/me/status on the mock backend (the header availability toggle in the demo)', () => {
  const { backend, signIn } = servedMockBackend();

  it('changes what colleagues see in the status poll; UNKNOWN is refused naming the field', async () => {
    const alice = signIn('alice@example.org');
    const bob = signIn('bob@example.org');
    const aliceUuid = backend.userByEmail('alice@example.org')?.uuid ?? '';
    const put = (status: string) =>
      fetch('http://pando.test/api/v4/users/me/status', {
        method: 'PUT',
        headers: { ...alice, 'Content-Type': 'application/json' },
        body: JSON.stringify({ status }),
      });
    const seenByBob = async () => {
      const r = await fetch(`http://pando.test/api/v4/users/statuses?users=${aliceUuid}`, {
        headers: bob,
      });
      return ((await r.json()) as { results: { status: string }[] }).results[0]?.status;
    };

    const answer = await put('UNAVAILABLE');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ id: aliceUuid, status: 'UNAVAILABLE' });
    expect(await seenByBob()).toBe('UNAVAILABLE');

    const refused = await put('UNKNOWN');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ details: [{ path: 'status' }] });
    expect(await seenByBob()).toBe('UNAVAILABLE');

    const noSession = await fetch('http://pando.test/api/v4/users/me/status', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'AVAILABLE' }),
    });
    expect(noSession.status).toBe(401);
  });
});
