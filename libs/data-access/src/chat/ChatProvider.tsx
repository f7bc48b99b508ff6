import { INITIAL_MESSAGE_LOADING, type ConnectionStatus } from '@pando/domain';
import {
  createContext,
  useCallback,
  useContext,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { ChatStore, ChatSnapshot, ConversationState } from './ChatStore';
import type { DeliveryState } from './messages';

const ChatStoreContext = createContext<ChatStore | null>(null);

export interface ChatProviderProps {
  /** The store the app created (and started) for the signed-in user. */
  store: ChatStore;
  children?: ReactNode;
}

/** Makes one `ChatStore` available to the chat hooks below it. */
export function ChatProvider({ store, children }: ChatProviderProps) {
  return <ChatStoreContext.Provider value={store}>{children}</ChatStoreContext.Provider>;
}

/** The store itself, for actions (send, loadMore, openConversation…). Throws outside the provider. */
export function useChatStore(): ChatStore {
  const store = useContext(ChatStoreContext);
  if (!store) throw new Error('useChatStore must be used inside <ChatProvider>');
  return store;
}

/**
 * A slice of the snapshot. The selector must return something stable for an unchanged
 * snapshot (a field of it), which every hook here does: the snapshot is immutable and only
 * the parts that changed are new objects.
 */
export function useChatSelector<T>(selector: (snapshot: ChatSnapshot) => T): T {
  const store = useChatStore();
  const get = useCallback(() => selector(store.getSnapshot()), [store, selector]);
  return useSyncExternalStore(store.subscribe, get, get);
}

const selectConnection = (s: ChatSnapshot) => s.connection;
const selectUnread = (s: ChatSnapshot) => s.unread;
const selectOffline = (s: ChatSnapshot) => s.offline;
const selectDelivery = (s: ChatSnapshot) => s.delivery;
const selectUploads = (s: ChatSnapshot) => s.uploads;
const selectLastActive = (s: ChatSnapshot) => s.lastActive;
const selectConversations = (s: ChatSnapshot) => s.conversations;

/** The tagged-union connection state. */
export function useConnectionState(): ConnectionStatus {
  return useChatSelector(selectConnection);
}

/** The offline flag (browser has no network). */
export function useChatOffline(): boolean {
  return useChatSelector(selectOffline);
}

/** Unread counts per chat address. */
export function useUnreadCounts(): Readonly<Record<string, number>> {
  return useChatSelector(selectUnread);
}

/** All conversations the store knows (inbox and opened ones). */
export function useConversations(): Readonly<Record<string, ConversationState>> {
  return useChatSelector(selectConversations);
}

const EMPTY: ConversationState = {
  address: '',
  type: 'chat',
  messages: [],
  loading: INITIAL_MESSAGE_LOADING,
};

/** One conversation's messages and loading state (an empty one until something is known). */
export function useConversation(address: string): ConversationState {
  const conversations = useChatSelector(selectConversations);
  return conversations[address] ?? EMPTY;
}

/** Delivery states of sent messages, by message id. */
export function useDeliveryStates(): Readonly<Record<string, DeliveryState>> {
  return useChatSelector(selectDelivery);
}

/** Upload progress (0…1) of images being sent, by message id. */
export function useUploadProgress(): Readonly<Record<string, number>> {
  return useChatSelector(selectUploads);
}

/** When the other user was last active (ms since epoch), null when unknown. */
export function useLastActive(address: string): number | null | undefined {
  return useChatSelector(selectLastActive)[address];
}
