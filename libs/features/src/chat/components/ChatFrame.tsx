import { Group, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { SidePanel } from '@pando/ui';

/**
 * What the conversation's header needs from the layout around it (spec 01 §2 chat screen on a
 * phone or tablet, issue 17): a way back to the list and a way to open the right-hand panel.
 * `ChatHeader` shows each button only where the layout needs it (`LAYOUT` in @pando/ui).
 */
export interface ChatHeaderLayout {
  /** Back to the conversation list (phones: list and conversation are two screens). */
  onBack?: () => void;
  /** Opens the right-hand panel as a drawer (phones and tablets). */
  onOpenDetails?: () => void;
  /** The details button's name, e.g. "Show profile". */
  detailsLabel?: string;
}

const ChatHeaderLayoutContext = createContext<ChatHeaderLayout>({});

/** The header buttons of the chat frame around a conversation (none outside a frame). */
export function useChatHeaderLayout(): ChatHeaderLayout {
  return useContext(ChatHeaderLayoutContext);
}

export interface ChatFrameProps {
  /** The conversation: header, message list and composer. */
  children: ReactNode;
  /**
   * The right-hand panel (profile, team panel, advice info). The ui panels are their own
   * `complementary` landmarks, so the frame adds only the column or the drawer.
   */
  panel?: ReactNode;
  /** The panel's name, as the drawer's title and in the header's button ("Show profile"). */
  panelTitle?: string;
}

/**
 * The chat screen's layout (spec 01 §2): the conversation, and the panel beside it on a desktop
 * or as a drawer opened from the conversation header on phones and tablets (`SidePanel`).
 */
export function ChatFrame({ children, panel, panelTitle = 'Details' }: ChatFrameProps) {
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const hasPanel = panel != null;
  const header = useMemo<ChatHeaderLayout>(
    () => ({
      onBack: () => {
        void navigate('/');
      },
      ...(hasPanel
        ? { onOpenDetails: open, detailsLabel: `Show ${panelTitle.toLowerCase()}` }
        : {}),
    }),
    [navigate, open, hasPanel, panelTitle],
  );
  return (
    <ChatHeaderLayoutContext.Provider value={header}>
      <SidePanel panel={panel} title={panelTitle} opened={opened} onClose={close}>
        {children}
      </SidePanel>
    </ChatHeaderLayoutContext.Provider>
  );
}

export function PaneLoading({ label }: { label: string }) {
  return (
    <Group justify="center" p="xl">
      <Loader size="sm" role="status" aria-label={label} />
    </Group>
  );
}
