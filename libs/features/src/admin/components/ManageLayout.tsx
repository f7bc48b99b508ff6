import { Box, Burger, Collapse, Group, Text, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useAdminNetworkQuery } from '@pando/data-access';
import { manageMenu, manageRouteAccess } from '@pando/domain';
import { LAYOUT, ManageNav, NoAccessPage } from '@pando/ui';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useManageSettings } from '../../common/manageSettings';
import { useManageViewer } from '../hooks/useManageViewer';

/**
 * The admin area wrapper (spec 02 §2): under the session gate (which shows the loading indicator
 * until the user is known), USER and USER_VERIFIED get the "No access" page; otherwise the
 * network is loaded on entry and each route's condition of spec 02's table decides (domain
 * `manageRouteAccess`): invitations redirect to /manage/users, pages behind a feature the viewer
 * lacks are not found, form templates render their own "coming soon" page.
 */
export function ManageLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user, viewer } = useManageViewer();
  const access = manageRouteAccess(pathname, viewer);
  const denied = access.kind === 'noAccess';
  // Loaded on entry (spec 02 §2); the report's title and the network pages read it from the cache.
  useAdminNetworkQuery(denied ? null : user.network_id);
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints[LAYOUT.splitFrom]})`, true);
  const [menuOpen, menu] = useDisclosure(false);
  const manage = useManageSettings();

  if (denied) {
    return (
      <NoAccessPage
        onBack={() => {
          void navigate('/');
        }}
      />
    );
  }
  if (access.kind === 'redirect') return <Navigate to={access.to} replace />;

  const nav = (
    <ManageNav
      items={manageMenu(viewer)}
      pathname={pathname}
      onNavigate={(route) => {
        menu.close();
        void navigate(route);
      }}
      supportHref={manage.supportUrl}
      knowledgeBaseHref={manage.knowledgeBaseUrl}
      // On a phone the burger bar already says "Management".
      withHeading={wide}
    />
  );
  return (
    <Box
      h="100%"
      style={{
        display: 'flex',
        flexDirection: wide ? 'row' : 'column',
        minHeight: 0,
        overflow: 'auto',
        // The containing block of what the pages place absolutely (visually hidden labels, chart
        // tooltips): without it they escaped this box and made the whole window scroll too,
        // taking the sticky menu away with it.
        position: 'relative',
      }}
    >
      {/* The menu stays in view while a long page (the report) scrolls: sticky at the top of
          this scrolling box, as tall as the box (its line down the whole screen), scrolling on
          its own if it is longer. On a phone the burger bar sticks the same way. */}
      {wide ? (
        <Box
          w={220}
          p="sm"
          className="pando-no-print"
          style={{
            flex: 'none',
            position: 'sticky',
            top: 0,
            alignSelf: 'flex-start',
            height: '100%',
            borderInlineEnd: '1px solid var(--mantine-color-default-border)',
            overflowY: 'auto',
          }}
        >
          {nav}
        </Box>
      ) : (
        <Box
          className="pando-no-print"
          px="sm"
          pt="xs"
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 2,
            flex: 'none',
            maxHeight: '100%',
            overflowY: 'auto',
            background: 'var(--mantine-color-body)',
            borderBottom: '1px solid var(--mantine-color-default-border)',
          }}
        >
          <Group gap="xs">
            <Burger
              opened={menuOpen}
              onClick={menu.toggle}
              aria-label="Management menu"
              aria-expanded={menuOpen}
              size="sm"
            />
            <Text size="sm" fw={600}>
              Management
            </Text>
          </Group>
          <Collapse expanded={menuOpen}>{nav}</Collapse>
        </Box>
      )}
      <Box
        component="section"
        aria-label="Management console"
        p="md"
        style={{ flex: 1, minWidth: 0 }}
      >
        {access.kind === 'notFound' ? (
          <Text>This page does not exist or is not enabled for your organisation.</Text>
        ) : (
          <Outlet />
        )}
      </Box>
    </Box>
  );
}
