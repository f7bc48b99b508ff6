import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import {
  ChatProvider,
  useConnectionState,
  useConversations,
  useUnreadCounts,
  type ChatStore,
  type ConversationMeta,
} from '@pando/data-access';
import {
  type ConnectionStatus,
  bareJid,
  isRoomJid,
  jidLocal,
  TEXTS,
  totalUnread,
} from '@pando/domain';
import { useAppServices } from '../../shell/services/AppServices';
import type { DirectConversation } from '../sidebarItems';
import { LiveConversation } from '../components/LiveConversation';
import { ChatRuntimeProvider, type ChatRuntimeValue } from './ChatRuntime';
import { useBrowserNotifications } from '../hooks/useBrowserNotifications';

function connectionOf(state: ConnectionStatus): ChatRuntimeValue['connection'] {
  if (state.status === 'online') return 'online';
  if (state.status === 'idle' || (state.status === 'connecting' && state.attempt <= 1)) {
    return 'connecting';
  }
  return 'offline';
}

function Bridge({ store, children }: { store: ChatStore; children: ReactNode }) {
  const unreadCounts = useUnreadCounts();
  const conversations = useConversations();
  const connection = useConnectionState();
  const { notifications } = useAppServices();
  const wasOffline = useRef(false);
  const state = connectionOf(connection);

  // Spec 01 §8 offline notices, on the chat connection as well as the browser's network.
  useEffect(() => {
    if (state === 'offline' && !wasOffline.current) {
      wasOffline.current = true;
      notifications.notify({ kind: 'warning', message: TEXTS.offline });
    } else if (state === 'online' && wasOffline.current) {
      wasOffline.current = false;
      notifications.notify({ kind: 'success', message: TEXTS.backOnline });
    }
  }, [state, notifications]);

  useBrowserNotifications(store);

  const directs = useMemo<DirectConversation[]>(
    () =>
      Object.values(conversations).flatMap((c) => {
        if (c.type !== 'chat' || isRoomJid(c.address)) return [];
        const last = c.lastMessage ?? c.messages[c.messages.length - 1];
        const mine = last ? bareJid(last.from) !== c.address : false;
        const name =
          (mine ? last?.displayNames?.recipient : last?.displayNames?.sender) ??
          jidLocal(c.address);
        return [{ address: c.address, userId: jidLocal(c.address), name }];
      }),
    [conversations],
  );

  const value = useMemo<ChatRuntimeValue>(
    () => ({
      unreadCounts,
      unreadTotal: totalUnread(unreadCounts),
      directs,
      connection: state,
      setAvailability: (status) => {
        // The REST call (PUT /users/me/status) is the shell's; the store sends it as chat
        // presence now and again on every (re)connect.
        // UNKNOWN (not yet loaded) is not an availability to announce.
        if (status !== 'UNKNOWN') store.setAvailability(status);
      },
      renderConversation: (target, chrome) => (
        <LiveConversation key={target.address} {...target} {...chrome} />
      ),
      sendText: async (address, text) => {
        await store.sendText(address, text);
      },
    }),
    [unreadCounts, directs, state, store],
  );
  return <ChatRuntimeProvider value={value}>{children}</ChatRuntimeProvider>;
}

export interface StoreChatRuntimeProps {
  /** A started ChatStore for the signed-in user (XmppTransport in the app, FakeTransport in demos). */
  store: ChatStore;
  /** The conversations the REST lists know (names and ids for sends and shares). */
  conversations?: readonly ConversationMeta[];
  children: ReactNode;
}

/** Exposes a ChatStore to the screens: the data-access chat hooks and the shell's ChatRuntime. */
export function StoreChatRuntime({ store, conversations, children }: StoreChatRuntimeProps) {
  useEffect(() => {
    if (conversations) store.registerConversations(conversations);
  }, [store, conversations]);
  return (
    <ChatProvider store={store}>
      <Bridge store={store}>{children}</Bridge>
    </ChatProvider>
  );
}
