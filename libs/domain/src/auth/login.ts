import {
  AUTH_CODE_LENGTH,
  AUTH_CODE_LENGTH_WITH_DASH,
  DEFAULT_REDIRECT,
  LOGIN_MESSAGES,
} from './constants';

export type LoginMessage = (typeof LOGIN_MESSAGES)[number];

/** Spec 01 §5: the login email must contain '@' and '.'. */
export function isLoginEmailValid(email: string): boolean {
  return email.includes('@') && email.includes('.');
}

/** Spec 01 §5: the email is lower-cased before sending (trimmed too: pasted addresses carry spaces). */
export function normaliseLoginEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Spec 01 §5: auto-submit at 6 characters without a dash, or 7 with one. */
export function shouldAutoSubmitCode(code: string): boolean {
  return code.includes('-')
    ? code.length === AUTH_CODE_LENGTH_WITH_DASH
    : code.length === AUTH_CODE_LENGTH;
}

/** Spec 01 §5: dashes are removed and the code lower-cased before sending. */
export function normaliseAuthCode(code: string): string {
  return code.replace(/-/g, '').trim().toLowerCase();
}

/** Spec 02 §5: code display is 3 characters, a dash, 3 characters, upper case. */
export function formatAuthCode(code: string): string {
  const clean = normaliseAuthCode(code).toUpperCase();
  return clean.length > 3 ? `${clean.slice(0, 3)}-${clean.slice(3)}` : clean;
}

/** Spec 01 §5: msg must be one of unauthorised, forbidden, logged-out; anything else is dropped. */
export function parseLoginMessage(value: string | null | undefined): LoginMessage | null {
  return (LOGIN_MESSAGES as readonly string[]).includes(value ?? '')
    ? (value as LoginMessage)
    : null;
}

/**
 * The redirect target after login (default '/'). Only same-origin absolute paths are honoured:
 * `//evil.example` or `https://…` would turn the login page into an open redirect. Control
 * characters and whitespace are refused anywhere in the value: URL parsing drops tabs and
 * newlines, so `/\t/evil.example` would become `//evil.example` (issue 14, finding 11).
 */
export function safeRedirect(value: string | null | undefined): string {
  if (
    !value ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\') ||
    // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
    /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]/.test(
      value,
    )
  ) {
    return DEFAULT_REDIRECT;
  }
  if (value.startsWith('/login') || value.startsWith('/validate')) return DEFAULT_REDIRECT;
  return value;
}

/** The URL a 401 sends the user to (spec 01 §4, §8). */
export function loginUrl(msg: LoginMessage, redirect?: string): string {
  const params = new URLSearchParams({ msg });
  const target = safeRedirect(redirect);
  if (target !== DEFAULT_REDIRECT) params.set('redirect', target);
  return `/login?${params.toString()}`;
}

/** Spec 01 §2: paths starting with /login show the login screen; /validate opens at the code step. */
export function loginStepForPath(pathname: string): 'email' | 'code' | null {
  if (pathname.startsWith('/validate')) return 'code';
  if (pathname.startsWith('/login')) return 'email';
  return null;
}
