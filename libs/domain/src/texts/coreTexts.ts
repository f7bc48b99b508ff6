/**
 * The texts the login route shows or logs (the central API handling, the login card, the
 * new-version screen): part of `TEXTS`, kept in their own module so the login route's JavaScript
 * carries these and not every text of the app (issue 16's budget of 100 KB gzip; issue 37). Use
 * them through `TEXTS` everywhere else.
 */
export const CORE_TEXTS = {
  // Central API handling (spec 01 §8, spec 02 §8)
  forbidden: 'You are not allowed to perform that action.',
  unprocessable: 'Your action could not be processed, please change what you sent and try again.',
  couldNotComplete:
    'Your action could not be completed, please change what you sent and try again.',
  serverError: 'There was an error on the server. The engineering team has been notified.',
  connectionLost: 'The connection to Pando was lost, please try again or refresh the browser',
  badRequestLog: '[BAD REQUEST]',
  internalServerErrorLog: '[INTERNAL SERVER ERROR]',
  /** Ours: a part of the app could not be downloaded, twice (after a redeploy). */
  newVersionAvailable: 'A new version of Pando is available.',
  newVersionReload: 'Reload the page to continue. Your messages are safe.',
  reload: 'Reload',
  /**
   * Ours (issue 35): what a refusal says when the server gave no reason of its own
   * (`refusalText`); a server's message is shown as it came.
   */
  requestTimedOut: 'Pando took too long to answer. Please try again.',
  tooLargeToSend: 'What you sent is too large. The limit is 25 Mb for a single file.',
  typeNotAccepted:
    'This file type is not accepted. Send a PDF, a Word document (docx) or an image.',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',

  // Login (spec 01 §8, spec 02 §8)
  invalidCode: 'Invalid code',
  noPermission: "You don't have permission to use the web application.",
  loggedOut: "You've been logged out.",
  /** Ours: the spec names "an unauthorised message" for a 401 on the code request. */
  unauthorisedLogin:
    "We couldn't find an account for that email. Sign up in the Pando mobile app first.",
  /** Ours: the spec names "an invalid-email-type message" for a 422 on the code request. */
  invalidEmailType: 'Please use your work email address.',
  /** Ours: the banner for msg=unauthorised. */
  unauthorisedBanner: 'Please log in to continue.',
} as const;

/** The login route's texts with placeholders: part of `textsWith`, for the same reason. */
export const CORE_TEXTS_WITH = {
  emailSent: (email: string) => `Email sent to ${email}`,
  /** Ours (issue 35): a 429 (`rateLimitedText`), the wait in words ("11 minutes"). */
  tooMany: (what: string, wait: string) => `Too many ${what}. Try again in ${wait}.`,
} as const;
