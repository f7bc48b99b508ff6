import { Anchor, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { interceptPlainClick } from '../../common/navigation';

export interface ClosedConversationNoticeProps {
  /** Why nothing can be written here, e.g. `TEXTS.adviceClosedRequester`. */
  message: string;
  /** A way on, e.g. asking the advice team again: the link's words and where it goes. */
  action?: { label: string; href: string };
  /** Receives the action's route on a plain click (the app's router); a normal link otherwise. */
  onNavigate?: (href: string) => void;
}

/**
 * Where the composer was in a read-only conversation (issue 35: a closed advice conversation):
 * says that it is closed and, when there is one, offers the way on.
 */
export function ClosedConversationNotice({
  message,
  action,
  onNavigate,
}: ClosedConversationNoticeProps) {
  return (
    <Group
      role="status"
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      p="sm"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <IconLock size={18} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
      <Text size="sm">
        {message}{' '}
        {action ? (
          <Anchor
            href={action.href}
            size="sm"
            onClick={(event) => {
              interceptPlainClick(event, action.href, onNavigate);
            }}
          >
            {action.label}
          </Anchor>
        ) : null}
      </Text>
    </Group>
  );
}
