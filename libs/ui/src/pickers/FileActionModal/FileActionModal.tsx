import { Button, SegmentedControl, Stack, Text } from '@mantine/core';
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
}

/** Spec 01 §2 file-action modal: download, or email with an address field. */
export function FileActionModal({
  file,
  onClose,
  onDownload,
  onEmail,
  defaultEmail,
  busy = false,
}: FileActionModalProps) {
  const [mode, setMode] = useState<'download' | 'email'>('download');
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
