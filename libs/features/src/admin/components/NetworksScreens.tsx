import { Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  adminRows,
  isBadRequest,
  useAdminNetworkQuery,
  useAdminNetworksInfiniteQuery,
  useAdminOrganisationsQuery,
  useDeleteNetworkMutation,
  useSaveNetworkMutation,
} from '@pando/data-access';
import { formatDate, textsWith, type Network } from '@pando/domain';
import { AdminTable, LoadingScreen, NetworkForm, type AdminColumn } from '@pando/ui';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAppServices } from '../../common/AppServices';
import { errorText } from '../hooks/errorText';

const COLUMNS: AdminColumn<Network>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (n) => <Link to={`/manage/networks/${String(n.id)}/edit`}>{n.name}</Link>,
  },
  {
    key: 'status',
    header: 'Status',
    render: (n) => (n.status === 'ACTIVATED' ? 'Activated' : 'Pending'),
  },
  {
    key: 'default',
    header: 'Default organisation',
    render: (n) => n.default_organisation?.name ?? '',
  },
  { key: 'created_at', header: 'Created At', render: (n) => formatDate(new Date(n.created_at)) },
  {
    key: 'delete',
    header: 'Delete',
    render: (n) => <Link to={`/manage/networks/${String(n.id)}/delete`}>Delete {n.name}</Link>,
  },
];

/** /manage/networks (product admins with pando_control_v2, spec 02 §2). */
export function NetworksScreen() {
  const navigate = useNavigate();
  const list = useAdminNetworksInfiniteQuery({ sort: 'name' });
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Networks
      </Title>
      <Group>
        <Button
          onClick={() => {
            void navigate('/manage/networks/create');
          }}
        >
          Create network
        </Button>
      </Group>
      <AdminTable
        caption="Networks"
        columns={COLUMNS}
        rows={adminRows(list.data)}
        getRowId={(n) => n.id}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => {
          void list.fetchNextPage();
        }}
        loading={list.isPending}
        error={list.error ? errorText(list.error) : null}
      />
    </Stack>
  );
}

/** /manage/networks/create and /manage/networks/{id}/edit. */
export function NetworkEditScreen({ mode }: { mode: 'create' | 'edit' }) {
  const navigate = useNavigate();
  const { notifications } = useAppServices();
  const { id: idParam } = useParams();
  const id = mode === 'edit' ? Number(idParam) : undefined;
  const network = useAdminNetworkQuery(id);
  const organisations = useAdminOrganisationsQuery(
    { network: network.data?.uuid ?? undefined },
    mode === 'edit' && Boolean(network.data?.uuid),
  );
  const save = useSaveNetworkMutation();
  const [error, setError] = useState<string | null>(null);
  if (mode === 'edit' && !network.data) {
    return network.error ? (
      <p role="alert">{errorText(network.error)}</p>
    ) : (
      <LoadingScreen fullScreen={false} />
    );
  }
  const n = network.data;
  return (
    <NetworkForm
      mode={mode}
      initial={
        n
          ? {
              name: n.name,
              status: n.status,
              default_organisation_id: n.default_organisation?.id ?? null,
              user_invite_by_email: n.features.user_invite_by_email === true,
            }
          : {}
      }
      organisations={(organisations.data?.results ?? []).map((o) => ({
        value: String(o.id),
        label: o.name,
      }))}
      saving={save.isPending}
      error={error}
      onCancel={() => {
        void navigate('/manage/networks');
      }}
      onSubmit={(values) => {
        setError(null);
        save.mutate(
          {
            id,
            input: {
              name: values.name,
              status: values.status,
              default_organisation_id: values.default_organisation_id,
              features: { user_invite_by_email: values.user_invite_by_email },
            },
          },
          {
            onSuccess: (answer) => {
              if (isBadRequest(answer)) {
                setError(answer.message);
                return;
              }
              notifications.notify({
                kind: 'success',
                message:
                  mode === 'create'
                    ? textsWith.created(answer.name)
                    : textsWith.updated(answer.name),
              });
              void navigate('/manage/networks');
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

/** /manage/networks/{id}/delete: confirm; only an empty network can go (the server says 409). */
export function NetworkDeleteScreen() {
  const navigate = useNavigate();
  const { notifications } = useAppServices();
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const network = useAdminNetworkQuery(id);
  const remove = useDeleteNetworkMutation();
  return (
    <Stack gap="md" maw={560}>
      <Title order={1} size="h2">
        Delete network
      </Title>
      <Text>
        Delete {network.data?.name ?? 'this network'}? Only a network without organisations can be
        deleted.
      </Text>
      <Group>
        <Button
          variant="default"
          onClick={() => {
            void navigate('/manage/networks');
          }}
        >
          Cancel
        </Button>
        <Button
          color="red"
          loading={remove.isPending}
          onClick={() => {
            remove.mutate(id, {
              onSuccess: () => {
                notifications.notify({ kind: 'success', message: 'Network deleted' });
                void navigate('/manage/networks');
              },
              onError: (e) => {
                notifications.notify({ kind: 'error', message: errorText(e) });
              },
            });
          }}
        >
          Delete
        </Button>
      </Group>
    </Stack>
  );
}
