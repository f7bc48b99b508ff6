import { TEXTS } from '../texts/texts';
import { INTERNAL_CODES } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Spec 01 §8 central API handling, as data: what the HTTP client does for a status.
 * - `continue`: return the body without throwing (400, logged '[BAD REQUEST]').
 * - `logout`: go to /login?msg=logged-out (401; an access_token_invalid event is logged).
 * - `throw`: throw; `notify` is the notification text for non-GET calls, if any.
 * - `conflict`: throw a data conflict carrying internalCode and message (409).
 */
export type StatusHandling =
  | { action: 'ok' }
  | { action: 'continue'; log: string }
  | { action: 'logout' }
  | { action: 'throw'; notify: string | null; log: string | null }
  | { action: 'conflict' };

export function statusHandling(status: number, method: HttpMethod): StatusHandling {
  const mutating = method !== 'GET';
  if (status < 400) return { action: 'ok' };
  if (status === 400) return { action: 'continue', log: TEXTS.badRequestLog };
  if (status === 401) return { action: 'logout' };
  if (status === 403)
    return { action: 'throw', notify: mutating ? TEXTS.forbidden : null, log: null };
  if (status === 404) return { action: 'throw', notify: null, log: null };
  if (status === 409) return { action: 'conflict' };
  if (status === 422) {
    return { action: 'throw', notify: mutating ? TEXTS.unprocessable : null, log: null };
  }
  return {
    action: 'throw',
    notify: mutating ? TEXTS.serverError : null,
    log: TEXTS.internalServerErrorLog,
  };
}

/**
 * Spec 01 §8 login, request code: 401 unauthorised message, 422 invalid-email-type message,
 * 403 forbidden message, anything else the error's own message.
 */
export function requestCodeErrorText(status: number, message: string): string {
  if (status === 401) return TEXTS.unauthorisedLogin;
  if (status === 422) return TEXTS.invalidEmailType;
  if (status === 403) return TEXTS.noPermission;
  return message;
}

/**
 * Spec 01 §8 code validation: a status from 400 to 500 shows 'Invalid code' and logs
 * login_unsuccessful of type auth_code_invalid; otherwise the error's message shows.
 */
export function validateCodeError(
  status: number,
  message: string,
): { text: string; logEvent: { event: 'login_unsuccessful'; type: 'auth_code_invalid' } | null } {
  if (status >= 400 && status <= 500) {
    return {
      text: TEXTS.invalidCode,
      logEvent: { event: 'login_unsuccessful', type: 'auth_code_invalid' },
    };
  }
  return { text: message, logEvent: null };
}

/** Spec 01 §8: ADVICE_TEAM_NOT_ACTIVE on chat-room lookups is ignored (info log only). */
export function isIgnoredChatRoomError(internalCode: string | null | undefined): boolean {
  return internalCode === INTERNAL_CODES.ADVICE_TEAM_NOT_ACTIVE;
}

/** The banner of the login page for its msg parameter (spec 01 §2, §8). */
export function loginBannerText(
  msg: 'unauthorised' | 'forbidden' | 'logged-out' | null,
): string | null {
  switch (msg) {
    case 'logged-out':
      return TEXTS.loggedOut;
    case 'forbidden':
      return TEXTS.noPermission;
    case 'unauthorised':
      return TEXTS.unauthorisedBanner;
    default:
      return null;
  }
}
