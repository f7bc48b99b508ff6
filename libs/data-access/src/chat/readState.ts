import {
  MARKER_THROTTLE_MS,
  isRoomJid,
  messageLoadingTransition,
  throttleAllows,
  unreadTransition,
  type ChatMessage,
  type InboxEvent,
} from '@pando/domain';

/** Live changes per address while an inbox query is in flight (the domain's InboxWindow). */
type OpenWindow = Map<string, { reset: boolean; ids: string[] }>;
import type { TimerHandle } from './clock';
import { errorText } from './environment';
import { isOwnMessage } from './messages';
import { conversationIn, emptyConversation, type StoreCore } from './snapshot';
import type { ChatTransport, InboxEntry } from './types';

interface MarkerThrottle {
  lastSentAt: number | null;
  trailing: TimerHandle | null;
}

/**
 * Read state (spec 01 §4): unread counts (the inbox at session start, then live, by the
 * domain's inbox rules), our `received` and `displayed` markers, and whether the user is
 * reading at all: a conversation counts as read only while it is open AND the tab is visible,
 * so a chat left open in a background tab neither marks messages read nor hides their count.
 */
export class ReadState {
  private visible = true;
  private readonly markerThrottles = new Map<string, MarkerThrottle>();
  /** Inbox queries in flight: what arrived live meanwhile, merged with their answer. */
  private readonly inboxWindows = new Set<OpenWindow>();

  constructor(
    private readonly core: StoreCore,
    private readonly transport: Pick<ChatTransport, 'sendMarker' | 'fetchInbox'>,
  ) {}

  /** The user sees `address`: it is the open conversation and the tab is visible. */
  isReading(address: string): boolean {
    return this.visible && this.core.snapshot().activeConversation === address;
  }

  /** Whether the tab is visible (document.visibilityState); a hidden tab does not mark read. */
  setVisible(visible: boolean): void {
    this.visible = visible;
    const active = this.core.snapshot().activeConversation;
    if (visible && active) this.markDisplayedSoon(active);
  }

  /** New messages are on screen in `address`: read them when the user is reading it. */
  shown(address: string): void {
    if (this.isReading(address)) this.markDisplayedSoon(address);
  }

  /** "Mark the conversation as read" (chat header action). */
  markRead(address: string): void {
    this.markDisplayedSoon(address);
    this.setUnread(address, 0);
  }

  /** Unread counts follow the domain's inbox rules (ESL inbox semantics). */
  inboxEvent(event: InboxEvent): void {
    if (event.type === 'INCOMING' && !event.fromSelf) this.noteLive(event.address, event.messageId);
    else if (
      event.type === 'SENT' ||
      event.type === 'INCOMING' ||
      (event.type === 'DISPLAYED' && event.markerId === event.lastMessageId)
    )
      this.noteLive(event.address, null);
    const current = this.core.snapshot().unread;
    const next = unreadTransition(current, event);
    if (next !== current) this.core.set({ unread: next });
  }

  /**
   * A live message from someone else (already on screen): a `received` marker for a live 1:1
   * message (not rooms, not carbons), then read at once or counted as unread.
   */
  incoming(address: string, message: ChatMessage, carbon: 'sent' | 'received' | undefined): void {
    if (
      message.type === 'chat' &&
      message.marker?.type === 'markable' &&
      carbon === undefined &&
      this.core.connected()
    ) {
      this.transport.sendMarker(address, 'chat', 'received', message.id).catch(() => undefined);
    }
    if (this.isReading(address)) this.markDisplayedSoon(address);
    else this.inboxEvent({ type: 'INCOMING', address, fromSelf: false, messageId: message.id });
  }

  /** Our other tab or device read this conversation (carbons / room echo). */
  readElsewhere(conversation: string, markerId: string): void {
    const state = this.core.snapshot();
    const lastMessageId = conversationIn(state, conversation).messages.at(-1)?.id ?? null;
    this.inboxEvent({ type: 'DISPLAYED', address: conversation, markerId, lastMessageId });
    this.core.set({
      readMarkers: { ...this.core.snapshot().readMarkers, [conversation]: markerId },
    });
  }

