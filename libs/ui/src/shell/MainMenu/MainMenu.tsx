import { NavLink, Stack } from '@mantine/core';
import { canSeeAdminMenu, canSeePatientList, type Viewer } from '@pando/domain';
import { IconListDetails, IconMessages, IconSettings } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { interceptPlainClick } from '../../common/navigation';

/** The shell's destinations (spec 01 §2 "Left menu"); Gallery (/images) is hidden from the menu. */
export type MainMenuItem = 'chats' | 'patients' | 'admin';

interface Entry {
  item: MainMenuItem;
  label: string;
  href: string;
  icon: ReactNode;
}

export interface MainMenuProps {
  /** The signed-in user: List needs premium patient_cards, Admin needs an admin access level. */
  viewer: Viewer;
  /** The highlighted destination, from the current path. */
  active?: MainMenuItem;
  /** Receives the path on a plain click; the links stay real links for new-tab clicks. */
  onNavigate?: (href: string) => void;
}

/** The left menu: Chats, List (patient_cards only), Admin (organisation/network/product admins). */
export function MainMenu({ viewer, active, onNavigate }: MainMenuProps) {
  const entries: Entry[] = [
    { item: 'chats', label: 'Chats', href: '/', icon: <IconMessages size={20} aria-hidden /> },
  ];
  if (canSeePatientList(viewer)) {
    entries.push({
      item: 'patients',
      label: 'List',
      href: '/patients',
      icon: <IconListDetails size={20} aria-hidden />,
    });
  }
  if (canSeeAdminMenu(viewer.access_level)) {
    entries.push({
      item: 'admin',
      label: 'Admin',
      href: '/manage',
      icon: <IconSettings size={20} aria-hidden />,
    });
  }

  return (
    <Stack component="nav" aria-label="Main menu" gap={4} p="xs">
      {entries.map((entry) => (
        <NavLink
          key={entry.item}
          href={entry.href}
          label={entry.label}
          leftSection={entry.icon}
          active={entry.item === active}
          aria-current={entry.item === active ? 'page' : undefined}
          onClick={(event) => {
            interceptPlainClick(event, entry.href, onNavigate);
          }}
        />
      ))}
    </Stack>
  );
}
