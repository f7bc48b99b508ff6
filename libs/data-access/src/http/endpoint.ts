import { pathOf, type EndpointShape, type PathValues, type SuccessSchema } from '@pando/domain';
import type { z } from 'zod';
import type { HttpClient, RequestOptions } from './createHttpClient';
import type { BadRequest } from './errors';
import type { QueryParams } from './encodeQuery';

/** What a declared endpoint answers the client: its success body, parsed (nothing for a 204). */
export type Answered<E extends EndpointShape> = E['responses'] extends
  { 200: z.ZodType } | { 201: z.ZodType } | { 202: z.ZodType }
  ? z.output<SuccessSchema<E>>
  : undefined;

type WithParams<E extends EndpointShape> =
  PathValues<E> extends undefined ? { params?: undefined } : { params: PathValues<E> };
type WithBody<E extends EndpointShape> = E['body'] extends z.ZodType
  ? { body: z.input<E['body']> | FormData }
  : { body?: undefined };

/** A call's input: the path's values, the query and the body its declaration names. */
export type CallInput<E extends EndpointShape> = WithParams<E> &
  WithBody<E> & { query?: QueryParams } & Omit<
    RequestOptions<unknown>,
    'method' | 'path' | 'query' | 'body' | 'schema'
  >;

/**
 * Calls a declared endpoint (@pando/domain `endpoint`, issue 38): the URL from its path and the
 * given values, the answer parsed with its success schema. Resolves as `HttpClient.request`
 * does: the body, or a `BadRequest` on 400. A v1 (analytics) endpoint's caller passes `baseUrl`.
 */
export function call<E extends EndpointShape>(
  http: HttpClient,
  declaration: E,
  { params, ...input }: CallInput<E>,
): Promise<Answered<E> | BadRequest> {
  const { responses } = declaration;
  const schema = responses[200] ?? responses[201] ?? responses[202];
  return http.request({
    ...input,
    method: declaration.method,
    path: pathOf(declaration, params as PathValues<E>),
    ...(schema ? { schema } : {}),
  }) as Promise<Answered<E> | BadRequest>;
}
