import { Box, Group } from '@mantine/core';
import { Suspense, useCallback, useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import {
  useActiveConversation,
  useDirectConversations,
  useTeamsWithAdviceConversationsQuery,
  useUnreadCounts,
} from '@pando/data-access';
import { buildSidebar } from '@pando/domain';
import { ChatSidebar, LoadingScreen } from '@pando/ui';
import { useViewer } from '../../auth/SessionGate';
import { useAppServices } from '../../shell/services/AppServices';
import { sidebarItems } from '../sidebarItems';

// The pane is its own chunk (routes.tsx); start loading it with the layout, not after it.
void import('./ChatPane');

const NO_LISTS = { teams: [], forums: [], advice_conversations: [] };

/** The chat area: the live sidebar on the left, the conversation chosen by the path on the right. */
export function ChatLayout() {
  const viewer = useViewer();
  const { chatDomain } = useAppServices();
  const lists = useTeamsWithAdviceConversationsQuery();
  const directs = useDirectConversations();
  const unreadCounts = useUnreadCounts();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useMemo(
    () => sidebarItems(lists.data ?? NO_LISTS, directs, viewer.id, chatDomain),
    [lists.data, directs, viewer.id, chatDomain],
  );
  const sections = useMemo(() => buildSidebar(items, unreadCounts), [items, unreadCounts]);
  const onNavigate = useCallback(
    (href: string) => {
      void navigate(href);
    },
    [navigate],
  );
  // The row of the open conversation: by its route, or (a person opened by id, /users/{id},
  // whose row is routed by uuid) by the conversation the chat has open.
  const openConversation = useActiveConversation();
  const activeAddress = useMemo(
    () => items.find((item) => item.route === pathname)?.address ?? openConversation ?? undefined,
    [items, pathname, openConversation],
  );
  return (
    <Group h="100%" gap={0} wrap="nowrap" align="stretch">
      <Box
        w={280}
        miw={220}
        h="100%"
        style={{
          flexShrink: 0,
          overflowY: 'auto',
          borderInlineEnd: '1px solid var(--mantine-color-default-border)',
        }}
      >
        <ChatSidebar
          sections={sections}
          {...(activeAddress ? { activeAddress } : {})}
          loading={lists.isPending}
          onNavigate={onNavigate}
        />
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }} h="100%">
        {/* Its own boundary: the sidebar shows while the pane's code is still loading. */}
        <Suspense fallback={<LoadingScreen fullScreen={false} />}>
          <Outlet />
        </Suspense>
      </Box>
    </Group>
  );
}
