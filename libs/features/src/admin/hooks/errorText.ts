import { ForbiddenError, isBadRequest, ResponseShapeError, ServerError } from '@pando/data-access';
import { TEXTS } from '@pando/domain';

/**
 * What a failed admin call says on screen: the 403 text, the server's 400 message, or the error's
 * own sentence (the HTTP client's errors say what to do: the server's reason for a 4xx, "There
 * was an error on the server…" for a 5xx, "The connection to Pando was lost…" with no answer). An
 * answer the client could not read says so in words; its detail is in the log.
 */
export function errorText(error: unknown): string {
  if (error instanceof ForbiddenError) return TEXTS.forbidden;
  if (isBadRequest(error)) return error.message;
  if (error instanceof ResponseShapeError) return TEXTS.unreadableAnswer;
  // A list cannot be retried from its table: a server fault says when to come back.
  if (error instanceof ServerError && error.status >= 500)
    return `${error.message} ${TEXTS.tryAgainLater}`;
  if (error instanceof Error) return error.message;
  return TEXTS.serverError;
}
