import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import {
  isBadRequest,
  useAdviceConversationQuery,
  useChangeAdviceConversationMutation,
  useExportAdviceConversationMutation,
} from '@pando/data-access';
import { adviceActions, adviceState, roomJid, type AdviceAction } from '@pando/domain';
import { useViewer } from '../../auth/SessionGate';
import { ChatFrame, PaneLoading } from '../../chat/components/ChatFrame';
import { ConversationArea } from '../../chat/components/ConversationArea';
import { useAppServices } from '../../shell/services/AppServices';

const STATE_LABEL = {
  RESOLVABLE: 'Open',
  ACCEPTABLE: 'Resolved by the requester',
  ARCHIVABLE: 'Resolved by the team',
  ARCHIVED: 'Archived',
} as const;

/**
 * /teams/{teamId}/advice-conversations/{id}: the conversation with the actions its state offers
 * (spec 01 §4 "Advice conversation"), the system line posted for each, and the team's info.
 */
export function AdviceChat({ teamId, conversationId }: { teamId: number; conversationId: number }) {
  const viewer = useViewer();
  const { chatDomain, notifications } = useAppServices();
  const navigate = useNavigate();
  const conversation = useAdviceConversationQuery(teamId, conversationId);
  const change = useChangeAdviceConversationMutation(teamId, conversationId);
  const exportToEmail = useExportAdviceConversationMutation(teamId, conversationId);
  if (conversation.isPending) return <PaneLoading label="Loading the advice conversation" />;
  if (conversation.isError) {
    return (
      <Text p="md" role="alert">
        This advice conversation could not be found.
      </Text>
    );
  }
  const c = conversation.data;
  const isRequester = c.requestor_id === viewer.id;
  const state = adviceState({ isRequester, ...c });
  const address = roomJid(c.mim_id, chatDomain);
  const teamName = c.team?.name ?? 'Advice';
  const requestor = c.requestor ? `${c.requestor.first_name} ${c.requestor.last_name}` : '';
  const busy = change.isPending || exportToEmail.isPending;

  const run = (action: AdviceAction) => {
    if (action.endpoint === 'export-to-email') {
      exportToEmail.mutate(undefined, {
        onSuccess: (result) => {
          if (!isBadRequest(result)) {
            notifications.notify({
              kind: 'success',
              message: 'The conversation was emailed to you.',
            });
          }
        },
      });
      return;
    }
    change.mutate(action.endpoint, {
      onSuccess: (result) => {
        if (isBadRequest(result)) return;
        // The system line (spec 01 §4) is posted into the room by the server with the state
        // change (apps/server advice/chatBridge.ts), so every client sees exactly one.
        if (action.notice) notifications.notify({ kind: 'info', message: action.notice });
        if (action.navigateTo) void navigate(action.navigateTo);
      },
    });
  };

  const panel = (
    <Stack gap="xs">
      <Title order={2} size="h5">
        {teamName}
      </Title>
      {c.team?.public_data?.tips.length ? (
        <>
          <Title order={3} size="h6">
            Tips
          </Title>
          {c.team.public_data.tips.map((tip) => (
            <Text key={tip} size="sm">
              {tip}
            </Text>
          ))}
        </>
      ) : null}
      {c.team?.public_data?.resolved_issues.length ? (
        <>
          <Title order={3} size="h6">
            Resolved issues
          </Title>
          {c.team.public_data.resolved_issues.map((issue) => (
            <Text key={issue} size="sm">
              {issue}
            </Text>
          ))}
        </>
      ) : null}
    </Stack>
  );

  return (
    <ChatFrame
      title={isRequester || requestor === '' ? teamName : `${teamName}: ${requestor}`}
      subtitle={STATE_LABEL[state]}
      actions={
        <Group gap="xs">
          {adviceActions(state, isRequester).map((action) => (
            <Button
              key={action.id}
              size="xs"
              variant={action.endpoint === 'export-to-email' ? 'default' : 'filled'}
              disabled={busy}
              onClick={() => {
                run(action);
              }}
            >
              {action.label}
            </Button>
          ))}
        </Group>
      }
      panel={panel}
      panelLabel="Advice team"
    >
      <ConversationArea address={address} kind="advice" name={teamName} id={c.id} teamId={teamId} />
    </ChatFrame>
  );
}
