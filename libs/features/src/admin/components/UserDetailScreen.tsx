import { Anchor, Stack, Text } from '@mantine/core';
import {
  useAdminUserQuery,
  useAskedLastActive,
  useRecentAuditEventsQuery,
} from '@pando/data-access';
import { canSeeAdminMenu, userJid } from '@pando/domain';
import { AuditRecentList, LoadingScreen, UserDetailCard } from '@pando/ui';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAppServices } from '../../common/AppServices';
import { useLastActiveLabel } from '../../chat/hooks/useLastActiveLabel';
import { errorText } from '../hooks/errorText';
import { useManageViewer } from '../hooks/useManageViewer';

/**
 * /manage/users/{userId} (spec 02 §2): read-only detail with availability and the last-active
 * time the chat server answers (jabber:iq:last, asked once on opening); "Unknown" until it has
 * answered, or when the server does not know. Below it, the person's recent audited actions
 * (issue 36) and a link to the audit log filtered to them.
 */
export function UserDetailScreen() {
  const { userId } = useParams();
  const id = Number(userId);
  const userIdOk = Number.isInteger(id) && id > 0 ? id : undefined;
  const user = useAdminUserQuery(userIdOk);
  // The audit trail is read by organisation, network and product admins (not NEURO).
  const readsAudit = canSeeAdminMenu(useManageViewer().viewer.access_level);
  const recent = useRecentAuditEventsQuery(user.data && readsAudit ? userIdOk : undefined);
  const navigate = useNavigate();
  const { chatDomain } = useAppServices();
  const lastActive = useLastActiveLabel(
    useAskedLastActive(user.data ? userJid(user.data.uuid, chatDomain) : ''),
  );
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/manage/users" size="sm">
        ← Users
      </Anchor>
      {user.data ? (
        <>
          <UserDetailCard user={user.data} lastActive={lastActive ?? 'Unknown'} />
          {readsAudit && (
            <AuditRecentList
              events={recent.data?.results ?? []}
              href={`/manage/audit?user=${String(user.data.id)}`}
              onNavigate={(href) => {
                void navigate(href);
              }}
              loading={recent.isPending}
              error={recent.error ? errorText(recent.error) : null}
            />
          )}
        </>
      ) : user.error ? (
        <Text role="alert">{errorText(user.error)}</Text>
      ) : (
        <LoadingScreen fullScreen={false} label="Loading the user…" />
      )}
    </Stack>
  );
}
