import { Alert, Anchor, Badge, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { INVITE_ROW_STATUSES, type InviteImportRow } from '@pando/domain';
import { IconUpload } from '@tabler/icons-react';
import { AdminTable, type AdminColumn } from '../AdminTable';

export interface InviteImportPreviewProps {
  /** The parsed rows with their Status (spec 02 §4); empty before a file is chosen. */
  rows: readonly InviteImportRow[];
  /** The file's name, once one is chosen. */
  fileName?: string | null;
  /** A CSV file was chosen. */
  onFile: (file: File) => void;
  /** The selection changed (emails of the rows to send). */
  onSelectionChange: (emails: string[]) => void;
  /** Sends the selected rows, one invitation each. */
  onSend: () => void;
  /** Leaves the import (back to the invitations). */
  onCancel: () => void;
  /** Invitations are being sent. @default false */
  sending?: boolean;
  /** Why sending stopped early (FEATURE_NOT_ENABLED stops the import, spec 02 §8). */
  stoppedReason?: string | null;
  /** A link to a template CSV whose first row is the placeholder address. */
  templateHref?: string;
}

const STATUS_COLOURS: Record<string, string> = {
  [INVITE_ROW_STATUSES.NOT_SENT]: 'gray.7',
  [INVITE_ROW_STATUSES.INVALID]: 'grape.9',
  [INVITE_ROW_STATUSES.SENT]: 'teal.9',
  [INVITE_ROW_STATUSES.ALREADY_INVITED]: 'blue.9',
  [INVITE_ROW_STATUSES.ERROR]: 'red.9',
};

/**
 * /manage/users/invitations/import (spec 02 §2): choose a CSV (emails in the first column, a
 * header row), see each address with its Status — "Not Sent" or "Does not look like a valid email"
 * before sending, then "Sent successfully", "Already invited" or "Error, unable to send the
 * invitation" — and Send or Cancel. Invalid addresses are not pre-selected.
 */
export function InviteImportPreview({
  rows,
  fileName = null,
  onFile,
  onSelectionChange,
  onSend,
  onCancel,
  sending = false,
  stoppedReason = null,
  templateHref,
}: InviteImportPreviewProps) {
  const ids = new Map(rows.map((r, i) => [r.email, i + 1]));
  const columns: AdminColumn<InviteImportRow>[] = [
    { key: 'email', header: 'Email', render: (r) => r.email },
    {
      key: 'status',
      header: 'Status',
      render: (r) => (
        <Badge variant="filled" color={STATUS_COLOURS[r.status] ?? 'gray.7'} tt="none">
          {r.status}
        </Badge>
      ),
    },
  ];
  const selected = rows.filter((r) => r.selected);
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="center">
        <FileButton
          onChange={(f) => {
            if (f) onFile(f);
          }}
          accept=".csv,text/csv"
        >
          {(props) => (
            <Button {...props} leftSection={<IconUpload size={16} aria-hidden />}>
              Choose a CSV file
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {fileName ?? 'Emails in the first column, after a header row.'}
        </Text>
        {templateHref && (
          <Anchor href={templateHref} download="invitations.csv" size="sm">
            Download a template
          </Anchor>
        )}
      </Group>
      {stoppedReason && (
        <Alert color="red" role="alert">
          {stoppedReason}
        </Alert>
      )}
      {rows.length > 0 && (
        <AdminTable
          caption="Invitations to send"
          columns={columns}
          rows={rows}
          getRowId={(r) => ids.get(r.email) ?? 0}
          getRowLabel={(r) => r.email}
          selectedIds={selected.map((r) => ids.get(r.email) ?? 0)}
          onSelectionChange={(chosen) => {
            const set = new Set(chosen);
            onSelectionChange(
              rows.filter((r) => set.has(ids.get(r.email) ?? 0)).map((r) => r.email),
            );
          }}
          minWidth={420}
        />
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onSend} loading={sending} disabled={selected.length === 0}>
          Send
        </Button>
      </Group>
    </Stack>
  );
}
