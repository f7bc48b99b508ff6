import { CORE_TEXTS, CORE_TEXTS_WITH } from '@pando/domain';
import type { LoginBanner } from './LoginScreen/LoginScreen';

/** Banner texts for the login page's `msg` parameter, from the domain's text catalogue. */
export const LOGIN_BANNER_TEXT: Record<LoginBanner, string> = {
  unauthorised: CORE_TEXTS.unauthorisedBanner,
  forbidden: CORE_TEXTS.noPermission,
  'logged-out': CORE_TEXTS.loggedOut,
};

export const LOGIN_TEXT = {
  emailLabel: 'Email address',
  emailInvalid: 'Enter a valid work email address, for example name@hospital.org.',
  requestCode: 'Request code',
  codeLabel: 'Login code',
  codeDescription: 'Enter the code from the email we sent you.',
  verifyCode: 'Log in',
  back: 'Use a different email',
  invalidCode: CORE_TEXTS.invalidCode,
  emailSentTo: CORE_TEXTS_WITH.emailSent,
  appStoreMessage: (productName: string) =>
    `Web sign-up isn't available: download the ${productName} app and sign up with your work email.`,
  legacyBrowser:
    'This browser is not supported. Open this page in a recent version of Chrome, Edge, Firefox or Safari to log in.',
} as const;
