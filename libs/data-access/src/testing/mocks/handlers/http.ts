import {
  HttpHandler,
  type HttpRequestHandler,
  type RequestHandlerOptions,
  type ResponseResolver,
} from 'msw';

/**
 * The mock backend's `http.get/post/put/patch/delete`: MSW's own handlers, with a pre-filter.
 *
 * MSW offers every request to every handler in turn, and each handler first gathers the request's
 * cookies (parsing `document.cookie` and MSW's cookie store again, once per handler) and then
 * matches the URL, before it looks at the method. With ~90 handlers that was over a third of the
 * CPU of a demo page load (1.1 of 3.0 s in Chromium's profiler, 2026-11-28), and the same cost in
 * every story and client test. These handlers first compare the method and the fixed part of
 * their path (up to the first `:param` or inner `*`; after a leading `*` it may come anywhere in
 * the request's path, as MSW's `*` matches across segments), which costs next to nothing, and
 * hand the request to MSW's full match only when both agree: a filter in front of MSW's answer,
 * never another answer (both sides are compared in lower case, so it only lets more through;
 * http.test.ts compares the two). Handlers a story adds with MSW's own `http` work beside these.
 */
class RoutedHandler extends HttpHandler {
  readonly #method: string;
  /** The path's fixed part, and whether a leading `*` lets anything come before it. */
  readonly #fixed: string;
  readonly #anywhere: boolean;

  constructor(
    method: string,
    path: string,
    resolver: ResponseResolver<never, never, never>,
    options?: RequestHandlerOptions,
  ) {
    super(method, path, resolver as ResponseResolver, options);
    this.#method = method;
    this.#fixed = fixedStart(path);
    this.#anywhere = path.startsWith('*');
  }

  override async run(args: Parameters<HttpHandler['run']>[0]): ReturnType<HttpHandler['run']> {
    if (args.request.method.toUpperCase() !== this.#method) return null;
    const requested = pathOf(args.request);
    if (this.#anywhere ? !requested.includes(this.#fixed) : !requested.startsWith(this.#fixed))
      return null;
    return super.run(args);
  }
}

/** `*\/api/v4/teams/:id/members` → `/api/v4/teams/`, in lower case ('' when nothing is fixed). */
function fixedStart(path: string): string {
  const rest = path.startsWith('*') ? path.slice(1) : path;
  const end = rest.search(/[:*(]/);
  const fixed = end === -1 ? rest : rest.slice(0, end);
  // A pattern written as a full URL keeps only its path (the origin is matched by MSW).
  return fixed
    .replace(/^[a-z]+:\/\/[^/]*/i, '')
    .replace(/\?.*$/, '')
    .toLowerCase();
}

/** The request's path in lower case, parsed once (MSW hands each handler the same request). */
const paths = new WeakMap<Request, string>();
function pathOf(request: Request): string {
  let path = paths.get(request);
  if (path === undefined) {
    path = new URL(request.url).pathname.toLowerCase();
    paths.set(request, path);
  }
  return path;
}

const routed =
  (method: string): HttpRequestHandler =>
  (path, resolver, options) => {
    if (typeof path !== 'string')
      throw new Error('The mock backend routes by path: write the path as a string.');
    return new RoutedHandler(method, path, resolver, options);
  };

export const http = {
  get: routed('GET'),
  post: routed('POST'),
  put: routed('PUT'),
  patch: routed('PATCH'),
  delete: routed('DELETE'),
};
