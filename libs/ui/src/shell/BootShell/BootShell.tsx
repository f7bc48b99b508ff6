import { AppShell, Group, Title } from '@mantine/core';
import type { Viewer } from '@pando/domain';
import { useState } from 'react';
import { ChatSidebar, type ChatSidebarSections } from '../../chat/ChatSidebar';
import { LAYOUT, shellFrame } from '../layout';
import { MainMenu } from '../MainMenu';
import { MenuBurger } from '../MenuBurger';
import { SplitView } from '../SplitView';
import { WelcomeEmptyState } from '../WelcomeEmptyState';

export interface BootShellProps {
  /** The product's name, shown as the brand. @default 'Pando' */
  productName?: string;
  /** The signed-in user's first name, for the welcome. */
  firstName?: string;
  /** The signed-in user, for the main menu's gates. */
  viewer: Viewer;
  /** The chat list, as `buildSidebar` sorts and splits it. */
  sections: ChatSidebarSections;
  /** The row of the conversation chosen meanwhile, highlighted. */
  activeAddress?: string;
  /** The sidebar's quiet line: "Updating…", or "Offline — last updated 10:42". */
  freshness?: string | null;
  /** Receives the path of a row or menu entry on a plain click. */
  onNavigate: (href: string) => void;
  /** The phone's menu starts open (the web app keeps the shell rendered both ways, issue 37). */
  defaultMenuOpened?: boolean;
}

/**
 * The chat list's first paint on a returning visit (issue 37), shown while the app itself loads:
 * the shell's frame (`shellFrame`, as the app's shell), the main menu, and the chat list from the
 * encrypted offline copy, at once. It is what the app will show, minus what needs the app: the
 * header's search, name, availability and logout appear with the app a moment later. Rows and
 * menu entries work at once: the app opens where they point.
 */
export function BootShell({
  productName = 'Pando',
  firstName,
  viewer,
  sections,
  activeAddress,
  freshness = null,
  onNavigate,
  defaultMenuOpened = false,
}: BootShellProps) {
  // The phone's and tablet's menu works as the app's does (the same burger, so the header does
  // not move when the app takes over); a choice closes it.
  const [menuOpened, setMenuOpened] = useState(defaultMenuOpened);
  const navigate = (href: string) => {
    setMenuOpened(false);
    onNavigate(href);
  };
  return (
    <AppShell {...shellFrame(menuOpened)}>
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', [LAYOUT.headerFullFrom]: 'md' }} gap="xs" wrap="nowrap">
          <MenuBurger
            opened={menuOpened}
            onToggle={() => {
              setMenuOpened((open) => !open);
            }}
          />
          <Title order={2} size="h4" style={{ whiteSpace: 'nowrap' }}>
            {productName}
          </Title>
        </Group>
      </AppShell.Header>
      {/* A drawer behind the burger on a phone and a tablet, beside the page wider. */}
      <AppShell.Navbar mod={{ 'menu-closed': !menuOpened }}>
        <MainMenu viewer={viewer} active="chats" onNavigate={navigate} />
      </AppShell.Navbar>
      <AppShell.Main h="100dvh">
        <SplitView
          detailOpen={false}
          list={
            <ChatSidebar
              sections={sections}
              {...(activeAddress ? { activeAddress } : {})}
              freshness={freshness}
              onNavigate={navigate}
            />
          }
        >
          <WelcomeEmptyState productName={productName} {...(firstName ? { firstName } : {})} />
        </SplitView>
      </AppShell.Main>
    </AppShell>
  );
}
