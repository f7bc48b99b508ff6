import { ActionIcon, Group, Text, Title, Tooltip } from '@mantine/core';
import type { ConversationKind, TeamIcon } from '@pando/domain';
import { IconChecks, IconChevronsDown, IconInfoCircle } from '@tabler/icons-react';
import { BackToListButton } from '../../shell/BackToListButton';
import { LAYOUT } from '../../shell/layout';
import { ConversationIcon } from '../ConversationIcon';
import './ChatHeader.css';

export interface ChatHeaderProps {
  /** The conversation's name (person, team, forum or advice team). */
  name: string;
  /** The kind, for the icon. */
  kind: ConversationKind;
  /** Team icon (private/team/forum). */
  teamIcon?: TeamIcon;
  /**
   * Last-active text, e.g. from `lastActiveText` (the caller refreshes it every 15 s, spec 01 §9).
   * Shown for direct chats.
   */
  lastActive?: string;
  /** A line under the name when there is no last-active time: "Team · 4 members", an advice state. */
  detail?: string;
  /** Scrolls the message list to the newest message. */
  onScrollToBottom: () => void;
  /** Marks the conversation as read. */
  onMarkRead: () => void;
  /**
   * Opens the right-hand panel (profile, team panel or advice info) as a drawer. The button shows
   * below `LAYOUT.panelInlineFrom` only: from there the panel sits beside the conversation.
   */
  onOpenDetails?: () => void;
  /** The details button's name, e.g. "Show profile". @default 'Conversation details' */
  detailsLabel?: string;
  /**
   * Goes back to the conversation list. The button shows on phones only (below
   * `LAYOUT.splitFrom`), where the list and the conversation are two screens.
   */
  onBack?: () => void;
  /** Disables mark-as-read when nothing is unread. @default false */
  nothingUnread?: boolean;
}

/** Spec 01 §2 chat header: name, last-active time, scroll-to-bottom and mark-as-read. */
export function ChatHeader({
  name,
  kind,
  teamIcon,
  lastActive,
  detail,
  onScrollToBottom,
  onMarkRead,
  onOpenDetails,
  detailsLabel = 'Conversation details',
  onBack,
  nothingUnread = false,
}: ChatHeaderProps) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      px={{ base: 'xs', [LAYOUT.splitFrom]: 'md' }}
      py="xs"
      gap="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="sm" wrap="nowrap" miw={0}>
        {onBack ? <BackToListButton onBack={onBack} /> : null}
        <ConversationIcon kind={kind} size={22} {...(teamIcon ? { teamIcon } : {})} />
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h4" lineClamp={1} title={name}>
            {name}
          </Title>
          {lastActive ? (
            <Text size="xs" c="dimmed">
              Last active: {lastActive}
            </Text>
          ) : detail ? (
            <Text size="xs" c="dimmed">
              {detail}
            </Text>
          ) : null}
        </div>
      </Group>
      <Group gap={4} wrap="nowrap">
        <Tooltip label="Scroll to the newest message">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Scroll to the newest message"
            onClick={onScrollToBottom}
            className="pando-chat-header-action"
          >
            {/* A double chevron, as messaging apps jump to the end: the arrow onto a bar read as
                "download". */}
            <IconChevronsDown size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Mark as read">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Mark as read"
            onClick={onMarkRead}
            disabled={nothingUnread}
            className="pando-chat-header-action"
          >
            <IconChecks size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
        {onOpenDetails ? (
          <Tooltip label={detailsLabel}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={detailsLabel}
              onClick={onOpenDetails}
              hiddenFrom={LAYOUT.panelInlineFrom}
            >
              <IconInfoCircle size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
    </Group>
  );
}
