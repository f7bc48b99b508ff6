import {
  INITIAL_MESSAGE_LOADING,
  totalUnread,
  type ConnectionStatus,
  type DeliveryState,
  type UserStatus,
} from '@pando/domain';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { ChatStore } from './ChatStore';
import { directsOf, type DirectConversation } from './directs';
import type { ChatSnapshot, ConversationState } from './snapshot';

const ChatStoreContext = createContext<ChatStore | null>(null);

export interface ChatProviderProps {
  /**
   * The store the app created for the signed-in user, or `ChatStore.unavailable()` when the app
   * runs without a chat (its snapshot says so: `available: false`).
   */
  store: ChatStore;
  children?: ReactNode;
}

/**
 * The one chat context: makes one `ChatStore` available to the hooks below it. Every hook reads
 * a slice through a selector, so a message re-renders only what shows its conversation.
 */
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
 * A slice of the snapshot; the component re-renders only when the slice changes (`isEqual`,
 * `Object.is` by default). A selector that builds a new object each time must pass an `isEqual`
 * that compares contents: the last equal result is returned, so React sees no change.
 */
function useChatSelector<T>(
  selector: (snapshot: ChatSnapshot) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const store = useChatStore();
  const last = useRef<{ snapshot: ChatSnapshot; selector: unknown; value: T } | null>(null);
  const get = useCallback(() => {
    const snapshot = store.getSnapshot();
    const previous = last.current?.selector === selector ? last.current : null;
    if (previous?.snapshot === snapshot) return previous.value;
    const value = selector(snapshot);
    const kept = previous && isEqual(previous.value, value) ? previous.value : value;
    last.current = { snapshot, selector, value: kept };
    return kept;
  }, [store, selector, isEqual]);
  return useSyncExternalStore(store.subscribe, get, get);
}

function shallowEqualRecords<V>(a: Readonly<Record<string, V>>, b: Readonly<Record<string, V>>) {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.is(a[k], b[k]));
}

const selectConnection = (s: ChatSnapshot) => s.connection;
const selectUnread = (s: ChatSnapshot) => s.unread;
const selectUnreadTotal = (s: ChatSnapshot) => totalUnread(s.unread);
const selectOffline = (s: ChatSnapshot) => s.offline;
const selectAvailable = (s: ChatSnapshot) => s.available;
const selectUploads = (s: ChatSnapshot) => s.uploads;
const selectActive = (s: ChatSnapshot) => s.activeConversation;
const selectConnected = (s: ChatSnapshot) => s.connection.status === 'online';

/** Whether the app has a live chat at all (false on `ChatStore.unavailable()`). */
export function useChatAvailable(): boolean {
  return useChatSelector(selectAvailable);
}

/** The address of the conversation on screen, null when none. */
export function useActiveConversation(): string | null {
  return useChatSelector(selectActive);
}

/** The tagged-union connection state. */
export function useConnectionState(): ConnectionStatus {
  return useChatSelector(selectConnection);
}

/**
 * No way to the chat server now: the browser is offline, or the connection failed and is being
 * retried (the first attempt still under way does not count). Messages written meanwhile wait in
 * the durable outbox.
 */
function isChatUnreachable(s: Pick<ChatSnapshot, 'offline' | 'connection'>): boolean {
  if (s.offline) return true;
  const { connection } = s;
  return (
    connection.status === 'disconnected' ||
    (connection.status === 'connecting' && connection.attempt > 1)
  );
}

/** See `isChatUnreachable` (the composer's offline notice, the shell's offline notices). */
export function useChatUnreachable(): boolean {
  return useChatSelector(isChatUnreachable);
}

/** The offline flag (browser has no network). */
export function useChatOffline(): boolean {
  return useChatSelector(selectOffline);
}

const selectQueued = (s: ChatSnapshot) => s.outbox.length;

