import type { ChatMessage, MarkerType } from '@pando/domain';

/** A chat marker a transport sends or receives (`urn:xmpp:chat-markers:0`). */
export type SentMarkerType = Extract<MarkerType, 'received' | 'displayed'>;

/** What the store hands a transport to send: a message already encoded by the domain codec. */
export interface OutgoingMessage {
  /** Client id; the server stores an id once, so a resend with the same id is harmless. */
  id: string;
  /** Bare JID of the user or the MUC Light room. */
  to: string;
  type: ChatMessage['type'];
  subject: string;
  body: string;
  displayNames: { sender: string; recipient: string };
  /** The sender's clock, ms since epoch. */
  sendTimestamp: number;
}

/**
 * The availability the user chose (spec 01 §2 header toggle), as chat presence: AVAILABLE is a
 * plain available presence, UNAVAILABLE is `<show>dnd</show>` ("do not disturb": still online,
 * messages still arrive). The domain's status word travels in `<status>` for our own clients.
 */
export type PresenceAvailability = 'AVAILABLE' | 'UNAVAILABLE';

/** One conversation of the inbox (ESL inbox): its unread count and last message. */
export interface InboxEntry {
  /** Bare JID of the other user or of the room. */
  address: string;
  unread: number;
  lastMessage?: ChatMessage;
}

/**
 * One MAM query (`urn:xmpp:mam:2` + RSM). Backward pages use `before` (an archive id, or
 * `''` for the newest page) and `end`; catch-up after a reconnect pages forward with `after`.
 */
export interface HistoryQuery {
  /** Bare JID of the other user (1:1) or of the room. */
  with: string;
  max: number;
  before?: string;
  after?: string;
  /** Only messages at or before this time (ms). */
  end?: number;
  /** Only messages at or after this time (ms). */
  start?: number;
}

export interface HistoryPage {
  /** Oldest first; each has `historical: true` and its archive id in `archiveIds`. */
  messages: ChatMessage[];
  /** Archive id per message id, for RSM paging. */
  archiveIds: Record<string, string>;
  /** RSM first/last archive ids of the page. */
  first?: string;
  last?: string;
  /** The archive says there is nothing further in the paging direction. */
  complete: boolean;
  /**
   * Received/displayed markers the archive returned with the page (MongooseIM archives markers;
   * our server returns each other reader's latest with every page of a conversation): they
   * restore the delivery state of our own messages after a reload and on our other devices.
   */
  markers?: HistoryMarker[];
}

/** A marker from the archive: `from` is the reader's bare JID (in a room, the occupant's). */
export interface HistoryMarker {
  from: string;
  type: SentMarkerType;
  /** The marked message's id. */
  id: string;
}

/** Events a transport emits; the store is the only listener in the app. */
export type TransportEvent =
  | {
      type: 'message';
      message: ChatMessage;
      /** The archive id the server stamped (XEP-0359 stanza-id), when present. */
      archiveId?: string;
      /** Set for a carbon copy (`urn:xmpp:carbons:2`): another resource of ours sent or got it. */
      carbon?: 'sent' | 'received';
    }
  | {
      type: 'marker';
      /** Bare JID of who sent the marker. In a room: the occupant's bare JID. */
      from: string;
      /** Conversation address as seen by us (other user or room). */
      conversation: string;
      marker: { type: MarkerType; id: string };
      carbon?: 'sent' | 'received';
    }
  /** Stream management acknowledged a message we sent: the server stored it. */
  | { type: 'acked'; id: string }
  /** The server refused a message we sent (stanza error). */
  | { type: 'sendError'; id: string; condition: string }
  /** The session ended (socket cut, stream error, server shutdown). */
  | { type: 'disconnected'; reason: string }
  /** MUC Light affiliation change: we were added to or removed from a room. */
  | { type: 'affiliations'; room: string; members: { user: string; affiliation: string }[] }
  /** MUC Light configuration change (`urn:xmpp:muclight:0#configuration`): renamed, etc. */
  | { type: 'roomConfig'; room: string };

/**
 * Something the REST side shows about a room changed under the viewer (issue 35 "live state
 * between people"): its members (`members`: a MUC Light affiliation message), its name or
 * settings (`config`: a MUC Light configuration message), or an advice conversation's state
 * (`advice`: a live `json/advice_resolution` line). Screens refetch what they show of it.
 */
export interface RoomChange {
  kind: 'members' | 'config' | 'advice';
  /** Bare JID of the room. */
  room: string;
}

export type TransportListener = (event: TransportEvent) => void;

/**
 * The only thing in the client that knows the chat wire protocol. `XmppTransport` speaks the
 * MongooseIM dialect over WebSocket; `FakeTransport` is in memory (tests, Storybook, the demo).
 *
 * Contract: `connect` resolves once the session has started (authenticated, bound, stream
 * management enabled) and rejects if that fails; after a successful connect, exactly one
 * `disconnected` event follows when the session ends for any reason other than `disconnect()`.
 */
export interface ChatTransport {
  /** Own bare JID once connected (`{uuid}@{domain}`), else null. */
  readonly jid: string | null;
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  /** Resolves when the message is handed to the socket; `acked` says it is stored. */
  send(message: OutgoingMessage): Promise<void>;
  sendMarker(
    to: string,
    type: ChatMessage['type'],
    marker: SentMarkerType,
    id: string,
  ): Promise<void>;
  enableCarbons(): Promise<void>;
  /** Sends our presence with the user's availability (session start, and on every change). */
  sendPresence(availability: PresenceAvailability): Promise<void>;
  fetchInbox(): Promise<InboxEntry[]>;
  fetchHistory(query: HistoryQuery): Promise<HistoryPage>;
  /** Seconds since the user was last active (0 when online), or null when unknown. */
  lastActivity(userJid: string): Promise<number | null>;
  on(listener: TransportListener): () => void;
}
