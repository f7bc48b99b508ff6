import { useEffect, useMemo, type ReactNode } from 'react';
import {
  ChatStore,
  CLIENT_HEADER,
  getChatToken,
  LocalStorageOutboxStorage,
  useHttpClient,
  useTeamsWithAdviceConversationsQuery,
  XmppTransport,
  type ConversationMeta,
} from '@pando/data-access';
import { isForum, roomJid, userJid, type RuntimeConfig } from '@pando/domain';
import { StoreChatRuntime, useAppServices, useViewer } from '@pando/features';
import { createChatUploads, createForumJoin } from './chatUploads';

/** `chat_websocket_url` may be relative (`/xmpp`): resolve it against the page, ws(s) scheme. */
export function chatServiceUrl(configured: string, pageUrl: string): string {
  const url = new URL(configured, pageUrl);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  return url.toString();
}

// A stopped ChatStore never restarts. StrictMode (development) runs every effect twice, so an
// effect's cleanup only schedules the stop, and the immediate second run for the same store
// cancels it; an unmount or a new store stops the old one for good on the next task.
const pendingStops = new WeakMap<object, ReturnType<typeof setTimeout>>();

export function useRunningStore(store: Pick<ChatStore, 'start' | 'stop'>): void {
  useEffect(() => {
    const pending = pendingStops.get(store);
    if (pending === undefined) {
      store.start();
    } else {
      clearTimeout(pending);
      pendingStops.delete(store);
    }
    return () => {
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

/**
 * The live chat for the signed-in user: a ChatStore over XmppTransport (password from
 * `GET /login/token` on every connect), started with the shell and stopped when it goes away.
 * The store exists from the first render, so the shell below mounts once, already inside the
 * chat runtime (creating it in an effect meant rendering the shell without it, then remounting
 * the whole shell when it arrived).
 */
export function ChatWiring({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  const viewer = useViewer();
  const http = useHttpClient();
  const { logger, notifications } = useAppServices();
  const { uuid, first_name, last_name, id: viewerId } = viewer;
  const lists = useTeamsWithAdviceConversationsQuery();
  // Constructing a store has no side effects (no connection, no timers): that is `start()`.
  const store = useMemo(
    () =>
      new ChatStore({
        transport: new XmppTransport({
          service: chatServiceUrl(config.chat_websocket_url, window.location.href),
          domain: config.chat_domain,
          userUuid: uuid,
          getChatToken: async () => (await getChatToken(http)).token,
        }),
        user: { jid: userJid(uuid, config.chat_domain), name: `${first_name} ${last_name}` },
        outboxStorage: new LocalStorageOutboxStorage(`pando.outbox.${uuid}`),
        logger,
        notify: (notice) => notifications.notify(notice),
        uploads: createChatUploads(http, {
          [CLIENT_HEADER]: `web/${__PANDO_VERSION__} (${__PANDO_BUILD__})`,
        }),
        joinForum: createForumJoin(http, viewerId),
      }),
    [config, http, uuid, first_name, last_name, viewerId, logger, notifications],
  );
  useRunningStore(store);
  // Names and REST ids of every room the lists know: image/file shares and forum joins need them,
  // and an incoming message shows under the right name before its pane was ever opened.
  const data = lists.data;
  const conversations = useMemo<ConversationMeta[]>(() => {
    if (!data) return [];
    const rooms = [...data.teams, ...data.forums].map((team): ConversationMeta => ({
      address: roomJid(team.mim_id, config.chat_domain),
      kind: isForum(team) ? 'forum' : 'team',
      name: team.name,
      id: team.id,
      isMember: team.user_ids.includes(viewerId),
    }));
    const advice = data.advice_conversations.map((c): ConversationMeta => ({
      address: roomJid(c.mim_id, config.chat_domain),
      kind: 'advice',
      name: c.team?.name ?? 'Advice',
      id: c.id,
      teamId: c.team?.id ?? c.team_id,
    }));
    return [...rooms, ...advice];
  }, [data, config.chat_domain, viewerId]);
  return (
    <StoreChatRuntime store={store} conversations={conversations}>
      {children}
    </StoreChatRuntime>
  );
}
