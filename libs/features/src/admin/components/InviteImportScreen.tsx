import { Stack, Text, Title } from '@mantine/core';
import { useSendInviteMutation } from '@pando/data-access';
import {
  INVITE_CSV_PLACEHOLDER_EMAIL,
  inviteNotification,
  inviteRowStatus,
  parseInviteCsv,
  shouldStopImport,
  type InviteImportRow,
} from '@pando/domain';
import { InviteImportPreview } from '@pando/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppServices } from '../../common/AppServices';
import { errorText } from '../hooks/errorText';
import { useManageViewer } from '../hooks/useManageViewer';

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(`email\n${INVITE_CSV_PLACEHOLDER_EMAIL}\n`)}`;

/**
 * /manage/users/invitations/import (spec 02 §2, §4, §5, §8): a CSV parsed with papaparse (domain
 * `parseInviteCsv`), previewed with its Status column, then sent one invitation at a time; each
 * row gets its outcome, and the import stops at FEATURE_NOT_ENABLED.
 */
export function InviteImportScreen() {
  const { user } = useManageViewer();
  const navigate = useNavigate();
  const { notifications } = useAppServices();
  const send = useSendInviteMutation(user.hospital?.uuid ?? undefined);
  const [rows, setRows] = useState<InviteImportRow[]>([]);
  const [fileName, setFileName] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [stopped, setStopped] = useState<string | null>(null);
  const [readError, setReadError] = useState<string | null>(null);

  const sendAll = async () => {
    setSending(true);
    setStopped(null);
    try {
      for (const row of rows.filter((r) => r.selected)) {
        const outcome = await send.mutateAsync(row.email);
        setRows((all) =>
          all.map((r) =>
            r.email === row.email ? { ...r, status: inviteRowStatus(outcome), selected: false } : r,
          ),
        );
        if (shouldStopImport(outcome)) {
          const message = inviteNotification(row.email, outcome);
          setStopped(message);
          notifications.notify({ kind: 'error', message });
          break;
        }
      }
    } catch (error) {
      notifications.notify({ kind: 'error', message: errorText(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Import invitations
      </Title>
      {readError && <Text role="alert">{readError}</Text>}
      <InviteImportPreview
        rows={rows}
        fileName={fileName}
        templateHref={TEMPLATE_HREF}
        onFile={(file) => {
          setFileName(file.name);
          setStopped(null);
          file.text().then(
            (text) => {
              setReadError(null);
              setRows(parseInviteCsv(text));
            },
            () => {
              setReadError(`The file ${file.name} could not be read.`);
            },
          );
        }}
        onSelectionChange={(emails) => {
          const chosen = new Set(emails);
          setRows((all) => all.map((r) => ({ ...r, selected: chosen.has(r.email) })));
        }}
        onSend={() => {
          void sendAll();
        }}
        onCancel={() => {
          void navigate('/manage/users/invitations');
        }}
        sending={sending}
        stoppedReason={stopped}
      />
    </Stack>
  );
}
