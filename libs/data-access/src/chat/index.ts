// The chat client's public surface: what the apps, features and the chat-client suite use.
export type { ChatTransport } from './types';
export { LocalStorageOutboxStorage, type OutboxStorage } from './outbox';
export { ChatStore } from './ChatStore';
export type { ConversationMeta, NetworkStatus, ChatFile } from './environment';
export {
  ChatProvider,
  useChatStore,
  useChatAvailable,
  useActiveConversation,
  useConnectionState,
  useChatOffline,
  useQueuedMessageCount,
  useChatUnreachable,
  useUnreadCounts,
  useUnreadTotal,
  useUnreadCount,
  useConversation,
  useDirectConversations,
  useDeliveryStates,
  useUploadProgress,
  useLastActive,
  useAskedLastActive,
  useUserStatus,
} from './ChatProvider';
export type { DirectConversation } from './directs';
export { XmppTransport } from './XmppTransport';
export { bindDocumentVisibility } from './documentVisibility';
export { createChatUploads, createForumJoin, shareTargetOf } from './restSends';
