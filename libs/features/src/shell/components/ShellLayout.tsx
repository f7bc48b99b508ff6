import { AppShell, Box, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Activity, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import {
  setOwnStatus,
  useChatStore,
  useHttpClient,
  useLogoutMutation,
  useTeamsWithAdviceConversationsQuery,
  useQueuedMessageCount,
  useUnreadTotal,
} from '@pando/data-access';
import { displayName, showsHeaderSearch, TEXTS, type UserStatus } from '@pando/domain';
import { AppHeader, LoadingScreen, MainMenu, shellFrame, type MainMenuItem } from '@pando/ui';
import { menuViewer } from '../../common/menuViewer';
import { announceShellShown } from '../../common/shellShown';
import { useViewer } from '../../common/viewer';
import { useAppServices } from '../../common/AppServices';
import { AvailabilityToggle } from './AvailabilityToggle';
import { ChatOfflineBanner } from './ChatOfflineBanner';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

/** Decision: spec 01 §8 has no wording for a failed availability change; this says what happened. */
const AVAILABILITY_FAILED = 'Your availability could not be changed. Please try again.';

function activeMenuItem(pathname: string): MainMenuItem {
  if (pathname.startsWith('/patients')) return 'patients';
  if (pathname.startsWith('/manage')) return 'admin';
  return 'chats';
}

export interface ShellLayoutProps {
  /** Where the browser goes after logout; a full load so nothing of the session stays in memory. */
  onLoggedOut?: () => void;
}

/**
 * The main shell (spec 01 §2): header with search, name, availability and logout; the left menu;
 * the routed page. A spinner shows until the teams, forums and advice lists have loaded; a failed
 * load shows an error notification with Retry (spec 01 §8) and the shell opens anyway, so chats
 * with people stay usable.
 */
export function ShellLayout({ onLoggedOut }: ShellLayoutProps) {
  const viewer = useViewer();
  const { productName, notifications, logger } = useAppServices();
  const http = useHttpClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const lists = useTeamsWithAdviceConversationsQuery();
  const logout = useLogoutMutation();
  const [menuOpened, { toggle: toggleMenu, close: closeMenu }] = useDisclosure(false);
  // The shell reads only the chat's unread total: a message re-renders it only when that changes.
  const chat = useChatStore();
  const [status, setStatus] = useState<UserStatus>(
    viewer.status === 'UNAVAILABLE' ? 'UNAVAILABLE' : 'AVAILABLE',
  );
  useDocumentTitle(productName, useUnreadTotal());
  const queuedMessages = useQueuedMessageCount();
  // The chat sends the availability as presence (spec 01 §4 "presence is sent"): the current
  // one from the start, again on every change and, inside the chat store, on every reconnect.
  useEffect(() => {
    // UNKNOWN (not yet loaded) is not an availability to announce.
    if (status !== 'UNKNOWN') chat.setAvailability(status);
  }, [chat, status]);

  const failureShown = useRef(false);
  const settledOnce = useRef(false);
  const { isError, refetch } = lists;
  useEffect(() => {
    if (!isError) {
      failureShown.current = false;
      return;
    }
    if (failureShown.current) return;
    failureShown.current = true;
    notifications.notify({
      kind: 'error',
      message: TEXTS.teamsLoadFailed,
      action: { label: TEXTS.retry, run: () => void refetch() },
    });
  }, [isError, refetch, notifications]);

  useEffect(() => {
    closeMenu();
  }, [pathname, closeMenu]);

  // Only the first load shows the spinner: a later refetch (Retry, a pane mounting the same query
  // after a failure) must not unmount the whole shell.
  const loading = !settledOnce.current && lists.isPending;
  if (!loading) settledOnce.current = true;
  // The first paint from the offline copy (apps/web boot/) gives way once the shell shows.
  useEffect(() => {
    if (!loading) announceShellShown();
  }, [loading]);

  const go = (href: string) => {
    void navigate(href);
  };

  const shell = (
    // Beside the page from LAYOUT.navbarFrom; below, a drawer behind the header's burger.
    <AppShell {...shellFrame(menuOpened)}>
      <AppShell.Header>
        <AppHeader
          productName={productName}
          userName={displayName(viewer)}
          status={status}
          showSearch={showsHeaderSearch(pathname)}
          onSearch={() => {
            go('/search');
          }}
          onLogout={() => {
            // The dialog said so: messages still waiting are deleted from this device (issue 37).
            chat.discardOutbox();
            logout.mutate(undefined, {
              onSettled: () => {
                if (onLoggedOut) onLoggedOut();
                else window.location.assign('/login?msg=logged-out');
              },
            });
          }}
          loggingOut={logout.isPending}
          queuedMessages={queuedMessages}
          menuOpened={menuOpened}
          onToggleMenu={toggleMenu}
        />
      </AppShell.Header>
      {/* data-menu-closed: hidden, not only off-screen, while closed on a phone or tablet (@pando/ui layout CSS). */}
      <AppShell.Navbar mod={{ 'menu-closed': !menuOpened }}>
        <Stack justify="space-between" h="100%">
          <MainMenu viewer={menuViewer(viewer)} active={activeMenuItem(pathname)} onNavigate={go} />
          <Box p="md">
            <AvailabilityToggle
              status={status}
              onChange={(next) => {
                const previous = status;
                setStatus(next);
                setOwnStatus(http, next).catch((error: unknown) => {
                  // The switch must not claim a state the server does not have.
                  setStatus(previous);
                  logger.warn('availability not saved', { error: String(error) });
                  notifications.notify({ kind: 'error', message: AVAILABILITY_FAILED });
                });
              }}
            />
          </Box>
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main h="100dvh">
        <ChatOfflineBanner />
        <Suspense fallback={<LoadingScreen fullScreen={false} />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
  // Spec 01 §2: a spinner until the lists have loaded. Behind it the shell already renders,
  // hidden (React Activity): the chat area's code-split chunks resolve meanwhile, so when the
  // spinner goes the sidebar commits at once instead of suspending (and React holding a
  // suspended reveal back for up to 300 ms).
  return (
    <>
      {loading ? <LoadingScreen label="Loading your conversations…" /> : null}
      <Activity mode={loading ? 'hidden' : 'visible'}>{shell}</Activity>
    </>
  );
}
