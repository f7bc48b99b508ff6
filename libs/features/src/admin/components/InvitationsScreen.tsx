import { Stack, Title } from '@mantine/core';
import {
  adminRows,
  useInvitesInfiniteQuery,
  useRescindInvitesMutation,
  useSendInviteMutation,
} from '@pando/data-access';
import {
  canGenerateCode,
  INVITES_DEFAULT_SORT,
  INVITES_MAX_ROWS,
  inviteNotification,
  requireSelection,
} from '@pando/domain';
import { GenerateCodeDialog, InvitationsTable, InviteByEmail, type AdminSort } from '@pando/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppServices } from '../../common/AppServices';
import { errorText } from '../hooks/errorText';
import { useGenerateCode } from '../hooks/useGenerateCode';
import { useManageViewer } from '../hooks/useManageViewer';
import { useSelection } from '../hooks/useSelection';
import { UsersTabs } from './UsersTabs';

const sortParam = (s: AdminSort) => `${s.descending ? '-' : ''}${s.column}`;

/**
 * /manage/users/invitations (spec 02 §2): pending invitations (sort -sent_at, pages of 10, at
 * most 1000 rows), invite by email, Import file, Rescind, and Generate code for one invitation.
 */
export function InvitationsScreen() {
  const { viewer, user } = useManageViewer();
  const navigate = useNavigate();
  const { notifications } = useAppServices();
  const [sort, setSort] = useState<AdminSort>({
    column: INVITES_DEFAULT_SORT.replace(/^-/, ''),
    descending: INVITES_DEFAULT_SORT.startsWith('-'),
  });
  const invites = useInvitesInfiniteQuery({ sort: sortParam(sort) });
  const rows = adminRows(invites.data).slice(0, INVITES_MAX_ROWS);
  const selection = useSelection(sortParam(sort));
  const send = useSendInviteMutation(user.hospital?.uuid ?? undefined);
  const rescind = useRescindInvitesMutation();
  const code = useGenerateCode('invite');
  const codeFor = rows.find((i) => i.id === code.forId);

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Invitations
      </Title>
      <UsersTabs active="/manage/users/invitations" />
      <InviteByEmail
        onInvite={async (email) => {
          const outcome = await send.mutateAsync(email);
          notifications.notify({
            kind: outcome.kind === 'sent' ? 'success' : 'error',
            message: inviteNotification(email, outcome),
          });
          return outcome.kind === 'sent';
        }}
        onImport={() => {
          void navigate('/manage/users/invitations/import');
        }}
        hasSelection={selection.ids.length > 0}
        onRescind={() => {
          const missing = requireSelection(selection.ids);
          if (missing) {
            notifications.notify({ kind: 'warning', message: missing });
            return;
          }
          rescind.mutate(selection.ids, {
            onSuccess: () => {
              notifications.notify({ kind: 'success', message: 'Invitations rescinded' });
              selection.clear();
            },
            onError: (error) => {
              notifications.notify({ kind: 'error', message: errorText(error) });
            },
          });
        }}
        {...(canGenerateCode(viewer)
          ? {
              onGenerateCode: () => {
                code.start(selection.ids);
              },
            }
          : {})}
      />
      <InvitationsTable
        invites={rows}
        selectedIds={selection.ids}
        onSelectionChange={selection.set}
        sort={sort}
        onSortChange={setSort}
        hasMore={invites.hasNextPage && rows.length < INVITES_MAX_ROWS}
        loadingMore={invites.isFetchingNextPage}
        onLoadMore={() => {
          void invites.fetchNextPage();
        }}
        loading={invites.isPending}
        error={invites.error ? errorText(invites.error) : null}
      />
      <GenerateCodeDialog
        state={code.state}
        personName={codeFor?.email ?? 'the invitation'}
        onClose={code.close}
      />
    </Stack>
  );
}
