/** Auth code length (spec 01 §9): 6, or 7 with the display dash. */
export const AUTH_CODE_LENGTH = 6;
export const AUTH_CODE_LENGTH_WITH_DASH = 7;
/**
 * How long an emailed login code works, in minutes: the server's default (its config
 * LOGIN_CODE_MINUTES; a deployment may set another).
 */
export const LOGIN_CODE_MINUTES = 10;
/**
 * Wrong guesses after which a login code is dead, even for the right code (issue 4): the
 * server's MAX_CODE_ATTEMPTS.
 */
export const MAX_LOGIN_CODE_ATTEMPTS = 5;
/** Post-login redirect delay (spec 01 §9). */
export const POST_LOGIN_REDIRECT_DELAY_MS = 100;
/** Login banner reasons (spec 01 §2, §5). */
export const LOGIN_MESSAGES = ['unauthorised', 'forbidden', 'logged-out'] as const;
/** Default post-login target (spec 01 §2). */
export const DEFAULT_REDIRECT = '/';
