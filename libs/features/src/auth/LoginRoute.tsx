import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LoginScreen, type LoginBanner } from '@pando/ui';
import { parseLoginMessage, safeRedirect } from '@pando/domain';
import { isLegacyBrowser } from './legacyBrowser';

export interface LoginRouteProps {
  /** Asks the server to email a login code. Resolves when the email is on its way. */
  requestCode: (email: string) => Promise<void>;
  /** Checks the code; resolves on success (the session cookie is set), rejects otherwise. */
  validateCode: (code: string) => Promise<void>;
  /** Where to go after a successful login (the `redirect` parameter, default `/`). */
  onLoggedIn: (redirect: string) => void;
  /** Opened at /validate: start at the code step (spec 01 §2 "Login"). @default 'email' */
  initialStep?: 'email' | 'code';
  /** Product name from the runtime configuration. */
  productName?: string;
}

/**
 * /login and /validate: the passwordless login flow around the presentational LoginScreen.
 * The calls themselves are injected so the screen runs against the real API, MSW or a story.
 */
export function LoginRoute({
  requestCode,
  validateCode,
  onLoggedIn,
  initialStep = 'email',
  productName,
}: LoginRouteProps) {
  const [params] = useSearchParams();
  const banner: LoginBanner | undefined = parseLoginMessage(params.get('msg')) ?? undefined;
  const redirect = safeRedirect(params.get('redirect'));
  const [step, setStep] = useState<'email' | 'code'>(initialStep);
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<'idle' | 'loading'>('idle');
  const [emailSentTo, setEmailSentTo] = useState<string>();
  const [codeError, setCodeError] = useState<string>();
  const [requestError, setRequestError] = useState<string>();

  const onRequestCode = (address: string) => {
    setStatus('loading');
    setRequestError(undefined);
    requestCode(address)
      .then(() => {
        setEmailSentTo(address);
        setStep('code');
      })
      .catch((error: unknown) => {
        setRequestError(error instanceof Error ? error.message : String(error));
      })
      .finally(() => {
        setStatus('idle');
      });
  };

  const onSubmitCode = (code: string) => {
    setStatus('loading');
    setCodeError(undefined);
    validateCode(code)
      .then(() => {
        onLoggedIn(redirect);
      })
      .catch((error: unknown) => {
        setCodeError(error instanceof Error ? error.message : 'Invalid code');
      })
      .finally(() => {
        setStatus('idle');
      });
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
      }}
      status={status}
      legacyBrowser={isLegacyBrowser(globalThis.navigator.userAgent)}
      {...(banner ? { banner } : {})}
      {...(emailSentTo ? { emailSentTo } : {})}
      {...(codeError ? { codeError } : {})}
      {...(requestError ? { requestError } : {})}
      {...(productName ? { productName } : {})}
    />
  );
}
