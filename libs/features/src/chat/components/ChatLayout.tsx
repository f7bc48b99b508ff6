import { Suspense, useCallback, useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import {
  useActiveConversation,
  useCopyFreshness,
  useDirectConversations,
  useTeamsWithAdviceConversationsQuery,
  useUnreadCounts,
} from '@pando/data-access';
import { buildSidebar, chatScreenForPath } from '@pando/domain';
import { ChatSidebar, LoadingScreen, SplitView } from '@pando/ui';
import { useViewer } from '../../common/viewer';
import { useAppServices } from '../../common/AppServices';
import { sidebarItems } from '../sidebarItems';

// The pane is its own chunk (routes.tsx), preloaded at boot where a conversation is open and
// after the list is up at `/` (app/signedInScreens.tsx, WelcomePane; issue 16).

const NO_LISTS = { teams: [], forums: [], advice_conversations: [] };

/**
 * The chat area: the live sidebar on the left, the conversation chosen by the path on the right;
 * on a phone one of the two (`SplitView`, layout rules in @pando/ui's `LAYOUT`).
 */
export function ChatLayout() {
  const viewer = useViewer();
  const { chatDomain } = useAppServices();
  const lists = useTeamsWithAdviceConversationsQuery();
  const directs = useDirectConversations();
  const unreadCounts = useUnreadCounts();
  const freshness = useCopyFreshness(lists);
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
    <SplitView
      detailOpen={chatScreenForPath(pathname).kind !== 'empty'}
      list={
        <ChatSidebar
          sections={sections}
          {...(activeAddress ? { activeAddress } : {})}
          loading={lists.isPending}
          freshness={freshness}
          onNavigate={onNavigate}
        />
      }
    >
      {/* Its own boundary: the sidebar shows while the pane's code is still loading. */}
      <Suspense fallback={<LoadingScreen fullScreen={false} />}>
        <Outlet />
      </Suspense>
    </SplitView>
  );
}
