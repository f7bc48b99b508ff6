import { Button, Group, TextInput } from '@mantine/core';
import { isSendToEmailValid } from '@pando/domain';
import { useState, type SubmitEvent } from 'react';

export interface EmailAddressFormProps {
  /** Receives the trimmed address. */
  onSend: (email: string) => void;
  /** Goes back without sending. */
  onCancel: () => void;
  /** Pre-filled address (usually the user's own). @default '' */
  defaultEmail?: string;
  /** Spinner on Send. @default false */
  sending?: boolean;
  /** Send button text. @default 'Send' */
  sendLabel?: string;
}

/**
 * Spec 01 §5 send-to-email: trimmed; must contain @ and a dot with the @ before the last dot;
 * otherwise Send is disabled.
 */
export function EmailAddressForm({
  onSend,
  onCancel,
  defaultEmail = '',
  sending = false,
  sendLabel = 'Send',
}: EmailAddressFormProps) {
  const [email, setEmail] = useState(defaultEmail);
  const valid = isSendToEmailValid(email);
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (valid && !sending) onSend(email.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextInput
        label="Email address"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => {
          setEmail(event.currentTarget.value);
        }}
        error={
          email.trim() !== '' && !valid ? 'Enter an address like name@hospital.org' : undefined
        }
        data-autofocus
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!valid} loading={sending}>
          {sendLabel}
        </Button>
      </Group>
    </form>
  );
}
