import {
  AuthValidateResponseParser,
  isRefusal,
  loginEndpoints,
  pathOf,
  refusalText,
  statusHandling,
  CORE_TEXTS,
  type WireParser,
} from '@pando/domain';
import { createAccessTokenSource } from './accessToken';
import {
  DataConflictError,
  ForbiddenError,
  NotFoundError,
  RefusedError,
  ResponseShapeError,
  ServerError,
  UnauthorisedError,
  UnprocessableError,
  isBadRequest,
  type BadRequest,
} from './errors';
import { encodeQuery, encodeQueryComponent, type QueryParams } from './encodeQuery';

/** What the client asks the UI to show; the client itself knows no UI (issue 7). */
interface HttpNotification {
  kind: 'error' | 'warning';
  message: string;
}

/** The injected logger. `event` records an analytics event (spec 02 §7: access_token_invalid…). */
export interface HttpLogger {
  info(message: string, context?: Record<string, unknown>): void;
  warn(message: string, context?: Record<string, unknown>): void;
  error(message: string, context?: Record<string, unknown>): void;
  event(name: string, properties?: Record<string, unknown>): void;
}

export interface HttpClientOptions {
  /** Origin plus the API prefix, e.g. `https://pando.example/api/v4` (from the runtime config). */
  baseUrl: string;
  notify: (notification: HttpNotification) => void;
  /** Receives `/login?msg=logged-out&redirect=…`; the app wires it to its router. */
  navigateToLogin: (loginUrl: string) => void;
  logger: HttpLogger;
  clientVersion: string;
  clientBuild: string;
  /**
   * Only for the calls the spec marks as bearer-authenticated. By default the client fetches the
   * session's token from `GET /login/access-token` and renews it before it runs out.
   */
  getBearerToken?: () => string | undefined | Promise<string | undefined>;
  /** Where the user is now, for the `redirect` parameter. Defaults to `window.location`. */
  getCurrentPath?: () => string;
  /** Injected for tests and for the contract runner's cookie jar. Defaults to global `fetch`. */
  fetch?: typeof fetch;
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method: HttpMethod;
  /** Path below `baseUrl`, starting with `/`. Path segments are the caller's to encode. */
  path: string;
  query?: QueryParams;
  /** A JSON body; or `FormData` for multipart uploads (then no JSON content type is sent). */
  body?: unknown;
  /**
   * Parses a JSON answer: a zod schema of the domain, or (on the login route, which must not load
   * zod) one of its zod-free `WireParser`s. Without it the body is returned as it came.
   */
  schema?: WireParser<T>;
  /** `blob` for binary answers (images, files). */
  responseType?: 'json' | 'blob';
  /** Adds `Authorization: Bearer …` from `getBearerToken` (spec 01 §7: "some helper calls"). */
  bearer?: boolean;
  /**
   * The caller shows a refusal (a 4xx the status rules do not name: 413, 415, 429…) beside the
   * action, naming what was refused (the login card, the form filler's file): no notification
   * repeats it. Other statuses are handled as usual.
   */
  showsRefusal?: boolean;
  /** Another API version's base (the analytics calls are under `/api/v1`); `baseUrl` otherwise. */
  baseUrl?: string;
  signal?: AbortSignal;
}

export interface HttpClient {
  readonly baseUrl: string;
  /** Resolves with the parsed body, or with a `BadRequest` on 400 (spec 01 §8). */
  request<T>(options: RequestOptions<T>): Promise<T | BadRequest>;
  /** Absolute URL of a path, e.g. for an `<img src>` or a file download link. */
  url(path: string, query?: QueryParams): string;
  /** The headers every request carries (the client identification), for XHR uploads. */
  readonly headers: Readonly<Record<string, string>>;
}

const CLIENT_HEADER = 'X-Pando-Client';

const LOGIN_PATH_PREFIXES = ['/login', '/validate'];

