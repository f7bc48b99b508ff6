import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useThrottledValue } from '@mantine/hooks';
import {
  adminRows,
  useAdminOrganisationsQuery,
  useAdminUsersInfiniteQuery,
  useChangeAdminUsersMutation,
  type AdminUserChange,
} from '@pando/data-access';
import {
  ADMIN_SEARCH_THROTTLE_MS,
  adminUsersSort,
  blockPatches,
  canGenerateCode,
  GENERAL_ORGANISATION_NAME,
  requireSelection,
  transferPatches,
  displayName,
} from '@pando/domain';
import { Dialog, GenerateCodeDialog, UsersTable, type AdminSort } from '@pando/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppServices } from '../../common/AppServices';
import { errorText } from '../hooks/errorText';
import { useGenerateCode } from '../hooks/useGenerateCode';
import { useManageViewer } from '../hooks/useManageViewer';
import { useSelection } from '../hooks/useSelection';
import { UsersTabs } from './UsersTabs';

/**
 * /manage/users (spec 02 §2): search throttled to 1 s, pages of 10 loaded as the table scrolls,
 * sort by name = last_name (default); Transfer, Delete (blocks) and, for network admins,
 * Generate code for exactly one selected user.
 */
export function UsersScreen() {
  const { viewer } = useManageViewer();
  const navigate = useNavigate();
  const { notifications } = useAppServices();
  const [search, setSearch] = useState('');
  const q = useThrottledValue(search.trim(), ADMIN_SEARCH_THROTTLE_MS);
  const [sort, setSort] = useState<AdminSort>({ column: 'name', descending: false });
  const params = { q, sort: adminUsersSort(sort.column, sort.descending) };
  const users = useAdminUsersInfiniteQuery(params);
  const rows = adminRows(users.data);
  const selection = useSelection(JSON.stringify(params));
  const change = useChangeAdminUsersMutation();
  const organisations = useAdminOrganisationsQuery({});
  const [dialog, setDialog] = useState<'transfer' | 'delete' | null>(null);
  const [transferTo, setTransferTo] = useState<string | null>(null);
  const code = useGenerateCode('user');
  const codeFor = rows.find((u) => u.id === code.forId);
  const orgOptions = (organisations.data?.results ?? [])
    .filter((o) => o.uuid)
    .map((o) => ({ value: o.uuid ?? '', label: o.name }));

  const needRows = (): boolean => {
    const missing = requireSelection(selection.ids);
    if (missing) notifications.notify({ kind: 'warning', message: missing });
    return missing === null;
  };
  const apply = (changes: AdminUserChange[], done: string) => {
    change.mutate(changes, {
      onSuccess: ({ changed, refused }) => {
        if (refused) notifications.notify({ kind: 'error', message: refused.message });
        if (changed.length > 0) notifications.notify({ kind: 'success', message: done });
        selection.clear();
        setDialog(null);
      },
      onError: (error) => {
        notifications.notify({ kind: 'error', message: errorText(error) });
        setDialog(null);
      },
    });
  };

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Users
      </Title>
      <UsersTabs active="/manage/users" />
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label="Search users"
          placeholder="Name or email"
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
          }}
          style={{ flex: '1 1 220px' }}
        />
        <Button
          variant="default"
          onClick={() => {
            if (needRows()) setDialog('transfer');
          }}
        >
          Transfer
        </Button>
        <Button
          variant="default"
          color="red"
          onClick={() => {
            if (needRows()) setDialog('delete');
          }}
        >
          Delete
        </Button>
        {canGenerateCode(viewer) && (
          <Button
            variant="default"
            onClick={() => {
              code.start(selection.ids);
            }}
          >
            Generate code
          </Button>
        )}
      </Group>
      <UsersTable
        users={rows}
        selectedIds={selection.ids}
        onSelectionChange={selection.set}
        sort={sort}
        onSortChange={setSort}
        onOpenUser={(href) => {
          void navigate(href);
        }}
        hasMore={users.hasNextPage}
        loadingMore={users.isFetchingNextPage}
        onLoadMore={() => {
          void users.fetchNextPage();
        }}
        loading={users.isPending}
        error={users.error ? errorText(users.error) : null}
      />
      <Dialog
        opened={dialog === 'transfer'}
        onClose={() => {
          setDialog(null);
        }}
        title={`Transfer ${String(selection.ids.length)} ${selection.ids.length === 1 ? 'user' : 'users'}`}
      >
        <Stack gap="md">
          <Select
            label="Organisation"
            data={orgOptions}
            value={transferTo}
            onChange={setTransferTo}
            searchable
            comboboxProps={{ withinPortal: false }}
          />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setDialog(null);
              }}
            >
              Cancel
            </Button>
            <Button
              disabled={!transferTo}
              loading={change.isPending}
              onClick={() => {
                if (transferTo)
                  apply(transferPatches(selection.ids, transferTo), 'Users transferred');
              }}
            >
              Transfer
            </Button>
          </Group>
        </Stack>
      </Dialog>
      <Dialog
        opened={dialog === 'delete'}
        onClose={() => {
          setDialog(null);
        }}
        title="Delete users?"
      >
        <Stack gap="md">
          <Text>
            {selection.ids.length === 1
              ? 'This user'
              : `These ${String(selection.ids.length)} users`}{' '}
            will be blocked at once: every session and open chat ends, and they can no longer log
            in.
          </Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              data-autofocus
              onClick={() => {
                setDialog(null);
              }}
            >
              Cancel
            </Button>
            <Button
              color="red"
              loading={change.isPending}
              onClick={() => {
                // Spec 02 §4: a blocked user is moved to the organisation 'General' when the
                // reach has one; otherwise the block alone.
                const general = organisations.data?.results.find(
                  (o) => o.name === GENERAL_ORGANISATION_NAME && o.uuid,
                )?.uuid;
                apply(
                  general
                    ? blockPatches(selection.ids, general)
                    : selection.ids.map((id) => ({ id, patch: { blocked: true } })),
                  'Users deleted',
                );
              }}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Dialog>
      <GenerateCodeDialog
        state={code.state}
        personName={codeFor ? displayName(codeFor) : 'the user'}
        onClose={code.close}
      />
    </Stack>
  );
}
