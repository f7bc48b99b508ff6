import { Center, Text } from '@mantine/core';
import { useChatRuntime, type ConversationTarget } from '../runtime/ChatRuntime';

/** The live conversation, or an honest notice when the app has no chat connection. */
export function ConversationArea(props: ConversationTarget) {
  const chat = useChatRuntime();
  if (chat.renderConversation) return <>{chat.renderConversation(props)}</>;
  return (
    <Center h="100%" p="md">
      <Text c="dimmed">Live chat is not available right now.</Text>
    </Center>
  );
}
