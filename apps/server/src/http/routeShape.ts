import type { FastifyInstance, FastifySchema, FastifySchemaCompiler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  isMultipartSchema,
  validationError,
  type EndpointShape,
} from '@pando/domain';
import { z } from 'zod';
import type { Access } from '../authz/access.js';
import type { AuditDeclaration } from '../audit/hooks.js';
import { HttpError, nulError, nulField } from './errors.js';

/**
 * The shape every API route takes (CONVENTIONS.md "Server routes"):
 * - `schema`: params, querystring and body schemas (zod, from @pando/domain) validated before the
 *   handler runs, and a response schema per status through which the answer is serialised, so a
 *   route cannot send a column it did not declare;
 * - `config.access`: who may call it (src/authz/access.ts), enforced by the authentication hook
 *   and the access guards, and read by the OpenAPI document and the generated authorization test.
 * Every /api route is registered from its declaration (src/http/endpoint.ts `route`), which
 * carries all of these; the route-shape test names any route that is not, and the two that may not.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The declaration the route was registered from (src/http/endpoint.ts `route`). */
    endpoint?: EndpointShape;
  }
  interface FastifyInstance {
    /** Every API route as registered (method, URL, schema, access), in registration order. */
    apiRoutes: ApiRoute[];
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  access: Access | undefined;
  /** What the route records in the audit trail (src/audit/hooks.ts). */
  audit?: AuditDeclaration | undefined;
  /** The declaration it was registered from (issue 38), when it was. */
  endpoint?: EndpointShape | undefined;
}

/**
 * Request validation with the domain's wire schemas. A failure is the API's error shape naming
 * each bad field (`validationError` of @pando/domain), exactly what `parseInput` answered before
 * the routes declared their schemas.
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => {
  if (isMultipartSchema(schema)) return () => ({ value: undefined });
  return (data) => {
    const nul = nulField(data);
    if (nul !== undefined) return { error: nulError(nul) };
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const body = validationError(result.error, 400);
    return { error: new HttpError(400, body.message, body.details) };
  };
};

/** The error answers every authenticated API route may give, for the API document. */
export const ERROR_RESPONSES = { '4xx': ApiErrorSchema } as const;

/**
 * Installs the zod compilers and keeps the list of API routes. Registered first (fastify-plugin:
 * its compilers and hook apply to the whole app), so it sees every route.
 */
export const routeShape = fp(
  (app: FastifyInstance, _opts: unknown, done: (err?: Error) => void) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const routes: ApiRoute[] = [];
    app.decorate('apiRoutes', routes);
    app.addHook('onRoute', (opts: RouteOptions) => {
      if (!opts.url.startsWith('/api/')) return;
      for (const method of [opts.method].flat()) {
        if (method === 'HEAD') continue;
        const route: ApiRoute = {
          method,
          url: opts.url,
          schema: opts.schema,
          access: opts.config?.access,
          audit: opts.config?.audit,
          endpoint: opts.config?.endpoint,
        };
        routes.push(route);
      }
    });
    done();
  },
  { name: 'route-shape' },
);
