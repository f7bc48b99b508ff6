import {
  contentTypeRefusal,
  crossSiteRefusal,
  isMultipartSchema,
  type EndpointShape,
} from '@pando/domain';
import type { z } from 'zod';
import type { MockBackend, MockUser } from '../backend';
import { guard } from './guard';
import { http } from './http';
import { MOCK_SCOPES, type MockLoaded } from './scopes';
import {
  apiErrorOf,
  fail,
  invalid,
  parseBody,
  parseQuery,
  requireUser,
  sessionOf,
  unauthorised,
} from './util';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a declared handler's resolver gets: the request, already authenticated and validated. */
interface Declared<E extends EndpointShape> {
  request: Request;
  cookies: Record<string, string>;
  /** The signed-in caller (absent only on public routes and session-optional ones). */
  caller: E['access'] extends { kind: 'public' } | { sessionOptional: true }
    ? MockUser | undefined
    : MockUser;
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  /** What the declaration's scope rule loaded (scopes.ts). */
  loaded: Partial<MockLoaded>;
}

type DeclaredResolver<E extends EndpointShape> = (
  input: Declared<E>,
) => Response | Promise<Response>;

/**
 * The mock backend's handler of an endpoint declaration (@pando/domain `endpoint`, issue 38),
 * in the server's order: a call that changes data without a JSON or multipart type, or from
 * another site (403, the domain's `contentTypeRefusal` and `crossSiteRefusal`), the session
 * (401), then the path, body and query against the declaration's schemas (400, worded by the
 * domain's `validationError`), then the access rule its declaration names (scopes.ts: 403/404),
 * and only then the resolver.
 */
export function declaredHandlers(backend: MockBackend) {
  return function handle<E extends EndpointShape>(declaration: E, resolver: DeclaredResolver<E>) {
    const { access } = declaration;
    const method = declaration.method.toLowerCase() as Lowercase<E['method']>;
    const prefix = declaration.api === 'v1' ? '*/api/v1' : '*/api/v4';
    return http[method](
      `${prefix}${declaration.path}`,
      guard(async ({ request, cookies, params: raw }) => {
        // The server's CSRF check comes first, on every path (an onRequest hook of the app): the
        // type, then where the call comes from (uploads included). In a browser the service
        // worker sees neither Origin nor Sec-Fetch-Site (the network adds them), so only calls
        // made in Node (tests, the contract suite) are held to the second.
        const { headers } = request;
        const refusal =
          contentTypeRefusal(request.method, headers.get('content-type')) ??
          crossSiteRefusal({
            method: request.method,
            contentType: headers.get('content-type'),
            origin: headers.get('origin'),
            ownOrigin: new URL(request.url).origin,
            secFetchSite: headers.get('sec-fetch-site'),
            withCookies: headers.has('cookie'),
          });
        if (refusal) return fail(apiErrorOf(refusal));
        let caller: MockUser | undefined;
        if (access.kind === 'self' && access.sessionOptional) {
          const session = sessionOf(backend, cookies, request);
          caller = session && backend.userById(session.user_id);
        } else if (access.kind !== 'public') caller = requireUser(backend, cookies, request);
        const params = declaration.params ? parseWith(declaration.params, raw) : undefined;
        // A multipart upload's resolver reads the form itself (as the server's handler streams it).
        const bodySchema = isMultipartSchema(declaration.body) ? undefined : declaration.body;
        const body = bodySchema ? await parseBody(request, bodySchema) : undefined;
        const query = declaration.query ? parseQuery(request, declaration.query) : undefined;
        let loaded: Partial<MockLoaded> = {};
        if (access.kind === 'scoped') {
          const rule = MOCK_SCOPES[access.scope];
          if (!rule) throw new Error(`The mock backend has no rule for scope ${access.scope}.`);
          if (!caller) return fail(unauthorised());
          const ruleParams = (params ?? {}) as Record<string, unknown>;
          loaded = rule(backend, { caller, request, params: ruleParams, query, body });
        }
        return resolver({
          request,
          cookies,
          caller,
          params,
          query,
          body,
          loaded,
        } as Declared<E>);
      }),
    );
  };
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : invalid(parsed.error);
}
