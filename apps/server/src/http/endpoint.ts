import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { EndpointShape } from '@pando/domain';
import type { z } from 'zod';
import type { AuditDeclaration } from '../audit/hooks.js';
import { ERROR_RESPONSES } from './routeShape.js';

/** Where the REST areas are registered (app.ts), as the runtime configuration tells the client. */
export const REST_BASE = '/api/v4';
/** The analytics API's (spec 02 §7). */
export const ANALYTICS_BASE = '/api/v1';

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

/** What a route's handler may answer: one of its declared success bodies (or the reply it sent). */
type Answer<E extends EndpointShape> = {
  [K in keyof E['responses']]: E['responses'][K] extends z.ZodType
    ? z.input<E['responses'][K]>
    : never;
}[keyof E['responses']];

/** The request a declared route's handler gets: params, query and body already parsed. */
type EndpointRequest<E extends EndpointShape> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
}>;

export type EndpointHandler<E extends EndpointShape> = (
  req: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<Answer<E> | FastifyReply> | Answer<E> | FastifyReply;

/** What only the server knows of a route: its audit record and Fastify's own options. */
export interface ServerExtras extends Pick<RouteOptions, 'bodyLimit' | 'preValidation'> {
  audit?: AuditDeclaration;
}

/**
 * Registers the route of an endpoint declaration (@pando/domain `endpoint`, issue 38): its
 * method, URL, schemas (validated before the handler; the answer serialised through the declared
 * success schema, errors as the API's shape) and `config.access`, read by the authentication hook,
 * the access guards, the OpenAPI document and the generated authorization test. The app's plugin
 * for the declaration's API (v4, or v1 for analytics) gives the URL its prefix.
 */
export function route<E extends EndpointShape>(
  app: FastifyInstance,
  declaration: E,
  handler: EndpointHandler<E>,
  { audit, ...options }: ServerExtras = {},
): void {
  const { params, query, body, responses, description, consumes } = declaration;
  app.route({
    ...options,
    method: declaration.method,
    url: declaration.path,
    schema: {
      ...(description === undefined ? {} : { description }),
      ...(consumes === undefined ? {} : { consumes }),
      ...(params === undefined ? {} : { params }),
      ...(query === undefined ? {} : { querystring: query }),
      ...(body === undefined ? {} : { body }),
      response: { ...responses, ...ERROR_RESPONSES },
    },
    config: {
      access: declaration.access,
      endpoint: declaration,
      ...(audit === undefined ? {} : { audit }),
    },
    handler: handler as unknown as RouteOptions['handler'],
  });
}
