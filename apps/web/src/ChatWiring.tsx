import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  ChatStore,
  getChatToken,
  LocalStorageOutboxStorage,
  useHttpClient,
  XmppTransport,
} from '@pando/data-access';
import { userJid, type RuntimeConfig } from '@pando/domain';
import { StoreChatRuntime, useAppServices, useViewer } from '@pando/features';

/** `chat_websocket_url` may be relative (`/xmpp`): resolve it against the page, ws(s) scheme. */
export function chatServiceUrl(configured: string, pageUrl: string): string {
  const url = new URL(configured, pageUrl);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  return url.toString();
}

/**
 * The live chat for the signed-in user: a ChatStore over XmppTransport (password from
 * `GET /login/token` on every connect), started with the shell and stopped when it goes away.
 */
export function ChatWiring({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  const viewer = useViewer();
  const http = useHttpClient();
  const { logger, notifications } = useAppServices();
  const [store, setStore] = useState<ChatStore | null>(null);
  const { uuid, first_name, last_name } = viewer;
  // A stopped store never restarts, so each mount (StrictMode mounts twice) makes its own.
  useEffect(() => {
    const created = new ChatStore({
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
    });
    created.start();
    setStore(created);
    return () => {
      void created.stop();
    };
  }, [config, http, uuid, first_name, last_name, logger, notifications]);
  const conversations = useMemo(() => [], []);
  if (!store) return <>{children}</>;
  return (
    <StoreChatRuntime store={store} conversations={conversations}>
      {children}
    </StoreChatRuntime>
  );
}
