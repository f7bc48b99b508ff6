import { CORE_TEXTS, CORE_TEXTS_WITH } from '../texts/coreTexts';
import { INTERNAL_CODES } from './internalCodes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Spec 01 §8 central API handling, as data: what the HTTP client does for a status.
 * - `continue`: return the body without throwing (400, logged '[BAD REQUEST]').
 * - `logout`: go to /login?msg=logged-out (401; an access_token_invalid event is logged).
 * - `throw`: throw; `notify` is the notification text for non-GET calls, if any; `text` is what
 *   the thrown error says (a person reads it on screen), `null` for the server's own message.
 * - `conflict`: throw a data conflict carrying internalCode and message (409).
 * Status 0 stands for no answer at all (the request never reached the server).
 *
 * Decision (issue 35, libs/data-access/README.md "Errors a person can act on"): the spec's
 * "anything else" row described statuses the original server never sent besides 5xx. A 4xx the
 * table does not name (408, 413, 415, 429…) is the server refusing with a reason a person can
 * act on: its message (`message`, or `refusalText` when it sent none) is thrown, and notified
 * for non-GET, and nothing claims a server fault. Only a 5xx notifies "the engineering team has
 * been notified"; '[INTERNAL SERVER ERROR]' is its log label, never a text on screen.
 */
export type StatusHandling =
  | { action: 'ok' }
  | { action: 'continue'; log: string }
  | { action: 'logout' }
  | { action: 'throw'; notify: string | null; log: string | null; text: string | null }
  | { action: 'conflict' };

export function statusHandling(
  status: number,
  method: HttpMethod,
  internalCode?: string | null,
  message?: string | null,
): StatusHandling {
  const mutating = method !== 'GET';
  if (status === 0) {
    // No answer at all (the network, not the server): logged like a server error, but what a
    // person reads is that the connection was lost, not that engineers were told.
    return {
      action: 'throw',
      notify: mutating ? CORE_TEXTS.connectionLost : null,
      log: CORE_TEXTS.internalServerErrorLog,
      text: CORE_TEXTS.connectionLost,
    };
  }
  if (status < 400) return { action: 'ok' };
  if (status === 400) return { action: 'continue', log: CORE_TEXTS.badRequestLog };
  if (status === 401) return { action: 'logout' };
  if (status === 403) {
    // FEATURE_NOT_ENABLED has its own notice, shown by the screen that knows which feature
    // (spec 02 §8); the generic "not allowed" beside it said something else.
    const own = internalCode === INTERNAL_CODES.FEATURE_NOT_ENABLED;
    return {
      action: 'throw',
      notify: mutating && !own ? CORE_TEXTS.forbidden : null,
      log: null,
      text: null,
    };
  }
  if (status === 404) return { action: 'throw', notify: null, log: null, text: null };
  if (status === 409) return { action: 'conflict' };
  if (status === 422) {
    return {
      action: 'throw',
      notify: mutating ? CORE_TEXTS.unprocessable : null,
      log: null,
      text: null,
    };
  }
  if (isRefusal(status)) {
    // The server's reason, wherever the call was made from (a screen that shows it beside the
    // action asks the client not to repeat it: `showsRefusal`).
    const reason = message?.trim() ? message : refusalText(status);
    return { action: 'throw', notify: mutating ? reason : null, log: null, text: null };
  }
  return {
    action: 'throw',
    notify: mutating ? CORE_TEXTS.serverError : null,
    log: CORE_TEXTS.internalServerErrorLog,
    text: CORE_TEXTS.serverError,
  };
}

/** The 4xx statuses spec 01 §8 names; any other 4xx is a refusal with a reason. */
const NAMED_4XX: ReadonlySet<number> = new Set([400, 401, 403, 404, 409, 422]);

/** A 4xx the status table does not name: the server refused with a reason (413, 415, 429…). */
export function isRefusal(status: number): boolean {
  return status >= 400 && status < 500 && !NAMED_4XX.has(status);
}

/**
 * What a refusal says when the server sent no message of its own: a sentence for the statuses a
 * person can do something about, else "change what you sent" (spec 02 §8's wording).
 */
export function refusalText(status: number): string {
  switch (status) {
    case 408:
      return CORE_TEXTS.requestTimedOut;
    case 413:
      return CORE_TEXTS.tooLargeToSend;
    case 415:
      return CORE_TEXTS.typeNotAccepted;
    case 429:
      return CORE_TEXTS.tooManyRequests;
    default:
      return CORE_TEXTS.couldNotComplete;
  }
}

/**
 * A wait as a person says it: "45 seconds", "11 minutes", "1 hour and 5 minutes". Rounded up, so
 * whoever waits as long as told is let in (603 s → "11 minutes").
 */
export function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const unit = (n: number, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;
  if (s < 60) return unit(s, 'second');
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} and ${unit(rest, 'minute')}`;
}

/** A 429's sentence ("Too many login attempts. Try again in 11 minutes."); server and client. */
export function rateLimitedText(what: string, retryAfterSeconds: number): string {
  return CORE_TEXTS_WITH.tooMany(what, waitInWords(retryAfterSeconds));
}

/**
 * Spec 01 §8 login, request code: 401 unauthorised message, 422 invalid-email-type message,
 * 403 forbidden message, anything else the error's own message. A lockout (429) says how long
 * to wait, from the server's Retry-After when it sent one (issue 35).
 */
export function requestCodeErrorText(
  status: number,
  message: string,
  retryAfterSeconds?: number | null,
): string {
  if (status === 401) return CORE_TEXTS.unauthorisedLogin;
  if (status === 422) return CORE_TEXTS.invalidEmailType;
  if (status === 403) return CORE_TEXTS.noPermission;
  if (status === 429 && retryAfterSeconds != null && retryAfterSeconds > 0)
    return rateLimitedText(LOGIN_ATTEMPTS, retryAfterSeconds);
  return message;
}

/** What the login lockout counts (the server's 429 and the client's text say the same). */
export const LOGIN_ATTEMPTS = 'login attempts';

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
      text: CORE_TEXTS.invalidCode,
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
      return CORE_TEXTS.loggedOut;
    case 'forbidden':
      return CORE_TEXTS.noPermission;
    case 'unauthorised':
      return CORE_TEXTS.unauthorisedBanner;
    default:
      return null;
  }
}
