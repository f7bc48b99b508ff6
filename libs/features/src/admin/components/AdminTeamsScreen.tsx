import { Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  adminRows,
  useAdminTeamsInfiniteQuery,
  useDeleteAdminTeamsMutation,
  type AdminTeamKind,
  type AdminTeamRow,
} from '@pando/data-access';
import { formatDate, generateCodeSelection, requireSelection } from '@pando/domain';
import { AdminTable, Dialog, type AdminColumn } from '@pando/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppServices } from '../../common/AppServices';
import { errorText } from '../hooks/errorText';
import { useSelection } from '../hooks/useSelection';

const memberCount = (row: AdminTeamRow) => row.member_count ?? row.members.length;
const created = (row: AdminTeamRow) => (row.created_at ? formatDate(new Date(row.created_at)) : '');

const COLUMNS: Record<AdminTeamKind, AdminColumn<AdminTeamRow>[]> = {
  team: [
    { key: 'name', header: 'Name', render: (r) => r.name },
    { key: 'members', header: 'Members', render: (r) => memberCount(r) },
    { key: 'created_at', header: 'Created At', render: created },
  ],
  // Spec 02 §2: Name, Description, Members, Resolved Issues, Created At.
  advice: [
    { key: 'name', header: 'Name', render: (r) => r.name },
    {
      key: 'description',
      header: 'Description',
      render: (r) => ('description' in r ? (r.description ?? '') : ''),
    },
    { key: 'members', header: 'Members', render: (r) => memberCount(r) },
    {
      key: 'resolved_issues',
      header: 'Resolved Issues',
      render: (r) => ('resolved_issues' in r ? r.resolved_issues : 0),
    },
    { key: 'created_at', header: 'Created At', render: created },
  ],
};

/**
 * /manage/teams and /manage/advice-channels: the table, Create, Edit (one selected row) and
 * Delete ("Please select a row" when none is selected, spec 02 §2).
 */
export function AdminTeamsScreen({ kind }: { kind: AdminTeamKind }) {
  const navigate = useNavigate();
  const { notifications } = useAppServices();
  const base = kind === 'team' ? '/manage/teams' : '/manage/advice-channels';
  const title = kind === 'team' ? 'Teams' : 'Advice channels';
  const list = useAdminTeamsInfiniteQuery(kind, { sort: 'name' });
  const rows = adminRows(list.data);
  const selection = useSelection(kind);
  const remove = useDeleteAdminTeamsMutation(kind);
  const [confirming, setConfirming] = useState(false);
  const warn = (message: string) => {
    notifications.notify({ kind: 'warning', message });
  };

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Group gap="sm" wrap="wrap">
        <Button
          onClick={() => {
            void navigate(`${base}/create`);
          }}
        >
          Create
        </Button>
        <Button
          variant="default"
          onClick={() => {
            const missing = requireSelection(selection.ids);
            if (missing) {
              warn(missing);
              return;
            }
            const one = generateCodeSelection(selection.ids);
            if (!one.ok) {
              warn('Select one row to edit');
              return;
            }
            void navigate(`${base}/${String(one.target)}/edit`);
          }}
        >
          Edit
        </Button>
        <Button
          variant="default"
          color="red"
          onClick={() => {
            const missing = requireSelection(selection.ids);
            if (missing) {
              warn(missing);
              return;
            }
            setConfirming(true);
          }}
        >
          Delete
        </Button>
      </Group>
      <AdminTable
        caption={title}
        columns={COLUMNS[kind]}
        rows={rows}
        getRowId={(r) => r.id}
        getRowLabel={(r) => r.name}
        selectedIds={selection.ids}
        onSelectionChange={selection.set}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => {
          void list.fetchNextPage();
        }}
        loading={list.isPending}
        error={list.error ? errorText(list.error) : null}
        emptyText={kind === 'team' ? 'No teams yet.' : 'No advice channels yet.'}
      />
      <Dialog
        opened={confirming}
        onClose={() => {
          setConfirming(false);
        }}
        title={`Delete ${String(selection.ids.length)} ${kind === 'team' ? 'team(s)' : 'advice channel(s)'}?`}
      >
        <Stack gap="md">
          <Text>Their members leave them and their conversations close.</Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              data-autofocus
              onClick={() => {
                setConfirming(false);
              }}
            >
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => {
                remove.mutate(selection.ids, {
                  onSuccess: () => {
                    notifications.notify({ kind: 'success', message: `${title} deleted` });
                    selection.clear();
                  },
                  onError: (error) => {
                    notifications.notify({ kind: 'error', message: errorText(error) });
                  },
                  onSettled: () => {
                    setConfirming(false);
                  },
                });
              }}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Stack>
  );
}
