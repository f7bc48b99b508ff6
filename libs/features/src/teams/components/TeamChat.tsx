import { Text } from '@mantine/core';
import { useTeamQuery } from '@pando/data-access';
import { isForum, roomJid, teamIcon } from '@pando/domain';
import { useViewer } from '../../common/viewer';
import { ChatFrame, PaneLoading } from '../../chat/components/ChatFrame';
import { ConversationView } from '../../chat/components/ConversationView';
import { useAppServices } from '../../common/AppServices';
import { TeamPanelContainer } from './TeamPanelContainer';

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
      panelTitle="Team details"
      panel={<TeamPanelContainer team={t} viewerId={viewer.id} />}
    >
      <ConversationView
        target={{
          address: roomJid(t.mim_id, chatDomain),
          kind: forum ? 'forum' : 'team',
          name: t.name,
          isForum: forum,
          id: t.id,
          isMember: t.user_ids.includes(viewer.id),
        }}
        teamIcon={teamIcon(t)}
        detail={`${forum ? 'Forum' : 'Team'} · ${String(members)} ${members === 1 ? 'member' : 'members'}`}
      />
    </ChatFrame>
  );
}
