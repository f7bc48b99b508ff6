import { Center, Stack, Text } from '@mantine/core';
import { ChatHeader } from '@pando/ui';
import {
  useChatRuntime,
  type ConversationChrome,
  type ConversationTarget,
} from '../runtime/ChatRuntime';

export interface ConversationViewProps extends ConversationChrome {
  target: ConversationTarget;
}

/**
 * The conversation of a chat screen: live (header, messages, composer) when the app has a chat
 * connection, else the header and an honest notice instead of an empty list.
 */
export function ConversationView({ target, ...chrome }: ConversationViewProps) {
  const chat = useChatRuntime();
  if (chat.renderConversation) return <>{chat.renderConversation(target, chrome)}</>;
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
      />
      <Center style={{ flex: 1 }} p="md">
        <Text c="dimmed">Live chat is not available right now.</Text>
      </Center>
      {chrome.footer}
    </Stack>
  );
}