  /** The inbox query at session start: counts and last messages of every conversation. */
  async refreshInbox(): Promise<void> {
    const { core } = this;
    const window: OpenWindow = new Map();
    this.inboxWindows.add(window);
    let entries: InboxEntry[];
    try {
      entries = await this.transport.fetchInbox();
    } finally {
      this.inboxWindows.delete(window);
    }
    const counts = unreadTransition(
      {},
      {
        type: 'INBOX_LOADED',
        entries: entries.map((e) => ({
          address: e.address,
          unread: e.unread,
          lastMessageId: e.lastMessage?.id ?? null,
        })),
        during: Object.fromEntries(window),
      },
    );
    const unread: Record<string, number> = { ...counts };
    const conversations = { ...core.snapshot().conversations };
    for (const e of entries) {
      const type = isRoomJid(e.address) ? 'groupchat' : 'chat';
      const conv = conversations[e.address] ?? emptyConversation(e.address, type);
      conversations[e.address] = {
        ...conv,
        ...(e.lastMessage ? { lastMessage: e.lastMessage } : {}),
        loading: messageLoadingTransition(conv.loading, { type: 'INBOX_FETCHED' }),
      };
    }
    // The conversation being read stays at zero: its displayed marker is on its way.
    const active = core.snapshot().activeConversation;
    const reading = active !== null && this.visible && (unread[active] ?? 0) > 0;
    if (reading) unread[active] = 0;
    core.set({ conversations, unread });
    if (reading) this.markDisplayedSoon(active);
  }

  stop(): void {
    for (const m of this.markerThrottles.values())
      if (m.trailing !== null) this.core.clock.clearTimeout(m.trailing);
    this.markerThrottles.clear();
  }

  /** Zero for a conversation the user is reading (our own displayed marker is on its way). */
  private setUnread(address: string, count: number): void {
    if (count === 0) this.noteLive(address, null);
    const unread = this.core.snapshot().unread;
    if ((unread[address] ?? 0) === count && address in unread) return;
    this.core.set({ unread: { ...unread, [address]: count } });
  }

  /** Records a live message from others (`id`) or a reset (null) for the queries in flight. */
  private noteLive(address: string, id: string | null): void {
    for (const w of this.inboxWindows) {
      const live = w.get(address) ?? { reset: false, ids: [] };
      if (id === null) {
        live.reset = true;
        live.ids = [];
      } else live.ids.push(id);
      w.set(address, live);
    }
  }

  /**
   * Sends a `displayed` marker for the newest message from others (spec 01 §4): throttled to
   * once per 2 s per conversation on the leading edge, and the highwater (the newest id) is
   * sent once. Decision: when newer messages arrive inside the window, one trailing marker
   * goes out at its end, so the last message read is never left unmarked on the server.
   */
  private markDisplayedSoon(address: string): void {
    const { clock } = this.core;
    this.setUnread(address, 0);
    if (!this.core.connected()) return;
    const throttle = this.markerThrottles.get(address) ?? { lastSentAt: null, trailing: null };
    this.markerThrottles.set(address, throttle);
    const now = clock.now();
    if (throttleAllows(throttle.lastSentAt, now, MARKER_THROTTLE_MS)) {
      this.sendDisplayed(address, throttle);
      return;
    }
    if (throttle.trailing !== null || throttle.lastSentAt === null) return;
    throttle.trailing = clock.setTimeout(
      () => {
        throttle.trailing = null;
        // The tab may have gone to the background (or another chat opened) inside the window:
        // then the messages that arrived since were not seen, and stay unread.
        if (this.isReading(address)) this.sendDisplayed(address, throttle);
      },
      throttle.lastSentAt + MARKER_THROTTLE_MS - now,
    );
  }

  private sendDisplayed(address: string, throttle: MarkerThrottle): void {
    const { core } = this;
    if (!core.connected()) return;
    const state = core.snapshot();
    const messages = conversationIn(state, address).messages;
    let newest: ChatMessage | undefined;
    for (let i = messages.length - 1; i >= 0; i--) {
      const m = messages[i];
      if (m && !isOwnMessage(m, core.me)) {
        newest = m;
        break;
      }
    }
    if (!newest || state.readMarkers[address] === newest.id) return;
    throttle.lastSentAt = core.clock.now();
    core.set({ readMarkers: { ...state.readMarkers, [address]: newest.id } });
    this.transport
      .sendMarker(address, newest.type, 'displayed', newest.id)
      .catch((err: unknown) => {
        core.logger.info('displayed marker not sent', { reason: errorText(err) });
      });
  }
}
