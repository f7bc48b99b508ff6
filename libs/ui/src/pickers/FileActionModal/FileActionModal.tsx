import { Alert, Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { formatFileSize, type FileShare } from '@pando/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '../../common/Dialog';
import { EmailAddressForm } from '../SendToEmailDialog';

export interface FileActionModalProps {
  /** The file to act on; the dialog is open while set. */
  file: FileShare | null;
  /** Closes the dialog without an action. */
  onClose: () => void;
  /** Downloads the file to the device. */
  onDownload: (file: FileShare) => void;
  /** Emails the file to the address. */
  onEmail: (file: FileShare, email: string) => void;
  /** Pre-filled address (the user's own). */
  defaultEmail?: string;
  /** Spinner while the action runs. @default false */
  busy?: boolean;
  /** Which action shows first (the email form when reopened after a failed send). @default 'download' */
  defaultMode?: 'download' | 'email';
  /**
   * How the last action ended, in spec 01 §8's words (domain `textsWith`): "Download failed:
   * {reason}", "Error sending email: {status text}", "Email sent successfully: {message}", or the
   * note that the file will be downloaded to the device. Errors are announced assertively.
   */
  outcome?: { kind: 'error' | 'success'; message: string };
}

/**
 * Spec 01 §2 file-action modal: download, or email with an address field; the outcome of the last
 * action shows above the choice (spec 01 §8 texts).
 */
export function FileActionModal({
  file,
  onClose,
  onDownload,
  onEmail,
  defaultEmail,
  busy = false,
  defaultMode = 'download',
  outcome,
}: FileActionModalProps) {
  const [mode, setMode] = useState<'download' | 'email'>(defaultMode);
  return (
    <Dialog opened={file !== null} onClose={onClose} title="Download or email">
      {file ? (
        <Stack gap="md">
          <div>
            <Text fw={600} dir="auto" style={{ overflowWrap: 'anywhere' }}>
              {file.filename}
            </Text>
            <Text size="sm" c="dimmed">
              {formatFileSize(file.size)}
            </Text>
          </div>
          {outcome ? (
            <Alert
              color={outcome.kind === 'error' ? 'red' : 'teal'}
              variant="light"
              p="xs"
              role={outcome.kind === 'error' ? 'alert' : 'status'}
            >
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {outcome.message}
              </Text>
            </Alert>
          ) : null}
          <SegmentedControl
            value={mode}
            onChange={(value) => {
              setMode(value === 'email' ? 'email' : 'download');
            }}
            data={[
              { value: 'download', label: 'Download' },
              { value: 'email', label: 'Email' },
            ]}
            aria-label="Action"
          />
          {mode === 'download' ? (
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={busy}
              onClick={() => {
                onDownload(file);
              }}
            >
              Download to this device
            </Button>
          ) : (
            <EmailAddressForm
              onSend={(email) => {
                onEmail(file, email);
              }}
              onCancel={onClose}
              sending={busy}
              {...(defaultEmail !== undefined ? { defaultEmail } : {})}
            />
          )}
        </Stack>
      ) : null}
    </Dialog>
  );
}
