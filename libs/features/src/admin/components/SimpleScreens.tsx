import { Stack, Title } from '@mantine/core';
import {
  adminRows,
  isBadRequest,
  useDataExportRequestMutation,
  usePagersInfiniteQuery,
} from '@pando/data-access';
import { formatDateTime, type Pager } from '@pando/domain';
import { AdminTable, BroadcastSandbox, DataExportForm, type AdminColumn } from '@pando/ui';
import { useState } from 'react';
import { SUPPORT_EMAIL } from '../constants';
import { errorText } from '../hooks/errorText';
import { useManageViewer } from '../hooks/useManageViewer';

const PAGER_COLUMNS: AdminColumn<Pager>[] = [
  { key: 'name', header: 'Name', render: (p) => p.name },
  { key: 'mim_id', header: 'Pager id', render: (p) => p.mim_id },
  { key: 'description', header: 'Description', render: (p) => p.description ?? '' },
  { key: 'assigned_to', header: 'Assigned to', render: (p) => p.assigned_to ?? 'Unassigned' },
  {
    key: 'assigned_at',
    header: 'Assigned at',
    render: (p) => (p.assigned_at ? formatDateTime(new Date(p.assigned_at)) : ''),
  },
];

/** /manage/pagers (premium feature pagers): the pagers of the reach. */
export function PagersScreen() {
  const list = usePagersInfiniteQuery({});
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Pagers
      </Title>
      <AdminTable
        caption="Pagers"
        columns={PAGER_COLUMNS}
        rows={adminRows(list.data)}
        getRowId={(p) => p.id}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => {
          void list.fetchNextPage();
        }}
        loading={list.isPending}
        error={list.error ? errorText(list.error) : null}
        emptyText="No pagers."
      />
    </Stack>
  );
}

/** /manage/export (spec 02 §2): the eight checkboxes and the thank-you text. */
export function ExportScreen() {
  const { user } = useManageViewer();
  const request = useDataExportRequestMutation();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <DataExportForm
      initial={{ first_name: user.first_name, last_name: user.last_name, email: user.email ?? '' }}
      sending={request.isPending}
      sent={sent}
      error={error}
      onSend={(values) => {
        setError(null);
        request.mutate(
          {
            first_name: values.first_name,
            last_name: values.last_name,
            email: values.email,
            ...values.flags,
            ...(user.hospital?.uuid ? { organisation: user.hospital.uuid } : {}),
          },
          {
            onSuccess: (answer) => {
              if (isBadRequest(answer)) setError(answer.message);
              else setSent(true);
            },
            onError: (e) => {
              setError(errorText(e));
            },
          },
        );
      }}
    />
  );
}

/** /manage/broadcast (spec 02 §2): the disabled sandbox and its banner. */
export function BroadcastScreen() {
  return <BroadcastSandbox supportEmail={SUPPORT_EMAIL} />;
}
