import { z } from 'zod';

/*
 * One declaration per REST endpoint (issue 38; README "Adding an endpoint"): its method, path,
 * path/query/body schemas, its success answers and who may call it. The server registers its
 * route from it (apps/server src/http/endpoint.ts `route`) and the client calls it
 * (data-access src/http/endpoint.ts `call`), so the two cannot disagree on a URL or a field.
 *
 * Decision (recorded in ARCHITECTURE-level docs: libs/domain/README.md "Endpoints"): a small helper
 * of our own rather than ts-rest 3.52 or @orpc/contract 1.15. Both want to own the server
 * adapter (ts-rest's Fastify adapter registers its own routes and error shape; oRPC its own
 * router and RPC/OpenAPI handlers), so our route shape (config.access, config.audit, the
 * validation error's wording, the response serialiser, the OpenAPI document built from the
 * registered routes) would have to be rebuilt on theirs. Our declarations
 * are plain data over the zod schemas we already have: nothing else to learn or to upgrade.
 */

/**
 * The names of the server's access rules (apps/server src/authz/access.ts SCOPES, which must
 * define exactly these: a type test there compares the two). The rules themselves (database
 * look-ups) stay in the server.
 */
export const SCOPE_NAMES = [
  'team:reader',
  'team:member',
  'team:joiner',
  'advice-team:reader',
  'advice:participant',
  'image:viewer',
  'image:uploader',
  'file:viewer',
  'user:network',
  'room:participant',
  'card:viewer',
  'card:editor',
  'patient:viewer',
  'patient:editor',
  'patient-images:viewer',
  'patient-image:viewer',
  'hospital:network',
  'admin',
  'admin:user',
  'admin:user-code',
  'admin:team',
  'admin:advice-channel',
  'admin:invite',
  'admin:invite-code',
  'admin:network',
  'admin:organisation',
  'admin:networks',
  'admin:network-manager',
  'analytics:scope',
  'template:owner',
  'structured-file:viewer',
  'structured-file:uploader',
] as const;

export type ScopeName = (typeof SCOPE_NAMES)[number];

/**
 * Who may call an endpoint:
 * - public: no session (login, health, runtime config);
 * - self: any logged-in person, acting on their own data only (`sessionOptional`: the handler
 *   also runs without a session and answers it itself);
 * - scoped: a resource named by the URL, and the rule of who may act on it.
 */
export type EndpointAccess =
  | { kind: 'public' }
  | { kind: 'self'; sessionOptional?: true }
  | { kind: 'scoped'; scope: ScopeName };

/** The access values declarations write: `ACCESS.scoped('admin:network')`. */
export const ACCESS = {
  public: { kind: 'public' },
  self: { kind: 'self' },
  selfSessionOptional: { kind: 'self', sessionOptional: true },
  scoped: <S extends ScopeName>(scope: S) => ({ kind: 'scoped', scope }) as const,
} as const;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What every declaration holds. `path` is below the API prefix, with `:name` parameters. */
export interface EndpointShape {
  method: Method;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answers by status; a 204 answers `z.null()`. Errors are the API's shape. */
  responses: Partial<Record<200 | 201 | 202 | 204, z.ZodType>>;
  access: EndpointAccess;
  /** `['multipart/form-data']` for an upload (its body declared with `multipartBody`). */
  consumes?: string[];
  /** The API it belongs to: v4 (the default) or v1, the analytics API (spec 02 §7). */
  api?: 'v1';
  /** For the API document (OpenAPI `description`). */
  description?: string;
}

/** Marks a body that is multipart: the handler streams it and validates its fields itself. */
const MULTIPART_BODY = 'multipart';

/**
 * A multipart form's fields, for the API document only: neither backend parses multipart bodies
 * before the handler (the server streams them with @fastify/multipart), so the handler checks the
 * fields once the file has arrived.
 */
export const multipartBody = <S extends z.ZodObject>(fields: S) =>
  fields.meta({ [MULTIPART_BODY]: true });

export const isMultipartSchema = (schema: unknown) =>
  schema instanceof z.ZodType && z.globalRegistry.get(schema)?.[MULTIPART_BODY] === true;

/** Declares an endpoint, keeping its literal types (the path's parameters, the schemas). */
export const endpoint = <const E extends EndpointShape>(declaration: E): E => declaration;

/** `/admin/networks/:id` → `'id'`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values a path's parameters take when the client builds its URL. */
export type PathValues<E extends EndpointShape> = [ParamNames<E['path']>] extends [never]
  ? undefined
  : { [K in ParamNames<E['path']>]: string | number };

/** The first success answer's schema: what the client parses. */
export type SuccessSchema<E extends EndpointShape> = E['responses'] extends { 200: infer S }
  ? S
  : E['responses'] extends { 201: infer S }
    ? S
    : E['responses'] extends { 202: infer S }
      ? S
      : E['responses'] extends { 204: infer S }
        ? S
        : never;

/** The path with its parameters filled in, each encoded as one segment. */
export function pathOf<E extends EndpointShape>(declaration: E, values: PathValues<E>): string {
  const given = (values ?? {}) as Record<string, string | number>;
  return declaration.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = given[name];
    if (value === undefined) throw new Error(`${declaration.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
