import { Box, Drawer, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { LAYOUT } from '../layout';

export interface SidePanelProps {
  /** The content the panel belongs to, e.g. a conversation. */
  children: ReactNode;
  /**
   * The right-hand panel (profile, team panel, advice info). The ui panels are their own
   * `complementary` landmarks, so this adds only the column or the drawer around them.
   */
  panel?: ReactNode;
  /** The drawer's title on phones and tablets, e.g. "Profile" or "Team details". */
  title: string;
  /** Whether the drawer is open (below `LAYOUT.panelInlineFrom`; from there the panel is inline). */
  opened: boolean;
  /** Closes the drawer (Escape, its close button, a tap outside). */
  onClose: () => void;
}

/**
 * Content with a right-hand panel: from `LAYOUT.panelInlineFrom` (1200 px) the panel sits
 * beside the content; below, it opens as a drawer from the right, e.g. from the chat header's
 * details button (`ChatHeader`'s `onOpenDetails`), so a phone or tablet keeps the content's
 * full width.
 */
export function SidePanel({ children, panel, title, opened, onClose }: SidePanelProps) {
  return (
    <Group h="100%" gap={0} wrap="nowrap" align="stretch">
      <Box style={{ flex: 1, minWidth: 0 }} h="100%">
        {children}
      </Box>
      {panel ? (
        <>
          <Box
            w={LAYOUT.panelWidth}
            h="100%"
            visibleFrom={LAYOUT.panelInlineFrom}
            style={{
              flexShrink: 0,
              overflowY: 'auto',
              borderInlineStart: '1px solid var(--mantine-color-default-border)',
            }}
          >
            {panel}
          </Box>
          <Drawer
            opened={opened}
            onClose={onClose}
            position="right"
            size={`min(100%, ${LAYOUT.panelWidth + 40}px)`}
            title={title}
            closeButtonProps={{ 'aria-label': `Close ${title.toLowerCase()}` }}
          >
            {panel}
          </Drawer>
        </>
      ) : null}
    </Group>
  );
}
