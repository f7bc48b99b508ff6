import type { LoginBanner } from './LoginScreen/LoginScreen';

/**
 * Banner texts for the login page's `msg` parameter. Spec 01 §8 quotes the forbidden and
 * logged-out wording; the unauthorised wording is not shown, so it says what happened and what to do.
 */
export const LOGIN_BANNER_TEXT: Record<LoginBanner, string> = {
  unauthorised: 'Please log in to continue.',
  forbidden: "You don't have permission to use the web application.",
  'logged-out': "You've been logged out.",
};

export const LOGIN_TEXT = {
  emailLabel: 'Email address',
  emailInvalid: 'Enter a valid work email address, for example name@hospital.org.',
  requestCode: 'Request code',
  codeLabel: 'Login code',
  codeDescription: 'Enter the code from the email we sent you.',
  verifyCode: 'Log in',
  back: 'Use a different email',
  invalidCode: 'Invalid code',
  emailSentTo: (email: string) => `Email sent to ${email}`,
  appStoreMessage: (productName: string) =>
    `Web sign-up isn't available: download the ${productName} app and sign up with your work email.`,
  legacyBrowser:
    'This browser is not supported. Open this page in a recent version of Chrome, Edge, Firefox or Safari to log in.',
} as const;
