import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { NoQuerySchema } from '@pando/domain';
import { z } from 'zod';
import { type Access, PUBLIC, SCOPES } from '../authz/access.js';

export const OPENAPI_URL = '/api/docs/openapi.json';

/** How an access rule reads in the API document (`x-access` on each operation). */
function describeAccess(access: Access): string {
  if (access.kind === 'public') return 'public: no session needed';
  if (access.kind === 'self')
    return access.sessionOptional
      ? 'any logged-in person, on their own data (answers without a session too)'
      : 'any logged-in person, on their own data';
  return `${access.scope}: ${SCOPES[access.scope].who}`;
}

/**
 * The OpenAPI document, generated from the routes' own schemas and access rules (never written
 * by hand): @fastify/swagger collects every route registered after it. Served at
 * /api/docs/openapi.json. Decision: no HTML viewer. Swagger UI or Redoc would be a new large
 * dependency and need inline scripts our CSP forbids (`script-src 'self'`); any OpenAPI viewer
 * (or an editor's plugin) opens the JSON.
 */
export const openApi = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${app.config.productName} API`,
          description:
            'REST API of the web app (spec 01 §7). Every error has the shape `{ message, statusCode, details?, internalCode? }`; `x-access` says who may call an operation.',
          version: '4',
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'pando_session' },
            bearer: { type: 'http', scheme: 'bearer' },
          },
        },
      },
      transform: (doc) => {
        const out = jsonSchemaTransform(doc);
        const access = doc.route.config?.access;
        if (!access) return out;
        return {
          ...out,
          schema: {
            ...out.schema,
            'x-access': describeAccess(access),
            ...(access.kind === 'public' ? {} : { security: [{ session: [] }, { bearer: [] }] }),
          },
        };
      },
    });
    // Registered once the other routes are, so the document is complete on first read.
    app.after(() => {
      app.withTypeProvider<ZodTypeProvider>().get(
        OPENAPI_URL,
        {
          schema: {
            hide: true,
            querystring: NoQuerySchema,
            response: { 200: z.record(z.string(), z.unknown()) },
          },
          config: { access: PUBLIC },
        },
        async (_req, reply) =>
          reply.header('Cache-Control', 'no-cache').send(app.swagger() as Record<string, unknown>),
      );
    });
  },
  { name: 'openapi', dependencies: ['route-shape'] },
);
