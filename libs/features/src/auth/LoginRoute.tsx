import { useEffect, useRef, useState } from 'react';
import { LoginScreen, type LoginBanner } from '@pando/ui';
import { isBadRequest, useLoginRequests } from '@pando/data-access';
import {
  normaliseLoginEmail,
  parseLoginMessage,
  POST_LOGIN_REDIRECT_DELAY_MS,
  safeRedirect,
} from '@pando/domain';
import { useAppServices } from '../common/AppServices';
import { isLegacyBrowser } from './legacyBrowser';
import { requestCodeErrorText, validateCodeError } from './loginErrors';

export interface LoginRouteProps {
  /** Opened at /validate: start at the code step (spec 01 §2 "Login"). @default 'email' */
  initialStep?: 'email' | 'code';
  /** The page's query string (`?msg=…&redirect=…`), from the router or `window.location`. */
  search: string;
  /** Goes to the (safe) redirect target after a successful login. */
  onLoggedIn: (redirect: string) => void;
  /** Told when the code step opens: the signed-in code can start downloading. */
  onCodeStep?: () => void;
}

/**
 * /login and /validate: the passwordless login flow (spec 01 §2, §4, §8) on the data-access auth
 * hooks. The `redirect` and `msg` query parameters are read here; a successful code check goes to
 * the redirect target about 100 ms later (spec 01 §9 "Post-login redirect delay"). It needs no
 * router: a first page load at /login renders it without one, so the router stays out of the
 * login route's JavaScript (issue 16, ≤ 100 KB gzip).
 */
export function LoginRoute({
  initialStep = 'email',
  search,
  onLoggedIn,
  onCodeStep,
}: LoginRouteProps) {
  const params = new URLSearchParams(search);
  const { productName, logger } = useAppServices();
  const banner: LoginBanner | undefined = parseLoginMessage(params.get('msg')) ?? undefined;
  const redirect = safeRedirect(params.get('redirect'));
  const [step, setStep] = useState<'email' | 'code'>(initialStep);
  const [email, setEmail] = useState('');
  const [emailSentTo, setEmailSentTo] = useState<string>();
  const [codeError, setCodeError] = useState<string>();
  const [requestError, setRequestError] = useState<string>();
  const calls = useLoginRequests();
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(
    () => () => {
      clearTimeout(redirectTimer.current);
    },
    [],
  );

  const onRequestCode = (address: string) => {
    setRequestError(undefined);
    const normalised = normaliseLoginEmail(address);
    calls.requestCode({ email: normalised }).then(
      (result) => {
        if (isBadRequest(result)) {
          setRequestError(requestCodeErrorText(result));
          return;
        }
        setEmailSentTo(normalised);
        setCodeError(undefined);
        setStep('code');
        onCodeStep?.();
      },
      (error: unknown) => {
        setRequestError(requestCodeErrorText(error));
      },
    );
  };

  const failCode = (error: unknown) => {
    const { text, invalidCode } = validateCodeError(error);
    if (invalidCode) logger.event('login_unsuccessful', { type: 'auth_code_invalid' });
    setCodeError(text);
  };

  const onSubmitCode = (code: string) => {
    setCodeError(undefined);
    calls.validateCode({ authorization_code: code }).then((result) => {
      if (isBadRequest(result)) {
        failCode(result);
        return;
      }
      redirectTimer.current = setTimeout(() => {
        onLoggedIn(redirect);
      }, POST_LOGIN_REDIRECT_DELAY_MS);
    }, failCode);
  };

  return (
    <LoginScreen
      step={step}
      email={email}
      onEmailChange={setEmail}
      onRequestCode={onRequestCode}
      onSubmitCode={onSubmitCode}
      onBack={() => {
        setStep('email');
        setCodeError(undefined);
      }}
      status={calls.pending ? 'loading' : 'idle'}
      legacyBrowser={isLegacyBrowser(globalThis.navigator.userAgent)}
      productName={productName}
      {...(banner ? { banner } : {})}
      {...(emailSentTo ? { emailSentTo } : {})}
      {...(codeError ? { codeError } : {})}
      {...(requestError ? { requestError } : {})}
    />
  );
}
