import { Box, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { LAYOUT } from '../layout';

export interface SplitViewProps {
  /** The list to choose from: the chat list today, the patient or user lists next. */
  list: ReactNode;
  /** The chosen item: a conversation, a patient card, an admin form. */
  children: ReactNode;
  /**
   * Whether an item is chosen (the app decides from the path). On a phone the item then replaces
   * the list (list → item → back); from `LAYOUT.splitFrom` both sit side by side.
   */
  detailOpen: boolean;
  /**
   * The list column's width beside the item, in px, at every size from `LAYOUT.splitFrom`.
   * @default LAYOUT.listWidthPortrait (240) on a tablet in portrait, LAYOUT.listWidth (280) wider
   */
  listWidth?: number;
}

/**
 * A list beside the chosen item, or, on a phone, one of the two at a time (the rules are
 * `LAYOUT` in `shell/layout`). Both stay mounted while hidden, so going back to the list keeps
 * its scroll position. The item column gets whatever width is left and never scrolls sideways.
 */
export function SplitView({ list, children, detailOpen, listWidth }: SplitViewProps) {
  return (
    <Group h="100%" gap={0} wrap="nowrap" align="stretch">
      <Box
        {...(detailOpen ? { visibleFrom: LAYOUT.splitFrom } : {})}
        w={
          listWidth === undefined
            ? {
                base: '100%',
                [LAYOUT.splitFrom]: LAYOUT.listWidthPortrait,
                [LAYOUT.navbarFrom]: LAYOUT.listWidth,
              }
            : { base: '100%', [LAYOUT.splitFrom]: listWidth }
        }
        h="100%"
        // Its edge against the item only beside it (layout.css): on a phone the list fills the
        // screen, and a border there was a grey line down the screen's right edge.
        className="pando-split-list"
        style={{ flexShrink: 0, overflowY: 'auto' }}
      >
        {list}
      </Box>
      <Box
        {...(detailOpen ? {} : { visibleFrom: LAYOUT.splitFrom })}
        style={{ flex: 1, minWidth: 0 }}
        h="100%"
      >
        {children}
      </Box>
    </Group>
  );
}