/** How many messages wait in the durable outbox (the logout dialog warns of them, issue 37). */
export function useQueuedMessageCount(): number {
  return useChatSelector(selectQueued);
}

/** Unread counts per chat address (the sidebar; changes only when a count does). */
export function useUnreadCounts(): Readonly<Record<string, number>> {
  return useChatSelector(selectUnread);
}

/** The unread total (the title, the menu): re-renders only when the total changes. */
export function useUnreadTotal(): number {
  return useChatSelector(selectUnreadTotal);
}

/** One conversation's unread count. */
export function useUnreadCount(address: string): number {
  return useChatSelector(useCallback((s: ChatSnapshot) => s.unread[address] ?? 0, [address]));
}

const EMPTY: ConversationState = {
  address: '',
  type: 'chat',
  messages: [],
  loading: INITIAL_MESSAGE_LOADING,
};

/**
 * One conversation's messages and loading state (an empty one until something is known). The
 * store replaces a conversation's object only when it changes, so a message elsewhere does not
 * re-render this.
 */
export function useConversation(address: string): ConversationState {
  return useChatSelector(
    useCallback((s: ChatSnapshot) => s.conversations[address] ?? EMPTY, [address]),
  );
}

const directsOfSnapshot = (s: ChatSnapshot) => directsOf(Object.values(s.conversations));

function sameDirects(a: readonly DirectConversation[], b: readonly DirectConversation[]) {
  if (a.length !== b.length) return false;
  return a.every((d, i) => {
    const other = b[i];
    return other !== undefined && d.address === other.address && d.name === other.name;
  });
}

/** The direct conversations (sidebar "Direct messages"); a new message in one does not change it. */
export function useDirectConversations(): readonly DirectConversation[] {
  return useChatSelector(directsOfSnapshot, sameDirects);
}

/**
 * Delivery states of the messages of one conversation, by message id: a send elsewhere does not
 * re-render this conversation.
 */
export function useDeliveryStates(address: string): Readonly<Record<string, DeliveryState>> {
  // The walk over the conversation's messages (10,000 in a long one) runs again only when that
  // conversation or the delivery map changed: both are replaced, never edited, by the store.
  const select = useMemo(() => {
    let seen: { conversation: unknown; delivery: unknown; states: Record<string, DeliveryState> } =
      { conversation: undefined, delivery: undefined, states: {} };
    return (s: ChatSnapshot) => {
      const conversation = s.conversations[address];
      if (conversation === seen.conversation && s.delivery === seen.delivery) return seen.states;
      const states: Record<string, DeliveryState> = {};
      for (const m of conversation?.messages ?? []) {
        const state = s.delivery[m.id];
        if (state !== undefined) states[m.id] = state;
      }
      seen = { conversation, delivery: s.delivery, states };
      return states;
    };
  }, [address]);
  return useChatSelector(select, shallowEqualRecords);
}

/** Upload progress (0…1) of images being sent, by message id. */
export function useUploadProgress(): Readonly<Record<string, number>> {
  return useChatSelector(selectUploads);
}

/** When the other user was last active (ms since epoch), null when unknown. */
export function useLastActive(address: string): number | null | undefined {
  return useChatSelector(useCallback((s: ChatSnapshot) => s.lastActive[address], [address]));
}

/**
 * `useLastActive` for a person whose chat is not open: asks the chat server once, and again when the
 * connection comes (back) up (the admin console's user detail, spec 02 §2).
 */
export function useAskedLastActive(address: string): number | null | undefined {
  const store = useChatStore();
  const up = useChatSelector(selectConnected);
  useEffect(() => {
    if (up) store.askLastActive(address);
  }, [store, address, up]);
  return useLastActive(address);
}

/** The user-status index (AVAILABLE, UNAVAILABLE, UNKNOWN) of one person, by uuid. */
export function useUserStatus(uuid: string): UserStatus | undefined {
  return useChatSelector(useCallback((s: ChatSnapshot) => s.userStatus[uuid], [uuid]));
}
