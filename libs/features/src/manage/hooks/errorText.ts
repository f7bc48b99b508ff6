import { ForbiddenError, isBadRequest } from '@pando/data-access';
import { TEXTS } from '@pando/domain';

/** What a failed admin call says on screen: the 403 text, the server's 400 message, or the error. */
export function errorText(error: unknown): string {
  if (error instanceof ForbiddenError) return TEXTS.forbidden;
  if (isBadRequest(error)) return error.message;
  if (error instanceof Error) return error.message;
  return TEXTS.serverError;
}
