import { Box, Group } from '@mantine/core';
import { useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTeamsWithAdviceConversationsQuery } from '@pando/data-access';
import { buildSidebar } from '@pando/domain';
import { useViewer } from '../../auth/SessionGate';
import { useAppServices } from '../../shell/services/AppServices';
import { useChatRuntime } from '../runtime/ChatRuntime';
import { sidebarItems } from '../sidebarItems';
import { ChatSidebar } from './ChatSidebar';

const NO_LISTS = { teams: [], forums: [], advice_conversations: [] };

/** The chat area: the live sidebar on the left, the conversation chosen by the path on the right. */
export function ChatLayout() {
  const viewer = useViewer();
  const { chatDomain } = useAppServices();
  const lists = useTeamsWithAdviceConversationsQuery();
  const chat = useChatRuntime();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sections = useMemo(
    () =>
      buildSidebar(
        sidebarItems(lists.data ?? NO_LISTS, chat.directs, viewer.id, chatDomain),
        chat.unreadCounts,
      ),
    [lists.data, chat.directs, chat.unreadCounts, viewer.id, chatDomain],
  );
  return (
    <Group h="100%" gap={0} wrap="nowrap" align="stretch">
      <Box
        w={280}
        miw={220}
        h="100%"
        style={{ borderInlineEnd: '1px solid var(--mantine-color-default-border)' }}
      >
        <ChatSidebar
          sections={sections}
          activeRoute={pathname}
          onNavigate={(href) => {
            void navigate(href);
          }}
        />
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }} h="100%">
        <Outlet />
      </Box>
    </Group>
  );
}
