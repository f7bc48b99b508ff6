import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type SubmitEvent } from 'react';
import { shouldAutoSubmitCode } from '@pando/domain';
import { LOGIN_TEXT } from '../loginTexts';

export interface LoginCodeStepProps {
  /**
   * Called with the code exactly as typed (trimmed) once it is complete: automatically at 6
   * characters without a dash or 7 with one (spec 01 §5), or on Enter / the Log in button.
   * The caller removes dashes and lower-cases it before sending.
   */
  onSubmitCode: (code: string) => void;
  /** Returns to the email step. */
  onBack: () => void;
  /** `loading` while the code is being checked. */
  status: 'idle' | 'loading';
  /** Where the code was sent; shows "Email sent to {email}". */
  emailSentTo?: string;
  /** Shown under the code field, typically "Invalid code". */
  codeError?: string;
  /** Disables every control (legacy browser). @default false */
  disabled?: boolean;
  /** Initial value of the code field (stories, retries). @default '' */
  defaultCode?: string;
}

/** Step two of the passwordless login: the one-time code from the email. */
export function LoginCodeStep({
  onSubmitCode,
  onBack,
  status,
  emailSentTo,
  codeError,
  disabled = false,
  defaultCode = '',
}: LoginCodeStepProps) {
  const [code, setCode] = useState(defaultCode);
  const complete = shouldAutoSubmitCode(code.trim());

  const change = (next: string) => {
    setCode(next);
    // Submit on the keystroke that completes the code, not on every render while it stays
    // complete, so a rejected code is not re-sent until the person edits it.
    if (
      !shouldAutoSubmitCode(code.trim()) &&
      shouldAutoSubmitCode(next.trim()) &&
      status === 'idle' &&
      !disabled
    ) {
      onSubmitCode(next.trim());
    }
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (complete && status === 'idle' && !disabled) onSubmitCode(code.trim());
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {emailSentTo ? (
          // Long trust addresses have no spaces: break them rather than widen the form.
          <Text role="status" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {LOGIN_TEXT.emailSentTo(emailSentTo)}
          </Text>
        ) : null}
        <TextInput
          label={LOGIN_TEXT.codeLabel}
          description={LOGIN_TEXT.codeDescription}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={7}
          required
          value={code}
          onChange={(event) => {
            change(event.currentTarget.value);
          }}
          error={codeError}
          disabled={disabled}
          data-autofocus
          autoFocus
        />
        <Group justify="space-between" wrap="wrap-reverse">
          <Button variant="subtle" onClick={onBack} disabled={status === 'loading'}>
            {LOGIN_TEXT.back}
          </Button>
          <Button type="submit" disabled={!complete || disabled} loading={status === 'loading'}>
            {LOGIN_TEXT.verifyCode}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
