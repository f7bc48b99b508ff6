import { Badge, Stack, Text, Title } from '@mantine/core';
import { useUserTeamsQuery } from '@pando/data-access';
import { useUserByKeyQuery } from '../hooks/useUserByKey';
import { userJid } from '@pando/domain';
import { StatusIndicator } from '@pando/ui';
import { useAppServices } from '../../shell/services/AppServices';
import { ChatFrame, PaneLoading } from './ChatFrame';
import { ConversationArea } from './ConversationArea';

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
  const panel = (
    <Stack gap="xs">
      <Title order={2} size="h5">
        {name}
      </Title>
      <StatusIndicator status={person.status} />
      {person.role?.description ? <Text size="sm">{person.role.description}</Text> : null}
      {person.speciality ? <Text size="sm">{person.speciality}</Text> : null}
      {person.hospital?.name ? <Text size="sm">{person.hospital.name}</Text> : null}
      {person.email ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {person.email}
        </Text>
      ) : null}
      {teams.data && teams.data.length > 0 ? (
        <>
          <Title order={3} size="h6" mt="sm">
            Teams
          </Title>
          <Stack gap={4}>
            {teams.data.map((team) => (
              <Badge key={team.id} variant="light" style={{ textTransform: 'none' }}>
                {team.name}
              </Badge>
            ))}
          </Stack>
        </>
      ) : null}
    </Stack>
  );
  return (
    <ChatFrame title={name} panel={panel} panelLabel="Profile">
      <ConversationArea
        address={userJid(person.uuid, chatDomain)}
        kind="direct"
        name={name}
        id={person.id}
      />
    </ChatFrame>
  );
}
