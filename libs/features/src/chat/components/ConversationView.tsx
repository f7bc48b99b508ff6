import { Center, Stack, Text } from '@mantine/core';
import { useChatAvailable } from '@pando/data-access';
import { ChatHeader } from '@pando/ui';
import { useChatHeaderLayout } from './ChatFrame';
import { LiveConversation } from './LiveConversation';
import type { ConversationChrome, ConversationTarget } from './conversationTarget';

export interface ConversationViewProps extends ConversationChrome {
  target: ConversationTarget;
}

/**
 * The conversation of a chat screen: live (header, messages, composer) when the app has a chat,
 * else the header and an honest notice instead of an empty list.
 */
export function ConversationView({ target, ...chrome }: ConversationViewProps) {
  const available = useChatAvailable();
  const headerLayout = useChatHeaderLayout();
  if (available) return <LiveConversation key={target.address} {...target} {...chrome} />;
  return (
    <Stack gap={0} h="100%">
      <ChatHeader
        name={chrome.title ?? target.name}
        kind={target.kind}
        {...(chrome.teamIcon ? { teamIcon: chrome.teamIcon } : {})}
        {...(chrome.detail ? { detail: chrome.detail } : {})}
        onScrollToBottom={() => undefined}
        onMarkRead={() => undefined}
        nothingUnread
        {...headerLayout}
      />
      <Center style={{ flex: 1 }} p="md">
        <Text c="dimmed">Live chat is not available right now.</Text>
      </Center>
      {chrome.footer}
    </Stack>
  );
}
