import { Box, Group, Loader } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ChatFrameProps {
  /** The conversation: header, message list and composer. */
  children: ReactNode;
  /**
   * The right-hand panel (profile, team panel, advice info). The ui panels are their own
   * `complementary` landmarks, so the frame adds only the column.
   */
  panel?: ReactNode;
}

/** The chat screen's layout (spec 01 §2): the conversation on the left, the panel on the right. */
export function ChatFrame({ children, panel }: ChatFrameProps) {
  return (
    <Group h="100%" gap={0} wrap="nowrap" align="stretch">
      <Box style={{ flex: 1, minWidth: 0 }} h="100%">
        {children}
      </Box>
      {panel ? (
        <Box
          w={320}
          h="100%"
          visibleFrom="md"
          style={{
            flexShrink: 0,
            overflowY: 'auto',
            borderInlineStart: '1px solid var(--mantine-color-default-border)',
          }}
        >
          {panel}
        </Box>
      ) : null}
    </Group>
  );
}

export function PaneLoading({ label }: { label: string }) {
  return (
    <Group justify="center" p="xl">
      <Loader size="sm" role="status" aria-label={label} />
    </Group>
  );
}
