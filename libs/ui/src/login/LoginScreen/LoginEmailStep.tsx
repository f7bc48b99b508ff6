import { Button, Stack, TextInput } from '@mantine/core';
import type { SubmitEvent } from 'react';
import { isLoginEmailValid } from '@pando/domain';
import { LOGIN_TEXT } from '../loginTexts';

export interface LoginEmailStepProps {
  /** The email as typed (the caller lower-cases it before sending, spec 01 §5). */
  email: string;
  /** Called on every keystroke with the new value. */
  onEmailChange: (email: string) => void;
  /** Called with the trimmed email when the person asks for a code with a valid address. */
  onRequestCode: (email: string) => void;
  /** `loading` while the code request is in flight: the button spins and ignores clicks. */
  status: 'idle' | 'loading';
  /** Disables every control (legacy browser, spec 01 §2). @default false */
  disabled?: boolean;
}

/** Step one of the passwordless login: the work email, validated as the person types. */
export function LoginEmailStep({
  email,
  onEmailChange,
  onRequestCode,
  status,
  disabled = false,
}: LoginEmailStepProps) {
  const valid = isLoginEmailValid(email);
  // Warn only once something is typed: an empty field is not a mistake yet.
  const showWarning = email.trim().length > 0 && !valid;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (valid && status === 'idle' && !disabled) onRequestCode(email.trim());
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={LOGIN_TEXT.emailLabel}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => {
            onEmailChange(event.currentTarget.value);
          }}
          error={showWarning ? LOGIN_TEXT.emailInvalid : undefined}
          disabled={disabled}
          data-autofocus
        />
        <Button
          type="submit"
          disabled={!valid || disabled}
          loading={status === 'loading'}
          fullWidth
        >
          {LOGIN_TEXT.requestCode}
        </Button>
      </Stack>
    </form>
  );
}
