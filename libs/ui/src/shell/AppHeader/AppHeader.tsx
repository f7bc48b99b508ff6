import { ActionIcon, Burger, Group, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import type { UserStatus } from '@pando/domain';
import { IconPower, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { StatusIndicator } from '../../common/StatusIndicator';
import { LogoutConfirmModal } from './LogoutConfirmModal';

export interface AppHeaderProps {
  /** The product's name, shown as the brand. @default 'Pando' */
  productName?: string;
  /** The signed-in user's full name. */
  userName: string;
  /** The signed-in user's availability. */
  status: UserStatus;
  /**
   * Whether the search box shows; the app decides from the path with `isHeaderSearchVisible`
   * (hidden on /patients and /manage, spec 01 §2). @default true
   */
  showSearch?: boolean;
  /** Opens /search (the box is a button: searching happens on the search page). */
  onSearch: () => void;
  /** Called after the person confirms the logout dialog. */
  onLogout: () => void;
  /** Spinner on the dialog's confirm button while logging out. @default false */
  loggingOut?: boolean;
  /** Mobile menu flag (spec 01 §3 client state); the burger shows when `onToggleMenu` is given. */
  menuOpened?: boolean;
  /** Toggles the mobile menu. */
  onToggleMenu?: () => void;
}

/**
 * The shell's top bar: brand, search, the user's name and availability, and logout. Place it in
 * `AppShell.Header`, which provides the page's one `banner` landmark.
 */
export function AppHeader({
  productName = 'Pando',
  userName,
  status,
  showSearch = true,
  onSearch,
  onLogout,
  loggingOut = false,
  menuOpened = false,
  onToggleMenu,
}: AppHeaderProps) {
  const [confirming, setConfirming] = useState(false);

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
      <Group gap="sm" wrap="nowrap">
        {onToggleMenu ? (
          <Burger
            opened={menuOpened}
            onClick={onToggleMenu}
            hiddenFrom="sm"
            size="sm"
            aria-label={menuOpened ? 'Close menu' : 'Open menu'}
          />
        ) : null}
        <Title order={2} size="h4" style={{ whiteSpace: 'nowrap' }}>
          {productName}
        </Title>
      </Group>

      {showSearch ? (
        <UnstyledButton
          onClick={onSearch}
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
              Search people, teams and forums
            </Text>
          </Group>
        </UnstyledButton>
      ) : (
        <span style={{ flex: '1 1 auto' }} />
      )}

      <Group gap="sm" wrap="nowrap" miw={0}>
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
        onClose={() => {
          setConfirming(false);
        }}
        onConfirm={onLogout}
      />
    </Group>
  );
}
