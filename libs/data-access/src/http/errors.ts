/**
 * Errors thrown by the HTTP client. Each one carries the request it belongs to so a log line or a
 * notification can name it without the caller re-threading that context.
 */
export interface RequestContext {
  method: string;
  path: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly method: string;
  readonly path: string;
  /** The server's machine-readable code (spec 01 §8: `internalCode`), when it sent one. */
  readonly internalCode: string | undefined;
  /** The decoded error body, kept for callers that show field-level messages. */
  readonly body: unknown;
  /** Seconds the server asked to wait before trying again (its `Retry-After`), when it said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    message: string,
    init: RequestContext & {
      status: number;
      internalCode?: string | undefined;
      body?: unknown;
      retryAfterSeconds?: number | undefined;
    },
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.internalCode = init.internalCode;
    this.body = init.body;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** 401: the session is gone; the client has already sent the user to the login screen. */
export class UnauthorisedError extends ApiError {
  override readonly name = 'UnauthorisedError';
}

/** 403 (spec 01 §8: logged and thrown). */
export class ForbiddenError extends ApiError {
  override readonly name = 'ForbiddenError';
}

/** 404 (spec 01 §8: logged and thrown). */
export class NotFoundError extends ApiError {
  override readonly name = 'NotFoundError';
}

/** 409 (spec 01 §8: "thrown as a data conflict carrying internalCode and message"). */
export class DataConflictError extends ApiError {
  override readonly name: string = 'DataConflictError';
}

/**
 * 422. Spec 01 §8 lists 422 just before 409 and says "handling continues as below": after the
 * notification it is handled like a data conflict, so it is a `DataConflictError` (callers that
 * catch conflicts see both) with its own name and status.
 */
export class UnprocessableError extends DataConflictError {
  override readonly name = 'UnprocessableError';
}

/**
 * Another 4xx (408, 413, 415, 429…): the server refused and said why. Its message is the server's
 * (or the domain's `refusalText` when it sent none), for the screen where the action was taken.
 */
export class RefusedError extends ApiError {
  override readonly name = 'RefusedError';
}

/**
 * A 5xx, or no answer at all (status 0). Spec 01 §8 logs it as '[INTERNAL SERVER ERROR]'; that
 * label stays in the log, and the error says what a person can read: "There was an error on the
 * server…" or, with no answer, "The connection to Pando was lost…" (issue 35).
 */
export class ServerError extends ApiError {
  override readonly name = 'ServerError';
}

/** The server answered 2xx but the body does not match the domain's wire schema. */
export class ResponseShapeError extends ApiError {
  override readonly name = 'ResponseShapeError';
}

/**
 * Spec 01 §8: a 400 is "logged as '[BAD REQUEST]'; the call continues without a throw". The client
 * therefore resolves with this value instead of rejecting, so a form can show the field errors the
 * server named. `isBadRequest` narrows a result.
 */
export interface BadRequest {
  readonly kind: 'bad-request';
  readonly status: 400;
  readonly method: string;
  readonly path: string;
  readonly message: string;
  readonly internalCode: string | undefined;
  /** The decoded error body (the server's validation details name the offending fields). */
  readonly body: unknown;
}

export function isBadRequest(value: unknown): value is BadRequest {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'bad-request' &&
    (value as { status?: unknown }).status === 400
  );
}

/**
 * Thrown by query hooks (not by the client) when a GET comes back 400: a screen cannot render a
 * validation failure as data, so React Query's error state is the honest place for it.
 */
class BadRequestError extends ApiError {
  override readonly name = 'BadRequestError';
  constructor(bad: BadRequest) {
    super(bad.message, { ...bad });
  }
}

/** Returns the value, or throws `BadRequestError` when it is a 400 result. */
export function orThrowBadRequest<T>(value: T | BadRequest): T {
  if (isBadRequest(value)) throw new BadRequestError(value);
  return value;
}
