import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ApiError, fieldError, validationError, TEXTS, textsWith } from '@pando/domain';
import type { z } from 'zod';

/** An error with the API's one shape `{ message, statusCode, details?, internalCode? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: ApiError['details'],
    readonly internalCode?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): ApiError {
    return {
      message: this.message,
      statusCode: this.statusCode,
      ...(this.details === undefined ? {} : { details: this.details }),
      ...(this.internalCode === undefined ? {} : { internalCode: this.internalCode }),
    };
  }
}

export const unauthorized = () => new HttpError(401, TEXTS.needLogin);
export const notFound = (what = 'Resource') => new HttpError(404, textsWith.notFound(what));

/**
 * The path of the first text holding U+0000 in an input (`patient.first_name`, `tasks.0.title`;
 * `(input)` for a bare string), or undefined. PostgreSQL text and jsonb cannot store it, so it
 * answered 500 from deep in a query (issue 36); every schema-checked input is refused up front.
 */
export function nulField(value: unknown, path: string[] = []): string | undefined {
  const here = () => (path.length > 0 ? path.join('.') : '(input)');
  if (typeof value === 'string') return value.includes('\u0000') ? here() : undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulField(item, [...path, String(i)]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '\\u0000')].join('.');
      const found = nulField(item, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** An HttpError carrying a body the domain built (`fieldError`, a `decide…` refusal). */
export const fromApiError = (error: ApiError) =>
  new HttpError(error.statusCode, error.message, error.details, error.internalCode);

/** 400 naming a field, in the API's one error shape (domain `fieldError`). */
export const badField = (path: string, message: string) => fromApiError(fieldError(path, message));

/** The 400 of an input holding U+0000 at `path`. */
export const nulError = (path: string) =>
  badField(path, 'must not contain the NUL character (U+0000)');

/** Validates input with a domain wire schema; a failure is a 400 naming each bad field. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  statusCode = 400,
): z.output<S> {
  const nul = nulField(value);
  if (nul !== undefined) throw nulError(nul);
  const result = schema.safeParse(value);
  if (!result.success) {
    const body = validationError(result.error, statusCode);
    throw new HttpError(statusCode, body.message, body.details);
  }
  return result.data;
}

const SERVER_ERROR = TEXTS.serverError;

/** Maps every thrown error to the one error shape; internals of a 500 never reach the client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof HttpError) {
      if (err.statusCode >= 500) req.log.error({ err }, 'request failed');
      return reply.code(err.statusCode).headers(err.headers).send(err.toBody());
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'unhandled error');
      return reply.code(500).send({ message: SERVER_ERROR, statusCode: 500 } satisfies ApiError);
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type): keep the
    // status, say what was wrong, never leak a stack.
    const message =
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
        ? TEXTS.bodyNotJson
        : err.message;
    return reply.code(status).send({
      message,
      statusCode: status,
      details: [{ path: '(body)', message }],
    } satisfies ApiError);
  });
}
