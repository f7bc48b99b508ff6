import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoginScreen, type LoginBanner } from '@pando/ui';
import {
  isBadRequest,
  useRequestLoginCodeMutation,
  useValidateLoginCodeMutation,
} from '@pando/data-access';
import {
  normaliseLoginEmail,
  parseLoginMessage,
  POST_LOGIN_REDIRECT_DELAY_MS,
  safeRedirect,
} from '@pando/domain';
import { useAppServices } from '../shell/services/AppServices';
import { isLegacyBrowser } from './legacyBrowser';
import { requestCodeErrorText, validateCodeError } from './loginErrors';

export interface LoginRouteProps {
  /** Opened at /validate: start at the code step (spec 01 §2 "Login"). @default 'email' */
  initialStep?: 'email' | 'code';
  /**
   * Where to go after a successful login. By default the router navigates there; the app may
   * prefer a full page load.
   */
  onLoggedIn?: (redirect: string) => void;
}

/**
 * /login and /validate: the passwordless login flow (spec 01 §2, §4, §8) on the data-access auth
 * hooks. The `redirect` and `msg` query parameters are read here; a successful code check goes to
 * the redirect target about 100 ms later (spec 01 §9 "Post-login redirect delay").
 */
export function LoginRoute({ initialStep = 'email', onLoggedIn }: LoginRouteProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { productName, logger } = useAppServices();
  const banner: LoginBanner | undefined = parseLoginMessage(params.get('msg')) ?? undefined;
  const redirect = safeRedirect(params.get('redirect'));
  const [step, setStep] = useState<'email' | 'code'>(initialStep);
  const [email, setEmail] = useState('');
  const [emailSentTo, setEmailSentTo] = useState<string>();
  const [codeError, setCodeError] = useState<string>();
  const [requestError, setRequestError] = useState<string>();
  const requestCode = useRequestLoginCodeMutation();
  const validateCode = useValidateLoginCodeMutation();
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
    requestCode.mutate(
      { email: normalised },
      {
        onSuccess: (result) => {
          if (isBadRequest(result)) {
            setRequestError(requestCodeErrorText(result));
            return;
          }
          setEmailSentTo(normalised);
          setCodeError(undefined);
          setStep('code');
        },
        onError: (error) => {
          setRequestError(requestCodeErrorText(error));
        },
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
    validateCode.mutate(
      { authorization_code: code },
      {
        onSuccess: (result) => {
          if (isBadRequest(result)) {
            failCode(result);
            return;
          }
          redirectTimer.current = setTimeout(() => {
            if (onLoggedIn) onLoggedIn(redirect);
            else void navigate(redirect, { replace: true });
          }, POST_LOGIN_REDIRECT_DELAY_MS);
        },
        onError: failCode,
      },
    );
  };

  const loading = requestCode.isPending || validateCode.isPending;
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
      status={loading ? 'loading' : 'idle'}
      legacyBrowser={isLegacyBrowser(globalThis.navigator.userAgent)}
      productName={productName}
      {...(banner ? { banner } : {})}
      {...(emailSentTo ? { emailSentTo } : {})}
      {...(codeError ? { codeError } : {})}
      {...(requestError ? { requestError } : {})}
    />
  );
}
