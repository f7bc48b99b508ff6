import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  bindDocumentVisibility,
  ChatProvider,
  ChatStore,
  createChatUploads,
  CHAT,
  createForumJoin,
  getChatRoom,
  persistChat,
  restoredChat,
  isInactiveAdviceTeam,
  refreshAfterRoomChange,
  teamKeys,
  useActiveConversation,
  useChatOffline,
  useChatUnreachable,
  useConnectionState,
  useDirectConversations,
  useHttpClient,
  useOfflineCopy,
  useTeamsWithAdviceConversationsQuery,
  useUserStatusesQuery,
  type ChatTransport,
  type ConversationMeta,
  type HttpClient,
  type HttpLogger,
  type NetworkStatus,
  type OutboxStorage,
} from '@pando/data-access';
import {
  displayName,
  isForum,
  isRoomJid,
  jidLocal,
  roomJid,
  TEXTS,
  userJid,
  type CurrentUser,
} from '@pando/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useViewer } from '../../common/viewer';
import { AppErrorBoundary } from '../../common/AppErrorBoundary';
import { useAppServices } from '../../common/AppServices';
import { useBrowserNotifications } from '../hooks/useBrowserNotifications';

/** Who the chat connects as, and the HTTP client of the app (chat token, uploads). */
export interface ChatSession {
  viewer: CurrentUser;
  /** `{uuid}@{chat domain}`. */
  jid: string;
  http: HttpClient;
}

/**
 * What differs between the apps' chats; everything else (the store, the outbox rules, read
 * state and visibility, REST sends, the conversations the lists know) is wired once, here.
 * The web app: XmppTransport to the configured server, the outbox in localStorage. The demo and
 * the Screens stories: a transport on `FakeChatNetwork` and an outbox in memory.
 */
export interface ChatAdapter {
  transport(session: ChatSession): ChatTransport;
  /** Where queued messages survive a reload (web: `LocalStorageOutboxStorage.forUser`). */
  outboxStorage(session: ChatSession): OutboxStorage;
  /** Browser online/offline; the store's default (`browserNetworkStatus`) when absent. */
  network?: NetworkStatus;
}

// A stopped ChatStore never restarts. StrictMode (development) runs every effect twice, so an
// effect's cleanup only schedules the stop, and the immediate second run for the same store
// cancels it; an unmount or a new store stops the old one for good on the next task.
const pendingStops = new WeakMap<object, ReturnType<typeof setTimeout>>();
// A store's start waits for the browser to be idle (`whenIdle`); an unmount before it cancels it.
const pendingStarts = new WeakMap<object, () => void>();
const started = new WeakSet<object>();

/**
 * The longest a chat start waits for an idle main thread: a page that is never idle (an
 * animation, a slow phone still rendering) still connects.
 */
const CHAT_START_WAIT_MS = 2000;

/**
 * Runs `run` once the main thread is idle (after the first screen has rendered and painted), at
 * the latest after CHAT_START_WAIT_MS; returns the cancel. Without requestIdleCallback (Safari,
 * jsdom): on the next task.
 */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: CHAT_START_WAIT_MS });
    return () => {
      window.cancelIdleCallback(id);
    };
  }
  const id = setTimeout(run, 0);
  return () => {
    clearTimeout(id);
  };
}

/**
 * Starts the store once the screen it belongs to has painted, and stops it when the shell goes
 * away. The connection (token, socket, roster, inbox) is the largest piece of work of a page load
 * after React's render, and nothing on the first screen waits for it: the lists come over REST,
 * the copy's conversations are in the store from its construction. Started with the render, it
 * ran beside it: the chat list was interactive 0.24 s later on a first visit at 1x CPU
 * (bench:web:chatlist, 3 samples each: 992 → 767 ms; bench/RESULTS.md, issue 37).
 */
export function useRunningStore(store: Pick<ChatStore, 'start' | 'stop'>): void {
  useEffect(() => {
    const pending = pendingStops.get(store);
    if (pending !== undefined) {
      clearTimeout(pending);
      pendingStops.delete(store);
    }
    if (!started.has(store) && !pendingStarts.has(store)) {
      pendingStarts.set(
        store,
        whenIdle(() => {
          pendingStarts.delete(store);
          started.add(store);
          store.start();
        }),
      );
    }
    return () => {
      pendingStarts.get(store)?.();
      pendingStarts.delete(store);
      pendingStops.set(
        store,
        setTimeout(() => {
          pendingStops.delete(store);
          void store.stop();
        }, 0),
      );
    };
  }, [store]);
}

