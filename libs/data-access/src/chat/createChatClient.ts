import { userJid } from '@pando/domain';
import {
  ChatStore,
  browserNetworkStatus,
  type ChatLogger,
  type ChatNotice,
  type ChatUploads,
  type ConversationMeta,
} from './ChatStore';
import { LocalStorageOutboxStorage } from './outbox';
import { XmppTransport } from './XmppTransport';

export interface CreateChatClientOptions {
  /** From `GET /api/config`: `chat_websocket_url` and `chat_domain`. */
  runtimeConfig: { chat_websocket_url: string; chat_domain: string };
  /** The signed-in user (`GET /login/current`). */
  user: { uuid: string; first_name: string; last_name: string };
  /** `GET /api/v4/login/token` → token; called on every (re)connect. */
  getChatToken: () => Promise<string>;
  uploads?: ChatUploads;
  joinForum?: (conversation: ConversationMeta) => Promise<void>;
  notify?: (notice: ChatNotice) => void;
  logger?: ChatLogger;
}

/**
 * The production wiring: XmppTransport to the configured chat server, the outbox in this
 * user's localStorage key, the browser's online/offline events. Call `store.start()` after
 * login and `store.stop()` on logout; pair with `bindDocumentVisibility`.
 */
export function createChatClient(options: CreateChatClientOptions): ChatStore {
  const { runtimeConfig, user } = options;
  const transport = new XmppTransport({
    service: runtimeConfig.chat_websocket_url,
    domain: runtimeConfig.chat_domain,
    userUuid: user.uuid,
    getChatToken: options.getChatToken,
  });
  return new ChatStore({
    transport,
    user: {
      jid: userJid(user.uuid, runtimeConfig.chat_domain),
      name: `${user.first_name} ${user.last_name}`.trim(),
    },
    outboxStorage: LocalStorageOutboxStorage.forUser(user.uuid),
    network: browserNetworkStatus(),
    ...(options.uploads ? { uploads: options.uploads } : {}),
    ...(options.joinForum ? { joinForum: options.joinForum } : {}),
    ...(options.notify ? { notify: options.notify } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
}

/**
 * Keeps the store told whether the tab is visible, so a hidden tab neither marks messages
 * displayed nor hides their unread count. Returns the unsubscribe function.
 */
export function bindDocumentVisibility(store: ChatStore, doc: Document = document): () => void {
  const update = () => {
    store.setVisible(doc.visibilityState === 'visible');
  };
  update();
  doc.addEventListener('visibilitychange', update);
  return () => {
    doc.removeEventListener('visibilitychange', update);
  };
}
