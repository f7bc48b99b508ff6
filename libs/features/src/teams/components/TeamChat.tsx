import { Text } from '@mantine/core';
import { useTeamQuery } from '@pando/data-access';
import { isForum, roomJid } from '@pando/domain';
import { useViewer } from '../../auth/SessionGate';
import { ChatFrame, PaneLoading } from '../../chat/components/ChatFrame';
import { ConversationArea } from '../../chat/components/ConversationArea';
import { useAppServices } from '../../shell/services/AppServices';
import { TeamPanel } from './TeamPanel';

/** /teams/{teamId}: a team or forum chat with the team panel on the right. */
export function TeamChat({ teamId }: { teamId: number }) {
  const viewer = useViewer();
  const { chatDomain } = useAppServices();
  const team = useTeamQuery(teamId);
  if (team.isPending) return <PaneLoading label="Loading the team" />;
  if (team.isError) {
    return (
      <Text p="md" role="alert">
        This team could not be found.
      </Text>
    );
  }
  const t = team.data;
  const forum = isForum(t);
  const members = t.user_ids.length;
  return (
    <ChatFrame
      title={t.name}
      subtitle={`${forum ? 'Forum' : 'Team'} · ${members} ${members === 1 ? 'member' : 'members'}`}
      panel={<TeamPanel team={t} viewerId={viewer.id} />}
      panelLabel="Team"
    >
      <ConversationArea
        address={roomJid(t.mim_id, chatDomain)}
        kind={forum ? 'forum' : 'team'}
        name={t.name}
        isForum={forum}
        id={t.id}
        isMember={t.user_ids.includes(viewer.id)}
      />
    </ChatFrame>
  );
}