/** Names and REST ids of every room the sidebar lists know (shares, forum joins, names). */
function useListedConversations(
  viewerId: number,
  chatDomain: string,
): ConversationMeta[] | undefined {
  const { data } = useTeamsWithAdviceConversationsQuery();
  return useMemo<ConversationMeta[] | undefined>(() => {
    if (!data) return undefined;
    const rooms = [...data.teams, ...data.forums].map((team): ConversationMeta => ({
      address: roomJid(team.mim_id, chatDomain),
      kind: isForum(team) ? 'forum' : 'team',
      name: team.name,
      id: team.id,
      isMember: team.user_ids.includes(viewerId),
    }));
    const advice = data.advice_conversations.map((c): ConversationMeta => ({
      address: roomJid(c.mim_id, chatDomain),
      kind: 'advice',
      name: c.team?.name ?? 'Advice',
      id: c.id,
      teamId: c.team?.id ?? c.team_id,
    }));
    return [...rooms, ...advice];
  }, [data, chatDomain, viewerId]);
}

/**
 * Spec 01 §8 offline notices for the chat connection (the store gives them for the browser's
 * network), and browser notifications for messages arriving in a hidden tab. Renders nothing;
 * reads only the connection state, so messages do not re-render it.
 */
function ChatNotices({ store }: { store: ChatStore }) {
  const { notifications } = useAppServices();
  const online = useConnectionState().status === 'online';
  // The store itself gives the notices for the browser's network; these are for the chat server.
  const browserOffline = useChatOffline();
  const offline = useChatUnreachable() && !browserOffline;
  const wasOffline = useRef(false);
  useEffect(() => {
    if (offline && !wasOffline.current) {
      wasOffline.current = true;
      notifications.notify({ kind: 'warning', message: TEXTS.offline });
    } else if (online && wasOffline.current) {
      wasOffline.current = false;
      notifications.notify({ kind: 'success', message: TEXTS.backOnline });
    }
  }, [offline, online, notifications]);
  useBrowserNotifications(store);
  return null;
}

/**
 * Spec 01 §7/§9: other people's availability, polled every 30 s (`GET /users/statuses`) into the
 * store's user-status index, for the people the viewer can see: their direct conversations and
 * the person whose chat is open. Screens read it with `useUserStatus(uuid)`.
 */
function StatusPoll({ store }: { store: ChatStore }) {
  const directs = useDirectConversations();
  const active = useActiveConversation();
  const uuids = useMemo(() => {
    const people = directs.map((d) => d.userId);
    if (active && !isRoomJid(active)) people.push(jidLocal(active));
    return people;
  }, [directs, active]);
  const { data } = useUserStatusesQuery(uuids);
  useEffect(() => {
    if (data) store.setUserStatuses(Object.fromEntries(data.map((e) => [e.id, e.status])));
  }, [data, store]);
  return null;
}

/**
 * A room the sidebar lists do not know (added to a team by someone else, a new advice request to
 * the viewer's advice team) is looked up once with `GET /chat-room/{mimId}` as its first message
 * or inbox entry arrives: the store learns its name and kind, and the lists are refetched so it
 * shows. Spec 01 §8: ADVICE_TEAM_NOT_ACTIVE is ignored (info log); other errors are logged.
 */
function UnknownRooms({
  store,
  listed,
}: {
  store: ChatStore;
  listed: readonly ConversationMeta[] | undefined;
}) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const { logger } = useAppServices();
  const asked = useRef(new Set<string>());
  useEffect(() => {
    if (!listed) return undefined;
    const known = new Set(listed.map((c) => c.address));
    const check = () => {
      for (const address of Object.keys(store.getSnapshot().conversations)) {
        if (!isRoomJid(address) || known.has(address) || asked.current.has(address)) continue;
        asked.current.add(address);
        getChatRoom(http, jidLocal(address)).then(
          async (room) => {
            store.registerConversations([
              room.type === 'TEAM'
                ? {
                    address,
                    kind: isForum(room.entity) ? 'forum' : 'team',
                    name: room.entity.name,
                    id: room.entity.id,
                  }
                : {
                    address,
                    kind: 'advice',
                    name: room.entity.team?.name ?? 'Advice',
                    id: room.entity.id,
                    teamId: room.entity.team?.id ?? room.entity.team_id,
                  },
            ]);
            await queryClient.invalidateQueries({ queryKey: teamKeys.lists() });
          },
          (error: unknown) => {
            if (isInactiveAdviceTeam(error))
              logger.info('chat room of an inactive advice team', { address });
            else logger.warn('chat room lookup failed', { address, error: String(error) });
          },
        );
      }
    };
    check();
    return store.subscribe(check);
  }, [store, listed, http, queryClient, logger]);
  return null;
}

