import {
  ActionIcon,
  Button,
  Group,
  Popover,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { UserStatus } from '@pando/domain';
import { IconPower, IconSearch, IconUserCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { StatusIndicator } from '../../common/StatusIndicator';
import { LAYOUT } from '../layout';
import { MenuBurger } from '../MenuBurger';
import { LogoutConfirmModal } from './LogoutConfirmModal';

export interface AppHeaderProps {
  /** The product's name, shown as the brand. @default 'Pando' */
  productName?: string;
  /** The signed-in user's full name. */
  userName: string;
  /** The signed-in user's availability. */
  status: UserStatus;
  /**
   * Whether the search box shows; the app decides from the path with the domain's `showsHeaderSearch`
   * (hidden on /patients and /manage, spec 01 §2). @default true
   */
  showSearch?: boolean;
  /** Opens /search (the box is a button: searching happens on the search page). */
  onSearch: () => void;
  /** Called after the person confirms the logout dialog. */
  onLogout: () => void;
  /** Spinner on the dialog's confirm button while logging out. @default false */
  loggingOut?: boolean;
  /** Messages still waiting to be sent: the logout dialog warns of them. @default 0 */
  queuedMessages?: number;
  /**
   * Mobile menu flag (spec 01 §3 client state); the burger shows when `onToggleMenu` is given,
   * below `LAYOUT.navbarFrom` (where the main menu is not beside the page).
   */
  menuOpened?: boolean;
  /** Toggles the mobile menu. */
  onToggleMenu?: () => void;
}

const SEARCH_LABEL = 'Search people, teams and forums';

/**
 * The shell's top bar: brand, search, the user's name and availability, and logout. Place it in
 * `AppShell.Header`, which provides the page's one `banner` landmark. On a phone (below
 * `LAYOUT.headerFullFrom`) the search box becomes a search button and the name, availability
 * and logout move into a user menu behind a person icon, so the bar fits 390 px.
 */
export function AppHeader({
  productName = 'Pando',
  userName,
  status,
  showSearch = true,
  onSearch,
  onLogout,
  loggingOut = false,
  queuedMessages = 0,
  menuOpened = false,
  onToggleMenu,
}: AppHeaderProps) {
  const [confirming, setConfirming] = useState(false);

  return (
    <Group
      h="100%"
      px={{ base: 'xs', [LAYOUT.headerFullFrom]: 'md' }}
      justify="space-between"
      wrap="nowrap"
      gap="sm"
    >
      <Group gap="xs" wrap="nowrap" miw={0}>
        {onToggleMenu ? <MenuBurger opened={menuOpened} onToggle={onToggleMenu} /> : null}
        <Title
          order={2}
          size="h4"
          style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {productName}
        </Title>
      </Group>

      {showSearch ? (
        <UnstyledButton
          onClick={onSearch}
          visibleFrom={LAYOUT.headerFullFrom}
          mih={LAYOUT.touchTarget}
          style={{
            flex: '1 1 auto',
            maxWidth: 420,
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-md)',
            padding: '6px 12px',
          }}
        >
          <Group gap="xs" wrap="nowrap">
            <IconSearch size={16} aria-hidden />
            <Text size="sm" c="dimmed" truncate>
              {SEARCH_LABEL}
            </Text>
          </Group>
        </UnstyledButton>
      ) : null}

      <Group gap="xs" wrap="nowrap" hiddenFrom={LAYOUT.headerFullFrom} style={{ flexShrink: 0 }}>
        {showSearch ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={SEARCH_LABEL}
            onClick={onSearch}
          >
            <IconSearch size={20} aria-hidden />
          </ActionIcon>
        ) : null}
        <Popover position="bottom-end" withinPortal trapFocus>
          <Popover.Target>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Account: ${userName}`}>
              <IconUserCircle size={28} aria-hidden />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown aria-label="Account" maw="calc(100vw - 16px)">
            <Stack gap="xs">
              <div>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {userName}
                </Text>
                <StatusIndicator status={status} />
              </div>
              <Button
                variant="default"
                leftSection={<IconPower size={16} aria-hidden />}
                onClick={() => {
                  setConfirming(true);
                }}
              >
                Log out
              </Button>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      </Group>

      <Group gap="sm" wrap="nowrap" miw={0} visibleFrom={LAYOUT.headerFullFrom}>
        <div style={{ minWidth: 0, textAlign: 'end' }}>
          <Text size="sm" fw={600} truncate maw={220}>
            {userName}
          </Text>
          <StatusIndicator status={status} />
        </div>
        <Tooltip label="Log out">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Log out"
            onClick={() => {
              setConfirming(true);
            }}
          >
            <IconPower size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>

      <LogoutConfirmModal
        opened={confirming}
        productName={productName}
        loading={loggingOut}
        queuedMessages={queuedMessages}
        onClose={() => {
          setConfirming(false);
        }}
        onConfirm={onLogout}
      />
    </Group>
  );
}
