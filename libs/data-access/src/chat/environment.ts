import type { ConversationKind } from '@pando/domain';
import type { Clock } from './clock';
import type { OutboxStorage } from './outbox';
import type { ChatSnapshot } from './snapshot';
import type { ChatTransport } from './types';

// What the chat store is plugged into besides the transport: what the app knows about each
// conversation, where notices and logs go, the browser's network switch and the REST calls
// behind rich sends. The defaults here are the browser's; tests and stories inject their own.

/** What the app tells the store about a conversation (from the teams and users REST lists). */
export interface ConversationMeta {
  address: string;
  kind: ConversationKind;
  /** Display name: the other user's name or the team's, used as `displayNames.recipient`. */
  name: string;
  /** REST id of the user, team/forum or advice conversation (image and file shares). */
  id?: number | string;
  /** Advice conversations: the advice team's id. */
  teamId?: number | string;
  /** Forums: whether the current user is a member (sending into a forum joins it). */
  isMember?: boolean;
}

export interface ChatNotice {
  kind: 'error' | 'warning' | 'info' | 'success';
  message: string;
}

/** The pluggable logger (spec 01 §8; ARCHITECTURE "the client logger forwards warn/error"). */
export interface ChatLogger {
  info(message: string, context?: Record<string, unknown>): void;
  warn(message: string, context?: Record<string, unknown>): void;
  error(message: string, context?: Record<string, unknown>): void;
}

/** Browser connectivity (navigator.onLine and the online/offline events), injected for tests. */
export interface NetworkStatus {
  isOnline(): boolean;
  subscribe(listener: (online: boolean) => void): () => void;
}

/** A file or image the user picked (a DOM `File` satisfies it). */
export type ChatFile = Blob & { readonly name: string };

/** The REST calls behind rich sends (spec 01 §7 "Images and files"), wired by the app. */
export interface ChatUploads {
  /** POST /images/chat → the new record's id. */
  createChatImage(): Promise<{ id: string | number }>;
  /** PUT /images/chat/{id}, reporting progress as a fraction 0…1 when the platform can. */
  uploadChatImage(
    id: string | number,
    image: ChatFile,
    onProgress: (fraction: number) => void,
  ): Promise<void>;
  /** POST /images/chat/{id}/share/{users|teams|advice-conversation}/{id}, access_type READ. */
  shareChatImage(id: string | number, conversation: ConversationMeta): Promise<void>;
  /** POST /files with the conversation's ids → the file id. */
  uploadFile(file: ChatFile, conversation: ConversationMeta): Promise<{ id: string | number }>;
}

/** What a `ChatStore` is built from: the transport, the user and the adapters above. */
export interface ChatStoreOptions {
  transport: ChatTransport;
  /** The signed-in user: bare JID (`{uuid}@{domain}`) and display name. */
  user: { jid: string; name: string };
  /** The durable outbox (localStorage in the app, memory in tests). */
  outboxStorage: OutboxStorage;
  clock?: Clock;
  /** Backoff jitter source; tests pass a constant. */
  random?: () => number;
  logger?: ChatLogger;
  notify?: (notice: ChatNotice) => void;
  network?: NetworkStatus;
  uploads?: ChatUploads;
  /** Adds the user to a forum they are not a member of (spec 01 §4: sending into a forum). */
  joinForum?: (conversation: ConversationMeta) => Promise<void>;
  createId?: () => string;
  /**
   * Where the snapshot starts (issue 37): the encrypted offline copy's conversations, unread
   * counts and ticks (`restoredChat`), shown at once and merged with the session's answers.
   */
  restored?: Pick<ChatSnapshot, 'conversations' | 'unread' | 'delivery'> | undefined;
}

export const consoleLogger: ChatLogger = {
  info: (m, c) => {
    console.info(m, c ?? '');
  },
  warn: (m, c) => {
    console.warn(m, c ?? '');
  },
  error: (m, c) => {
    console.error(m, c ?? '');
  },
};

export const alwaysOnline: NetworkStatus = {
  isOnline: () => true,
  subscribe: () => () => undefined,
};

/** `navigator.onLine` with the window's online/offline events; always online outside a browser. */
export function browserNetworkStatus(): NetworkStatus {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return alwaysOnline;
  return {
    isOnline: () => navigator.onLine,
    subscribe: (listener) => {
      const on = () => {
        listener(true);
      };
      const off = () => {
        listener(false);
      };
      window.addEventListener('online', on);
      window.addEventListener('offline', off);
      return () => {
        window.removeEventListener('online', on);
        window.removeEventListener('offline', off);
      };
    },
  };
}

const notConnected = () => Promise.reject(new Error('no chat in this app'));

/** The transport of "no chat" (`ChatStore.unavailable()`): it never connects. */
export const UNAVAILABLE_TRANSPORT: ChatTransport = {
  jid: null,
  connect: notConnected,
  disconnect: () => Promise.resolve(),
  send: notConnected,
  sendMarker: notConnected,
  enableCarbons: notConnected,
  sendPresence: notConnected,
  fetchInbox: notConnected,
  fetchHistory: notConnected,
  lastActivity: notConnected,
  on: () => () => undefined,
};

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
