import { Box, Group } from '@mantine/core';
import { Suspense, useCallback, useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import {
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
  const activeAddress = useMemo(
    () => items.find((item) => item.route === pathname)?.address,
    [items, pathname],
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