/** Where the session's bearer access token is renewed (cookie-authenticated; zod-free). */
const ACCESS_TOKEN = loginEndpoints.accessToken;

type ErrorInit = ConstructorParameters<typeof ServerError>[1];

/** The log label of the thrown statuses the domain logs at warn (spec 01 §8 "logged"). */
const STATUS_LOG: Readonly<Record<number, string>> = {
  403: '[FORBIDDEN]',
  404: '[NOT FOUND]',
  422: '[UNPROCESSABLE ENTITY]',
};

/** The thrown error for a status the domain's rule says to throw, saying `message`. */
function errorFor(status: number, message: string, init: ErrorInit): Error {
  switch (status) {
    case 403:
      return new ForbiddenError(message, init);
    case 404:
      return new NotFoundError(message, init);
    case 422:
      return new UnprocessableError(message, init);
    default:
      return status < 500 ? new RefusedError(message, init) : new ServerError(message, init);
  }
}

/** `Retry-After` in seconds: a number of seconds or an HTTP date (RFC 9110 §10.2.3). */
function retryAfterOf(response: Response): number | undefined {
  const raw = response.headers.get('Retry-After')?.trim();
  if (!raw) return undefined;
  if (/^\d+$/.test(raw)) return Number(raw);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function defaultCurrentPath(): string {
  const location = (globalThis as { location?: Location }).location;
  return location ? `${location.pathname}${location.search}${location.hash}` : '/';
}

interface ErrorBody {
  message?: unknown;
  internalCode?: unknown;
  internal_code?: unknown;
  error?: unknown;
}

function describeError(
  body: unknown,
  fallback: string,
): { message: string; internalCode?: string } {
  if (typeof body !== 'object' || body === null) return { message: fallback };
  const b = body as ErrorBody;
  const message =
    typeof b.message === 'string' ? b.message : typeof b.error === 'string' ? b.error : fallback;
  const code = b.internalCode ?? b.internal_code;
  return typeof code === 'string' ? { message, internalCode: code } : { message };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const getCurrentPath = options.getCurrentPath ?? defaultCurrentPath;
  const { logger, notify } = options;
  // Browsers forbid scripts to set User-Agent (a "forbidden request header"), so the product
  // identification the spec asks for (§7: version and build) travels in a custom header.
  const clientHeader = `web/${options.clientVersion} (${options.clientBuild})`;

  function url(path: string, query?: QueryParams, base = baseUrl): string {
    return `${base}${path}${encodeQuery(query)}`;
  }

  function sendToLogin(): void {
    const current = getCurrentPath();
    // The login screen handles its own 401s (spec 01 §8 "Request code: 401 shows an unauthorised
    // message"); bouncing it to itself would wipe what the user typed.
    if (LOGIN_PATH_PREFIXES.some((prefix) => current.startsWith(prefix))) return;
    options.navigateToLogin(`/login?msg=logged-out&redirect=${encodeQueryComponent(current)}`);
  }

  // The bearer token of the session, unless the app supplies its own (spec 02 §7).
  const tokens = options.getBearerToken
    ? undefined
    : createAccessTokenSource(async () => {
        const answer = await request({
          method: ACCESS_TOKEN.method,
          path: pathOf(ACCESS_TOKEN, undefined),
          schema: AuthValidateResponseParser,
        });
        return isBadRequest(answer) ? undefined : answer;
      });
  const getBearerToken = options.getBearerToken ?? (() => tokens?.get());

  function request<T>(req: RequestOptions<T>): Promise<T | BadRequest> {
    return send(req, true);
  }

  async function send<T>(req: RequestOptions<T>, mayRenewToken: boolean): Promise<T | BadRequest> {
    const { method, path } = req;
    const isMultipart = typeof FormData !== 'undefined' && req.body instanceof FormData;
    const headers: Record<string, string> = {
      Accept: req.responseType === 'blob' ? '*/*' : 'application/json',
      [CLIENT_HEADER]: clientHeader,
    };
    // Sent on every call, bodyless ones included: the server's CSRF check rejects state-changing
    // requests without it, and a cross-site form cannot set it. Multipart sets its own boundary.
    if (!isMultipart) headers['Content-Type'] = 'application/json';
    if (req.bearer) {
      const token = await getBearerToken();
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    const init: RequestInit = { method, headers, credentials: 'include' };
    if (req.signal) init.signal = req.signal;
    if (req.body !== undefined) {
      init.body = isMultipart ? (req.body as FormData) : JSON.stringify(req.body);
    }

    const context = { method, path };
    let response: Response;
    try {
      response = await doFetch(url(path, req.query, req.baseUrl?.replace(/\/+$/, '')), init);
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      // No answer at all (status 0): the domain's rule says what to log and show.
      const handling = statusHandling(0, method);
      const shown = handling.action === 'throw' ? handling : null;
      logger.error(shown?.log ?? CORE_TEXTS.internalServerErrorLog, {
        ...context,
        cause: String(cause),
      });
      if (shown?.notify) notify({ kind: 'error', message: shown.notify });
      throw new ServerError(shown?.text ?? CORE_TEXTS.connectionLost, { ...context, status: 0 });
    }

    if (response.ok) return parseSuccess(response, req);
    // A token can end before its time (its session was renewed elsewhere): renew it once.
    if (response.status === 401 && req.bearer && tokens && mayRenewToken) {
      tokens.forget();
      return send(req, false);
    }

    const body = await readBody(response);
    const { message, internalCode } = describeError(body, refusalText(response.status));
    const retryAfterSeconds = retryAfterOf(response);
    const errorInit = {
      ...context,
      status: response.status,
      internalCode,
      body,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    };
    // What to do is the domain's rule (spec 01 §8, `statusHandling`); the error classes are ours.
    const handling = statusHandling(response.status, method, internalCode, message);
    switch (handling.action) {
      case 'ok':
      case 'continue':
        logger.warn(CORE_TEXTS.badRequestLog, { ...context, message, internalCode });
        return { kind: 'bad-request', status: 400, method, path, message, internalCode, body };
      case 'logout':
        logger.warn('[UNAUTHORISED]', context);
        logger.event('access_token_invalid', context);
        sendToLogin();
        throw new UnauthorisedError(message, errorInit);
      case 'conflict':
        logger.warn('[DATA CONFLICT]', { ...context, message, internalCode });
        throw new DataConflictError(message, errorInit);
      case 'throw':
        if (handling.log) {
          logger.error(handling.log, { ...context, status: response.status, message });
        } else {
          logger.warn(STATUS_LOG[response.status] ?? `[${String(response.status)}]`, {
            ...context,
            message,
            internalCode,
          });
        }
        if (handling.notify && !(req.showsRefusal && isRefusal(response.status))) {
          // A 422 or another refusal asks the person to change or wait: a warning, not an error.
          const warning = response.status === 422 || isRefusal(response.status);
          notify({ kind: warning ? 'warning' : 'error', message: handling.notify });
        }
        throw errorFor(response.status, handling.text ?? message, errorInit);
    }
  }

  async function parseSuccess<T>(response: Response, req: RequestOptions<T>): Promise<T> {
    if (req.responseType === 'blob') return (await response.blob()) as T;
    const body = await readBody(response);
    if (!req.schema) return body as T;
    const parsed = req.schema.safeParse(body);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const field = issue && issue.path.length > 0 ? issue.path.join('.') : '(root)';
    const message = `Unexpected answer from ${req.method} ${req.path}: ${field}: ${issue?.message ?? 'invalid'}`;
    logger.error(message, { method: req.method, path: req.path });
    throw new ResponseShapeError(message, {
      method: req.method,
      path: req.path,
      status: response.status,
      body,
    });
  }

  return {
    baseUrl,
    request,
    url: (path, query) => url(path, query),
    headers: { [CLIENT_HEADER]: clientHeader },
  };
}
