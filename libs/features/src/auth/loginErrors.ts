import { ApiError, isBadRequest } from '@pando/data-access';
import { TEXTS } from '@pando/domain';

/**
 * Spec 01 §8 "Login / Request code": 401 shows an unauthorised message, 422 an invalid-email-type
 * message, 403 a forbidden message; anything else shows the error's own message.
 */
export function requestCodeErrorText(error: unknown): string {
  const status = statusOf(error);
  if (status === 401) return TEXTS.unauthorisedLogin;
  if (status === 422) return TEXTS.invalidEmailType;
  if (status === 403) return TEXTS.noPermission;
  if (isBadRequest(error)) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Spec 01 §8 "Login / Code validation": a status from 400 to 500 shows the invalid-code warning
 * (and logs login_unsuccessful of type auth_code_invalid); otherwise the error's message shows.
 */
export function validateCodeError(error: unknown): { text: string; invalidCode: boolean } {
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status <= 500) {
    return { text: TEXTS.invalidCode, invalidCode: true };
  }
  return { text: error instanceof Error ? error.message : String(error), invalidCode: false };
}

function statusOf(error: unknown): number | undefined {
  if (isBadRequest(error)) return 400;
  if (error instanceof ApiError && error.status > 0) return error.status;
  return undefined;
}
