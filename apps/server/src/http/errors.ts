import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ApiError, validationError } from '@pando/domain';
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

export const unauthorized = () => new HttpError(401, 'You need to log in to do that.');
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found`);

/** Validates input with a domain wire schema; a failure is a 400 naming each bad field. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  statusCode = 400,
): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const body = validationError(result.error, statusCode);
    throw new HttpError(statusCode, body.message, body.details);
  }
  return result.data;
}

const SERVER_ERROR = 'There was an error on the server. The engineering team has been notified.';

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
        ? 'Invalid request: body is not valid JSON'
        : err.message;
    return reply.code(status).send({
      message,
      statusCode: status,
      details: [{ path: '(body)', message }],
    } satisfies ApiError);
  });
}
