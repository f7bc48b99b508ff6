import { Text } from '@mantine/core';
import { useUserTeamsQuery } from '@pando/data-access';
import { userJid } from '@pando/domain';
import { UserProfilePanel } from '@pando/ui';
import { useAppServices } from '../../shell/services/AppServices';
import { useUserByKeyQuery } from '../hooks/useUserByKey';
import { ChatFrame, PaneLoading } from './ChatFrame';
import { ConversationView } from './ConversationView';

/** /users/{userId}: a direct chat with the user's profile in the right-hand panel. */
export function DirectChat({ userKey }: { userKey: string }) {
  const { chatDomain } = useAppServices();
  const user = useUserByKeyQuery(userKey);
  const teams = useUserTeamsQuery(user.data?.id);
  if (user.isPending) return <PaneLoading label="Loading the conversation" />;
  if (user.isError) {
    return (
      <Text p="md" role="alert">
        This person could not be found.
      </Text>
    );
  }
  const person = user.data;
  const name = `${person.first_name} ${person.last_name}`;
  return (
    <ChatFrame
      panel={
        <UserProfilePanel
          user={{
            first_name: person.first_name,
            last_name: person.last_name,
            role: person.role?.description ?? null,
            speciality: person.speciality ?? null,
            hospital: person.hospital?.name ?? null,
            status: person.status,
            email: person.email ?? null,
            teams: (teams.data ?? []).map((team) => team.name),
          }}
        />
      }
    >
      <ConversationView
        target={{
          address: userJid(person.uuid, chatDomain),
          kind: 'direct',
          name,
          id: person.id,
        }}
      />
    </ChatFrame>
  );
}
