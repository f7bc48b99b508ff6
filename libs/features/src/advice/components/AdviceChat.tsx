import { Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  isBadRequest,
  useAdviceConversationQuery,
  useChangeAdviceConversationMutation,
  useExportAdviceConversationMutation,
  useTeamMembersQuery,
} from '@pando/data-access';
import {
  adviceState,
  adviceStatusLabel,
  chatRoutes,
  displayName,
  isAdviceClosed,
  roomJid,
  TEXTS,
  type AdviceAction,
} from '@pando/domain';
import { AdviceActionBar, AdviceTeamInfo, ClosedConversationNotice } from '@pando/ui';
import { useViewer } from '../../common/viewer';
import { ChatFrame, PaneLoading } from '../../chat/components/ChatFrame';
import { ConversationView } from '../../chat/components/ConversationView';
import { useAppServices } from '../../common/AppServices';

/**
 * /teams/{teamId}/advice-conversations/{id}: the conversation with the actions its state offers
 * (spec 01 §4 "Advice conversation"), the system line posted for each, and the team's info.
 * Live (issue 35): the other side's resolve, reject or accept refetches the conversation
 * (ChatWiring's room changes), so the actions and the status follow without a reload. The
 * status reads per side (`adviceStatusLabel`); a closed conversation is read-only.
 */
export function AdviceChat({ teamId, conversationId }: { teamId: number; conversationId: number }) {
  const viewer = useViewer();
  const { chatDomain, notifications } = useAppServices();
  const navigate = useNavigate();
  const conversation = useAdviceConversationQuery(teamId, conversationId);
  const change = useChangeAdviceConversationMutation(teamId, conversationId);
  const exportToEmail = useExportAdviceConversationMutation(teamId, conversationId);
  const [pending, setPending] = useState<AdviceAction['id'] | null>(null);
  const isRequester = conversation.data?.requestor_id === viewer.id;
  // Spec 01 §2 "advice team info (resolved issues, tips, members)": for both sides; the person
  // asking may read the members of an advice team of their network.
  const members = useTeamMembersQuery(conversation.data ? teamId : undefined);
  if (conversation.isPending) return <PaneLoading label="Loading the advice conversation" />;
  if (conversation.isError) {
    return (
      <Text p="md" role="alert">
        This advice conversation could not be found.
      </Text>
    );
  }
  const c = conversation.data;
  const state = adviceState({ isRequester, ...c });
  const closed = isAdviceClosed(c);
  const address = roomJid(c.mim_id, chatDomain);
  const teamName = c.team?.name ?? 'Advice';
  const requestor = c.requestor ? displayName(c.requestor) : '';
  const busy = change.isPending || exportToEmail.isPending;

  const run = (action: AdviceAction) => {
    // The action bar routes "Export to my email" to onExport; the state changes remain.
    const endpoint = action.endpoint;
    if (endpoint === 'export-to-email') return;
    setPending(action.id);
    change.mutate(endpoint, {
      onSuccess: (result) => {
        if (isBadRequest(result)) return;
        // The system line (spec 01 §4) is posted into the room by the server with the state
        // change (apps/server advice/chatBridge.ts), so every client sees exactly one.
        if (action.notice) notifications.notify({ kind: 'info', message: action.notice });
        if (action.navigateTo) void navigate(action.navigateTo);
      },
      onSettled: () => {
        setPending(null);
      },
    });
  };

  const exportConversation = () => {
    setPending('exportToEmail');
    exportToEmail.mutate(undefined, {
      onSuccess: (result) => {
        if (!isBadRequest(result)) {
          notifications.notify({
            kind: 'success',
            message: 'The conversation was emailed to you.',
          });
        }
      },
      onSettled: () => {
        setPending(null);
      },
    });
  };

  return (
    <ChatFrame
      panelTitle="Advice team"
      panel={
        <AdviceTeamInfo
          teamName={teamName}
          tips={c.team?.public_data?.tips ?? []}
          resolvedIssues={c.team?.public_data?.resolved_issues ?? []}
          {...(members.data
            ? {
                members: members.data.map((m) => ({
                  id: String(m.id),
                  name: displayName(m),
                  status: m.status,
                })),
              }
            : {})}
        />
      }
    >
      <ConversationView
        target={{
          address,
          kind: 'advice',
          name: teamName,
          id: c.id,
          teamId,
        }}
        title={isRequester || requestor === '' ? teamName : `${teamName}: ${requestor}`}
        detail={adviceStatusLabel({ isRequester, ...c })}
        footer={
          <AdviceActionBar
            state={state}
            isRequester={isRequester}
            onAction={run}
            onExport={exportConversation}
            pending={busy ? pending : null}
          />
        }
        {...(closed
          ? {
              closed: isRequester ? (
                <ClosedConversationNotice
                  message={TEXTS.adviceClosedRequester}
                  action={{ label: `Ask ${teamName} again`, href: chatRoutes.newAdvice(teamId) }}
                  onNavigate={(href) => void navigate(href)}
                />
              ) : (
                <ClosedConversationNotice message={TEXTS.adviceClosedTeam} />
              ),
            }
          : {})}
      />
    </ChatFrame>
  );
}
