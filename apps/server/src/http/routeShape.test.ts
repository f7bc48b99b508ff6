import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints, IdParamSchema } from '@pando/domain';
import { PUBLIC } from '../authz/access.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { registerErrorHandling } from './errors.js';
import { OPENAPI_URL } from './openapi.js';
import { routeShape } from './routeShape.js';

let ts: TestServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-shape-'));
  ts = await startTestServer({ dataDir });
});
afterAll(async () => {
  await ts.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('every API route has one shape', () => {
  it('registers every API route from a declaration, with its access rule', () => {
    // The undeclared routes, each with its reason: /api/config is read before an API client
    // exists (libs/domain README "Endpoints"); /api/dev/mailbox exists in development only; the
    // OpenAPI document is built from the declared routes (src/http/openapi.ts).
    const undeclared = new Set(['GET /api/config', 'GET /api/dev/mailbox', `GET ${OPENAPI_URL}`]);
    const notDeclared = ts.app.apiRoutes
      .filter((r) => !r.endpoint || !r.access)
      .map((r) => `${r.method} ${r.url}`);
    expect(ts.app.apiRoutes.length).toBeGreaterThan(100);
    expect(notDeclared.filter((r) => !undeclared.has(r))).toEqual([]);
    for (const r of ts.app.apiRoutes.filter((x) => undeclared.has(`${x.method} ${x.url}`)))
      expect(r.access, `${r.method} ${r.url}`).toBeDefined();
  });

  it('registers every declared endpoint from its declaration (@pando/domain ENDPOINT_GROUPS)', () => {
    const registered = new Map(ts.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r]));
    const declared = allEndpoints();
    expect(declared.length).toBeGreaterThan(0);
    const notFromDeclaration = declared
      .map((e) => {
        const url = `/api/${e.api ?? 'v4'}${e.path}`;
        return { name: `${e.method} ${url}`, route: registered.get(`${e.method} ${url}`), e };
      })
      .filter(({ route, e }) => route?.endpoint !== e || route.access !== e.access)
      .map(({ name }) => name);
    expect(notFromDeclaration).toEqual([]);
  });

  it(`the OpenAPI document at ${OPENAPI_URL} lists every route with its request and response schemas`, async () => {
    const res = await ts.app.inject({ method: 'GET', url: OPENAPI_URL });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: unknown[];
            requestBody?: unknown;
            responses?: Record<string, unknown>;
            'x-access'?: string;
          }
        >
      >;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    const missing: string[] = [];
    for (const route of ts.app.apiRoutes) {
      if (route.url === OPENAPI_URL) continue;
      const openApiPath = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const op = doc.paths[openApiPath]?.[route.method.toLowerCase()];
      const name = `${route.method} ${route.url}`;
      if (!op) {
        missing.push(`${name}: not in the document`);
        continue;
      }
      if (!op.responses || !Object.keys(op.responses).some((s) => s.startsWith('2')))
        missing.push(`${name}: no 2xx response`);
      if (['POST', 'PUT', 'PATCH'].includes(route.method) && !op.requestBody)
        missing.push(`${name}: no request body`);
      if (route.url.includes(':') && !op.parameters?.length) missing.push(`${name}: no parameters`);
      if (!op['x-access']) missing.push(`${name}: no x-access`);
    }
    expect(missing).toEqual([]);
    // The path parameters of a scoped route are documented with their type.
    const team = doc.paths['/api/v4/teams/{id}']?.get;
    expect(team?.['x-access']).toMatch(/^team:reader: members/);
    expect(JSON.stringify(team?.parameters)).toContain('"in":"path"');
  });
});

describe('the shape, on a route of its own', () => {
  async function app() {
    const a = Fastify();
    await a.register(routeShape);
    registerErrorHandling(a);
    a.withTypeProvider<ZodTypeProvider>().get(
      '/api/test/:id',
      {
        schema: {
          params: IdParamSchema,
          querystring: z.object({ wrong: z.enum(['0', '1']).default('0') }),
          response: { 200: z.object({ id: z.number(), name: z.string() }) },
        },
        config: { access: PUBLIC },
      },
      // A handler that returns more than it declares, or the wrong type when asked to.
      (req) =>
        Promise.resolve({
          id: req.params.id,
          name: req.query.wrong === '1' ? 42 : 'Ward 7',
          password_hash: 'secret',
        } as unknown as { id: number; name: string }),
    );
    await a.ready();
    return a;
  }

  it('answers only the declared fields: a column the route did not declare never leaves', async () => {
    const a = await app();
    const res = await a.inject({ method: 'GET', url: '/api/test/7' });
    expect(res.json()).toEqual({ id: 7, name: 'Ward 7' });
    expect(res.body).not.toContain('secret');
    await a.close();
  });

  it('an answer that breaks its schema is a 500, not a malformed body', async () => {
    const a = await app();
    const res = await a.inject({ method: 'GET', url: '/api/test/7?wrong=1' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ statusCode: 500 });
    await a.close();
  });

  it('bad input is a 400 in the API error shape naming the field, before the handler runs', async () => {
    const a = await app();
    const res = await a.inject({ method: 'GET', url: '/api/test/abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Invalid request: id',
      statusCode: 400,
      details: [{ path: 'id', message: expect.any(String) as string }],
    });
    await a.close();
  });
});
