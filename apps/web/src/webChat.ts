import { getChatToken, LocalStorageOutboxStorage, XmppTransport } from '@pando/data-access';
import type { RuntimeConfig } from '@pando/domain';
import type { ChatAdapter, ChatSession } from '@pando/features';
import type { ChatTransport } from '@pando/data-access';

/** `chat_websocket_url` may be relative (`/xmpp`): resolve it against the page, ws(s) scheme. */
export function chatServiceUrl(configured: string, pageUrl: string): string {
  const url = new URL(configured, pageUrl);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  return url.toString();
}

/**
 * The web app's chat: XmppTransport to the configured server (password from `GET /login/token`
 * on every connect) and the outbox in this user's localStorage key, so a message typed offline
 * survives a reload. Its own chunk (the XMPP client is the biggest part behind the login).
 * `transport` is replaceable for the wiring test only; everything else is what production runs.
 */
export function webChat(
  config: RuntimeConfig,
  transport: (session: ChatSession) => ChatTransport = ({ viewer, http }) =>
    new XmppTransport({
      service: chatServiceUrl(config.chat_websocket_url, window.location.href),
      domain: config.chat_domain,
      userUuid: viewer.uuid,
      getChatToken: async () => (await getChatToken(http)).token,
    }),
): ChatAdapter {
  return {
    transport,
    outboxStorage: ({ viewer }) => LocalStorageOutboxStorage.forUser(viewer.uuid),
  };
}
