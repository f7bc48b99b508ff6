import { Anchor, Stack, Text } from '@mantine/core';
import { useAdminUserQuery, useAskedLastActive } from '@pando/data-access';
import { userJid } from '@pando/domain';
import { LoadingScreen, UserDetailCard } from '@pando/ui';
import { Link, useParams } from 'react-router-dom';
import { useAppServices } from '../../shell/services/AppServices';
import { useLastActiveLabel } from '../../chat/hooks/useLastActiveLabel';
import { errorText } from '../hooks/errorText';

/**
 * /manage/users/{userId} (spec 02 §2): read-only detail with availability and the last-active
 * time the chat server answers (jabber:iq:last, asked once on opening); "Unknown" until it has
 * answered, or when the server does not know.
 */
export function UserDetailScreen() {
  const { userId } = useParams();
  const id = Number(userId);
  const user = useAdminUserQuery(Number.isInteger(id) && id > 0 ? id : undefined);
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
        <UserDetailCard user={user.data} lastActive={lastActive ?? 'Unknown'} />
      ) : user.error ? (
        <Text role="alert">{errorText(user.error)}</Text>
      ) : (
        <LoadingScreen fullScreen={false} label="Loading the user…" />
      )}
    </Stack>
  );
}