/**
 * Issue 35 "live state between people": when someone else changes a room the viewer is in (adds,
 * removes, renames, resolves or accepts advice), the chat server tells its occupants (MUC Light
 * affiliation and configuration messages, advice resolution lines) and the REST answers showing
 * the room are refetched: member lists, team panels, sidebars and advice actions follow at once.
 */
function RoomChanges({ store }: { store: ChatStore }) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      store.onRoomChange((change) => {
        void refreshAfterRoomChange(queryClient, change);
      }),
    [store, queryClient],
  );
  // Changes made while there was no chat session (the app starting, offline, a server restart)
  // reached nobody in this tab: whenever a session starts, everything the room changes would
  // refresh is refetched once (a fetch already under way, e.g. the first lists, is kept).
  const online = useConnectionState().status === 'online';
  useEffect(() => {
    if (online)
      void refreshAfterRoomChange(queryClient, { kind: 'members' }, { cancelRefetch: false });
  }, [online, queryClient]);
  return null;
}

interface ChatWiringProps {
  adapter: ChatAdapter;
  children: ReactNode;
}

/**
 * The live chat of the signed-in user, the same in every app. The store exists from the first
 * render (constructing it has no side effects), so the shell below mounts once, already inside
 * the chat; it is started and stopped in an effect, told whether the tab is visible, and told
 * the names and ids of the conversations the REST lists know.
 */
function ChatWiring({ adapter, children }: ChatWiringProps) {
  const viewer = useViewer();
  const http = useHttpClient();
  const { logger, notifications, chatDomain } = useAppServices();
  const copy = useOfflineCopy();
  const store = useMemo(() => {
    const session: ChatSession = { viewer, jid: userJid(viewer.uuid, chatDomain), http };
    return new ChatStore({
      transport: adapter.transport(session),
      user: { jid: session.jid, name: displayName(viewer) },
      outboxStorage: adapter.outboxStorage(session),
      logger,
      notify: (notice) => notifications.notify(notice),
      uploads: createChatUploads(http),
      joinForum: createForumJoin(http, viewer.id),
      ...(adapter.network ? { network: adapter.network } : {}),
      // Issue 37: the conversations the person saw last time, at once (offline too).
      restored: copy ? restoredChat(copy.read(CHAT)?.value) : undefined,
    });
    // `viewer` is React Query data: a refetch that changed nothing keeps the same object (its
    // structural sharing), so the store is rebuilt only for another person or their new name.
  }, [adapter, viewer, chatDomain, http, logger, notifications, copy]);
  useRunningStore(store);
  useEffect(() => (copy ? persistChat(store, copy) : undefined), [store, copy]);
  useEffect(() => bindDocumentVisibility(store), [store]);
  const conversations = useListedConversations(viewer.id, chatDomain);
  useEffect(() => {
    if (conversations) store.registerConversations(conversations);
  }, [store, conversations]);
  return (
    <ChatProvider store={store}>
      <ChatNotices store={store} />
      <StatusPoll store={store} />
      <UnknownRooms store={store} listed={conversations} />
      <RoomChanges store={store} />
      {children}
    </ChatProvider>
  );
}

/** "No chat": the panes say live chat is not available; sends are refused with a notice. */
function NoChat({ children }: { children: ReactNode }) {
  const [store] = useState(() => ChatStore.unavailable());
  return <ChatProvider store={store}>{children}</ChatProvider>;
}

export interface ChatRootProps {
  /** The app's chat; none = the app runs without a live chat. */
  adapter: ChatAdapter | undefined;
  logger: HttpLogger;
  children: ReactNode;
}

/**
 * The one chat context around the signed-in shell. A crash in the chat leaves the rest of the
 * app usable: the shell is shown again without a chat (the panes say chat is off). A crash of the
 * shell itself goes on crashing there: the inner boundary shows the error screen then, instead
 * of this boundary catching it again and remounting the shell in a loop (a chunk that could not
 * be loaded was re-requested ~20 times a second). A chunk failure is never given the fallback
 * (AppErrorBoundary): the screen offers a reload.
 */
export function ChatRoot({ adapter, logger, children }: ChatRootProps) {
  if (!adapter) return <NoChat>{children}</NoChat>;
  return (
    <AppErrorBoundary
      logger={logger}
      fallback={
        <NoChat>
          <AppErrorBoundary logger={logger}>{children}</AppErrorBoundary>
        </NoChat>
      }
    >
      <ChatWiring adapter={adapter}>{children}</ChatWiring>
    </AppErrorBoundary>
  );
}
