import { Box, Group, Loader, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ChatFrameProps {
  /** The conversation's name (chat header). */
  title: string;
  /** Under the name: last-active time, member count, advice state. */
  subtitle?: ReactNode;
  /** Header actions (mark as read, scroll to bottom, advice actions, join). */
  actions?: ReactNode;
  /** The message list and composer. */
  children: ReactNode;
  /** The right-hand panel (profile, team panel, advice info). */
  panel?: ReactNode;
  /** Labels the right-hand panel region. */
  panelLabel?: string;
}

/** The chat screen's layout: header, conversation, right-hand panel (spec 01 §2). */
export function ChatFrame({
  title,
  subtitle,
  actions,
  children,
  panel,
  panelLabel,
}: ChatFrameProps) {
  return (
    <Group h="100%" gap={0} wrap="nowrap" align="stretch">
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }} h="100%">
        <Group
          justify="space-between"
          px="md"
          py="xs"
          wrap="nowrap"
          style={{ borderBlockEnd: '1px solid var(--mantine-color-default-border)' }}
        >
          <Box miw={0}>
            <Title order={1} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            {subtitle ? (
              <Text size="sm" c="dimmed" component="div">
                {subtitle}
              </Text>
            ) : null}
          </Box>
          {actions ? (
            <Group gap="xs" wrap="nowrap">
              {actions}
            </Group>
          ) : null}
        </Group>
        <Box style={{ flex: 1, minHeight: 0 }}>{children}</Box>
      </Stack>
      {panel ? (
        <Box
          component="aside"
          aria-label={panelLabel ?? 'Details'}
          w={300}
          h="100%"
          visibleFrom="md"
          style={{ borderInlineStart: '1px solid var(--mantine-color-default-border)' }}
        >
          <ScrollArea h="100%" p="md">
            {panel}
          </ScrollArea>
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
