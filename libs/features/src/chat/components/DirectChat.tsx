import { Text } from '@mantine/core';
import { useUserQuery, useUserStatus, useUserTeamsQuery } from '@pando/data-access';
import { displayName, userJid } from '@pando/domain';
import { UserProfilePanel } from '@pando/ui';
import { useAppServices } from '../../common/AppServices';
import { ChatFrame, PaneLoading } from './ChatFrame';
import { ConversationView } from './ConversationView';

/** /users/{userId}: a direct chat with the user's profile in the right-hand panel. */
export function DirectChat({ userKey }: { userKey: string }) {
  const { chatDomain } = useAppServices();
  const user = useUserQuery(userKey);
  const teams = useUserTeamsQuery(user.data?.id);
  // The 30 s status poll (the chat's user-status index) is fresher than the profile's answer.
  const polled = useUserStatus(user.data?.uuid ?? '');
  if (user.isPending) return <PaneLoading label="Loading the conversation" />;
  if (user.isError) {
    return (
      <Text p="md" role="alert">
        This person could not be found.
      </Text>
    );
  }
  const person = user.data;
  const name = displayName(person);
  return (
    <ChatFrame
      panelTitle="Profile"
      panel={
        <UserProfilePanel
          user={{
            first_name: person.first_name,
            last_name: person.last_name,
            role: person.role?.description ?? null,
            speciality: person.speciality ?? null,
            hospital: person.hospital?.name ?? null,
            status: polled ?? person.status,
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
