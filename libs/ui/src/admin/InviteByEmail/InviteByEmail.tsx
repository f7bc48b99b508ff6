import { Button, Group, TextInput } from '@mantine/core';
import { IconFileImport, IconSend } from '@tabler/icons-react';
import { useState, type SyntheticEvent } from 'react';

export interface InviteByEmailProps {
  /** Sends one invitation; resolves true when it was sent (the input then clears). */
  onInvite: (email: string) => Promise<boolean>;
  /** Opens the CSV import (/manage/users/invitations/import). */
  onImport: () => void;
  /** Rescinds the selected invitations. */
  onRescind: () => void;
  /** Whether any invitation is selected (Rescind is disabled otherwise). */
  hasSelection: boolean;
  /** Generates a login code for the selected invitation (network admins; leave out to hide). */
  onGenerateCode?: () => void;
}

/** The invitations toolbar: an invite-by-email input, Import file, Rescind (spec 02 §2). */
export function InviteByEmail({
  onInvite,
  onImport,
  onRescind,
  hasSelection,
  onGenerateCode,
}: InviteByEmailProps) {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!value) return;
    setSending(true);
    onInvite(value)
      .then((sent) => {
        if (sent) setEmail('');
      })
      .catch(() => undefined)
      .finally(() => {
        setSending(false);
      });
  };
  return (
    <Group align="flex-end" wrap="wrap" gap="sm">
      <form onSubmit={submit} style={{ display: 'contents' }}>
        <TextInput
          label="Invite by email"
          type="email"
          placeholder="name@hospital.nhs.uk"
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
          }}
          style={{ flex: '1 1 220px' }}
        />
        <Button type="submit" loading={sending} leftSection={<IconSend size={16} aria-hidden />}>
          Invite
        </Button>
      </form>
      <Button
        variant="default"
        onClick={onImport}
        leftSection={<IconFileImport size={16} aria-hidden />}
      >
        Import file
      </Button>
      <Button variant="default" color="red" onClick={onRescind} disabled={!hasSelection}>
        Rescind
      </Button>
      {onGenerateCode && (
        <Button variant="default" onClick={onGenerateCode}>
          Generate code
        </Button>
      )}
    </Group>
  );
}
