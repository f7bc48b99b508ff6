import { Alert, Anchor, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBrandApple,
  IconBrandGooglePlay,
  IconInfoCircle,
} from '@tabler/icons-react';
import { LOGIN_BANNER_TEXT, LOGIN_TEXT } from '../loginTexts';
import { LoginCodeStep } from './LoginCodeStep';
import { LoginEmailStep } from './LoginEmailStep';

import type { LoginMessage } from '@pando/domain';

/** The login page's `msg` query parameter (spec 01 §2, §5), as parsed by `parseLoginMessage`. */
export type LoginBanner = LoginMessage;

/**
 * Store pages for the mobile app. The spec does not give the store addresses, so these are the
 * stores' search pages for the product; deployments pass their own listing URLs.
 */
export const DEFAULT_APP_STORE_URL = 'https://apps.apple.com/search?term=Pando';
export const DEFAULT_GOOGLE_PLAY_URL = 'https://play.google.com/store/search?q=Pando&c=apps';

export interface LoginScreenProps {
  /** Which step of the passwordless login shows. */
  step: 'email' | 'code';
  /** The email field's value (controlled). */
  email: string;
  /** Called on every keystroke in the email field. */
  onEmailChange: (email: string) => void;
  /** Called with the trimmed email when the person requests a code with a valid address. */
  onRequestCode: (email: string) => void;
  /** Called with the complete code as typed (see `LoginCodeStep`). */
  onSubmitCode: (code: string) => void;
  /** Returns from the code step to the email step. */
  onBack: () => void;
  /** `loading` while a request (code request or code check) is in flight. */
  status: 'idle' | 'loading';
  /** Warning banner from the `msg` query parameter. */
  banner?: LoginBanner;
  /** Internet Explorer 11 or older: inputs are disabled and a notice explains why. @default false */
  legacyBrowser?: boolean;
  /** Shows "Email sent to {email}" on the code step. */
  emailSentTo?: string;
  /** Error under the code field, typically "Invalid code". */
  codeError?: string;
  /** Error from the code request (unauthorised, invalid email type, forbidden, other). */
  requestError?: string;
  /** The product's name, from runtime configuration. @default 'Pando' */
  productName?: string;
  /** App Store listing of the mobile app. @default DEFAULT_APP_STORE_URL */
  appStoreUrl?: string;
  /** Google Play listing of the mobile app. @default DEFAULT_GOOGLE_PLAY_URL */
  googlePlayUrl?: string;
  /**
   * The root element. The login page is the whole document, so it is the `main` landmark;
   * galleries that show several screens at once use `div`. @default 'main'
   */
  rootComponent?: 'main' | 'div';
}

/** The passwordless login page: email, then one-time code (spec 01 §2 "Login"). */
export function LoginScreen({
  step,
  email,
  onEmailChange,
  onRequestCode,
  onSubmitCode,
  onBack,
  status,
  banner,
  legacyBrowser = false,
  emailSentTo,
  codeError,
  requestError,
  productName = 'Pando',
  appStoreUrl = DEFAULT_APP_STORE_URL,
  googlePlayUrl = DEFAULT_GOOGLE_PLAY_URL,
  rootComponent = 'main',
}: LoginScreenProps) {
  return (
    <Center component={rootComponent} mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <Stack gap="lg">
          <Title order={1} size="h2">
            Log in to {productName}
          </Title>

          {banner ? (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
              <Text size="sm">{LOGIN_BANNER_TEXT[banner]}</Text>
            </Alert>
          ) : null}

          {legacyBrowser ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle aria-hidden />}
              title="Unsupported browser"
            >
              <Text size="sm">{LOGIN_TEXT.legacyBrowser}</Text>
            </Alert>
          ) : null}

          {requestError ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
              <Text size="sm">{requestError}</Text>
            </Alert>
          ) : null}

          {step === 'email' ? (
            <LoginEmailStep
              email={email}
              onEmailChange={onEmailChange}
              onRequestCode={onRequestCode}
              status={status}
              disabled={legacyBrowser}
            />
          ) : (
            <LoginCodeStep
              onSubmitCode={onSubmitCode}
              onBack={onBack}
              status={status}
              disabled={legacyBrowser}
              {...(emailSentTo !== undefined ? { emailSentTo } : {})}
              {...(codeError !== undefined ? { codeError } : {})}
            />
          )}

          <Alert
            color="gray"
            variant="light"
            icon={<IconInfoCircle aria-hidden />}
            title="New to the app?"
          >
            <Stack gap="xs">
              <Text size="sm">{LOGIN_TEXT.appStoreMessage(productName)}</Text>
              <Group gap="md">
                <Anchor href={appStoreUrl} target="_blank" rel="noopener noreferrer" size="sm">
                  <Group gap={4} component="span" wrap="nowrap">
                    <IconBrandApple size={16} aria-hidden />
                    App Store
                  </Group>
                </Anchor>
                <Anchor href={googlePlayUrl} target="_blank" rel="noopener noreferrer" size="sm">
                  <Group gap={4} component="span" wrap="nowrap">
                    <IconBrandGooglePlay size={16} aria-hidden />
                    Google Play
                  </Group>
                </Anchor>
              </Group>
            </Stack>
          </Alert>
        </Stack>
      </Paper>
    </Center>
  );
}
