import { ApiError, isBadRequest } from '@pando/data-access';
import {
  requestCodeErrorText as requestCodeText,
  validateCodeError as validateCodeRule,
} from '@pando/domain';

/**
 * The login screen's errors through the domain's rules (spec 01 §8 "Login", `statusHandling.ts`):
 * these only read the status and message off whatever the HTTP client returned or threw.
 */
export function requestCodeErrorText(error: unknown): string {
  const retryAfter = error instanceof ApiError ? error.retryAfterSeconds : undefined;
  return requestCodeText(statusOf(error) ?? 0, messageOf(error), retryAfter);
}

/** Spec 01 §8 "Code validation": the text, and whether it is the invalid-code case (logged). */
export function validateCodeError(error: unknown): { text: string; invalidCode: boolean } {
  const { text, logEvent } = validateCodeRule(statusOf(error) ?? 0, messageOf(error));
  return { text, invalidCode: logEvent !== null };
}

function statusOf(error: unknown): number | undefined {
  if (isBadRequest(error)) return 400;
  if (error instanceof ApiError && error.status > 0) return error.status;
  return undefined;
}

function messageOf(error: unknown): string {
  if (isBadRequest(error)) return error.message;
  return error instanceof Error ? error.message : String(error);
}
