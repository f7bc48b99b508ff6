export type {
  ChatTransport,
  TransportEvent,
  TransportListener,
  OutgoingMessage,
  InboxEntry,
  HistoryQuery,
  HistoryPage,
  SentMarkerType,
  PresenceAvailability,
} from './types';
export { systemClock, type Clock, type TimerHandle } from './clock';
export {
  RECONNECT_BASE_DELAY_MS,
  RECONNECT_MAX_DELAY_MS,
  CONNECT_ATTEMPT_TIMEOUT_MS,
  reconnectDelay,
} from './connection';
export { upgradeDelivery, conversationOf, mergeMessages, type DeliveryState } from './messages';
export {
  LocalStorageOutboxStorage,
  MemoryOutboxStorage,
  outboxKey,
  readOutbox,
  type OutboxStorage,
} from './outbox';
export {
  ChatStore,
  ChatSendError,
  browserNetworkStatus,
  HISTORY_TIMEOUT_MS,
  CATCH_UP_PAGE_SIZE,
  OUTBOX_BURST,
  OUTBOX_RATE_PER_SECOND,
  type ChatStoreOptions,
  type ChatSnapshot,
  type ConversationState,
  type ConversationMeta,
  type ChatNotice,
  type ChatLogger,
  type NetworkStatus,
  type ChatFile,
  type ChatUploads,
} from './ChatStore';
export {
  ChatProvider,
  useChatStore,
  useChatAvailable,
  useActiveConversation,
  useConnectionState,
  useChatOffline,
  useChatUnreachable,
  useUnreadCounts,
  useUnreadTotal,
  useUnreadCount,
  useConversation,
  useDirectConversations,
  useDeliveryStates,
  useUploadProgress,
  useLastActive,
  useUserStatus,
  type ChatProviderProps,
  type DirectConversation,
} from './ChatProvider';
export { XmppTransport, type XmppTransportOptions } from './XmppTransport';
export { bindDocumentVisibility } from './documentVisibility';
export { createChatUploads, createForumJoin, shareTargetOf } from './restSends';
