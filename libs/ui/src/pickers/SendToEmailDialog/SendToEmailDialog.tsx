import { Text } from '@mantine/core';
import { Dialog } from '../../common/Dialog';
import { EmailAddressForm } from './EmailAddressForm';

export interface SendToEmailDialogProps {
  /** Whether the dialog is open. */
  opened: boolean;
  /** Closes the dialog without sending. */
  onClose: () => void;
  /** Receives the trimmed, valid address. */
  onSend: (email: string) => void;
  /** The dialog's title. @default 'Send to email' */
  title?: string;
  /** A line explaining what will be sent. */
  description?: string;
  /** Pre-filled address. */
  defaultEmail?: string;
  /** Spinner on Send. @default false */
  sending?: boolean;
}

/** Asks for an email address (chat export, file by email), with the spec's validation. */
export function SendToEmailDialog({
  opened,
  onClose,
  onSend,
  title = 'Send to email',
  description,
  defaultEmail,
  sending = false,
}: SendToEmailDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={title}>
      {description ? (
        <Text size="sm" mb="sm">
          {description}
        </Text>
      ) : null}
      <EmailAddressForm
        onSend={onSend}
        onCancel={onClose}
        sending={sending}
        {...(defaultEmail !== undefined ? { defaultEmail } : {})}
      />
    </Dialog>
  );
}
