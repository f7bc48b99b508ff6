// The ambient declaration must travel with this file into programs (e2e, apps) that do not
// include this folder; an import cannot load a declaration-only file.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./xmppClient.d.ts" />
import { client as createXmppClient, xml as xmppXml } from '@xmpp/client';
import { bareJid, isRoomJid, userJid, type ChatMessage } from '@pando/domain';
import { conversationOf } from './messages';
import {
  NS,
  buildMamQuery,
  buildMarker,
  buildMessage,
  buildPresence,
  forwarded,
  isQueryResultFrom,
  newQueryId,
  parseMessage,
  stanzaIdOf,
} from './stanzas';
import type {
  ChatTransport,
  HistoryMarker,
  HistoryPage,
  HistoryQuery,
  InboxEntry,
  OutgoingMessage,
  PresenceAvailability,
  SentMarkerType,
  TransportEvent,
  TransportListener,
} from './types';
import type { SaslAuthenticate, XmlBuilder, XmlElement, XmppClient } from './xmppTypes';

const xml = xmppXml as unknown as XmlBuilder;

/** Who sent a marker: the bare JID of the user, or in a room of the occupant (`room/occupant`). */
function markerSender(message: Pick<ChatMessage, 'from' | 'type'>): string {
  return message.type === 'groupchat'
    ? bareJid(message.from.slice(message.from.indexOf('/') + 1))
    : bareJid(message.from);
}

export interface XmppTransportOptions {
  /** WebSocket URL of the chat server (`wss://host/xmpp`; from the runtime config). */
  service: string;
  /** XMPP domain (runtime config `chat_domain`). */
  domain: string;
  /** The signed-in user's uuid: the SASL username and the local part of their JID. */
  userUuid: string;
  /**
   * Fetches a fresh chat password (`GET /api/v4/login/token`). Called on every connect, so a
   * reconnect after the token expired still authenticates.
   */
  getChatToken: () => Promise<string>;
  /** Resource; a random one per tab by default, so tabs do not replace each other. */
  resource?: string;
  /** IQ timeout, ms. @default 30000 */
  iqTimeoutMs?: number;
}

interface Collector {
  /** The bare JID we queried besides our own (a room's archive), whose results we accept. */
  queried?: string;
  results: XmlElement[];
}

/**
 * The chat transport over XMPP/WebSocket with @xmpp/client 0.14, MongooseIM dialect: SASL
 * PLAIN with the login token, resource binding, stream management (acks = stored), carbons,
 * MAM with RSM, the ESL inbox, chat markers, last activity, MUC Light.
 *
 * One @xmpp client per session: the library's own reconnect is switched off because the store
 * owns reconnecting (backoff, offline awareness, the disconnect-flood report).
 */
export class XmppTransport implements ChatTransport {
  private readonly listeners = new Set<TransportListener>();
  private xmpp: XmppClient | null = null;
  private online = false;
  private readonly me: string;
  private readonly collectors = new Map<string, Collector>();
  private seq = 0;

  constructor(private readonly options: XmppTransportOptions) {
    this.me = userJid(options.userUuid, options.domain);
  }

  get jid(): string | null {
    return this.online ? this.me : null;
  }

  on(listener: TransportListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: TransportEvent): void {
    for (const l of [...this.listeners]) l(event);
  }

  private nextId(prefix: string): string {
    this.seq += 1;
    return `${prefix}-${Date.now().toString(36)}-${this.seq}`;
  }

  async connect(): Promise<void> {
    await this.teardown();
    const { service, domain, userUuid, getChatToken } = this.options;
    const resource = this.options.resource ?? `web-${globalThis.crypto.randomUUID().slice(0, 8)}`;
    const xmpp = createXmppClient({
      service,
      domain,
      resource,
      credentials: async (authenticate: SaslAuthenticate) => {
        const password = await getChatToken();
        await authenticate({ username: userUuid, password }, 'PLAIN');
      },
    }) as XmppClient;
    xmpp.reconnect.stop();
    this.xmpp = xmpp;
    // An 'error' event without a listener would throw; errors end in 'disconnect' anyway.
    xmpp.on('error', () => undefined);
    xmpp.on('stanza', (stanza: XmlElement) => {
      if (this.xmpp === xmpp) this.onStanza(stanza);
    });
    xmpp.on('disconnect', () => {
      if (this.xmpp !== xmpp) return;
      const wasOnline = this.online;
      this.online = false;
      this.xmpp = null;
      this.collectors.clear();
      xmpp.removeAllListeners();
      void xmpp.stop().catch(() => undefined);
      if (wasOnline) this.emit({ type: 'disconnected', reason: 'socket closed' });
    });
    xmpp.streamManagement.on('ack', (stanza: XmlElement) => {
      if (stanza.name === 'message' && stanza.getChild('body') && stanza.attrs.id) {
        this.emit({ type: 'acked', id: stanza.attrs.id });
      }
    });
    try {
      await xmpp.start();
    } catch (err) {
      if (this.xmpp === xmpp) this.xmpp = null;
      xmpp.removeAllListeners();
      await xmpp.stop().catch(() => undefined);
      throw err;
    }
    if (this.xmpp !== xmpp) throw new Error('connection closed while starting');
    this.online = true;
  }

  async disconnect(): Promise<void> {
    await this.teardown();
  }

  private async teardown(): Promise<void> {
    const xmpp = this.xmpp;
    this.xmpp = null;
    this.online = false;
    this.collectors.clear();
    if (!xmpp) return;
    xmpp.removeAllListeners();
    xmpp.on('error', () => undefined);
    await xmpp.stop().catch(() => undefined);
  }

  /**
   * Drops the WebSocket without an XMPP close, as a lost network does (the e2e reconnect tests
   * and a "reconnect now" support action). The usual `disconnected` event follows.
   */
  dropConnection(): void {
    this.xmpp?.socket?.socket?.close();
  }

  private client(): XmppClient {
    if (!this.xmpp || !this.online) throw new Error('not connected');
    return this.xmpp;
  }

  async send(message: OutgoingMessage): Promise<void> {
    await this.client().send(buildMessage(xml, message));
  }

  async sendMarker(
    to: string,
    type: ChatMessage['type'],
    marker: SentMarkerType,
    id: string,
  ): Promise<void> {
    await this.client().send(buildMarker(xml, to, type, marker, id, this.nextId('mk')));
  }

  async enableCarbons(): Promise<void> {
    await this.iq(xml('iq', { type: 'set' }, xml('enable', { xmlns: NS.carbons })));
  }

  async sendPresence(availability: PresenceAvailability): Promise<void> {
    await this.client().send(buildPresence(xml, availability));
  }

  private iq(element: XmlElement): Promise<XmlElement> {
    return this.client().iqCaller.request(element, this.options.iqTimeoutMs ?? 30_000);
  }

  async fetchInbox(): Promise<InboxEntry[]> {
    const queryId = newQueryId();
    const collector: Collector = { results: [] };
    this.collectors.set(queryId, collector);
    try {
      await this.iq(
        xml('iq', { type: 'set' }, xml('inbox', { xmlns: NS.inbox, queryid: queryId })),
      );
    } finally {
      this.collectors.delete(queryId);
    }
    const entries: InboxEntry[] = [];
    for (const result of collector.results) {
      const fwd = forwarded(result);
      const message = fwd ? parseMessage(fwd.message, fwd.stamp) : null;
      if (!message) continue;
      const unread = Number(result.attrs.unread ?? 0);
      entries.push({
        address: conversationOf(message, this.me),
        unread: Number.isFinite(unread) && unread > 0 ? Math.floor(unread) : 0,
        lastMessage: { ...message, historical: true },
      });
    }
    return entries;
  }

  async fetchHistory(query: HistoryQuery): Promise<HistoryPage> {
    const queryId = newQueryId();
    const collector: Collector = isRoomJid(query.with)
      ? { queried: bareJid(query.with), results: [] }
      : { results: [] };
    this.collectors.set(queryId, collector);
    let reply: XmlElement;
    try {
      reply = await this.iq(buildMamQuery(xml, query, queryId, isRoomJid(query.with)));
    } finally {
      this.collectors.delete(queryId);
    }
    const messages: ChatMessage[] = [];
    const markers: HistoryMarker[] = [];
    const archiveIds: Record<string, string> = {};
    for (const result of collector.results) {
      const fwd = forwarded(result);
      const message = fwd ? parseMessage(fwd.message, fwd.stamp) : null;
      if (!message) continue;
      const marker = message.marker;
      if (marker && message.body === undefined) {
        // An archived marker (issue 35): it restores the delivery of our messages.
        if (marker.type === 'received' || marker.type === 'displayed')
          markers.push({ from: markerSender(message), type: marker.type, id: marker.id });
        continue;
      }
      messages.push({ ...message, historical: true });
      if (result.attrs.id) archiveIds[message.id] = result.attrs.id;
    }
    const fin = reply.getChild('fin', NS.mam);
    const set = fin?.getChild('set', NS.rsm);
    const first = set?.getChildText('first') ?? undefined;
    const last = set?.getChildText('last') ?? undefined;
    return {
      messages,
      archiveIds,
      ...(first ? { first } : {}),
      ...(last ? { last } : {}),
      complete: fin?.attrs.complete === 'true',
      ...(markers.length > 0 ? { markers } : {}),
    };
  }

  async lastActivity(jid: string): Promise<number | null> {
    try {
      const reply = await this.iq(
        xml('iq', { type: 'get', to: bareJid(jid) }, xml('query', { xmlns: NS.last })),
      );
      const seconds = Number(reply.getChild('query', NS.last)?.attrs.seconds);
      return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
    } catch (err) {
      // item-not-found: never seen. Anything else is a real failure for the caller to log.
      if (
        err instanceof Error &&
        /item-not-found/.test(err.message + String((err as { condition?: string }).condition))
      ) {
        return null;
      }
      throw err;
    }
  }

  // ---- incoming -------------------------------------------------------------------------------

  private onStanza(stanza: XmlElement): void {
    if (stanza.name !== 'message') return;
    for (const ns of [NS.mam, NS.inbox]) {
      const result = stanza.getChild('result', ns);
      if (result) {
        // Only our own account, or the room we queried, may answer our queries.
        const queryId = result.attrs.queryid;
        const collector = queryId ? this.collectors.get(queryId) : undefined;
        if (collector && isQueryResultFrom(stanza.attrs.from, this.me, collector.queried))
          collector.results.push(result);
        return;
      }
    }
    if (stanza.attrs.type === 'error') {
      const id = stanza.attrs.id;
      const error = stanza.getChild('error');
      const condition =
        error?.children.find((c): c is XmlElement => typeof c !== 'string')?.name ?? 'error';
      if (id) this.emit({ type: 'sendError', id, condition });
      return;
    }
    for (const kind of ['sent', 'received'] as const) {
      const carbon = stanza.getChild(kind, NS.carbons);
      if (carbon) {
        // XEP-0280 §11: a carbon is only genuine when it comes from our own bare JID.
        if (bareJid(stanza.attrs.from ?? '') !== this.me) return;
        const fwd = forwarded(carbon);
        if (fwd) this.onChatMessage(fwd.message, kind);
        return;
      }
    }
    this.onChatMessage(stanza);
  }

  private onChatMessage(stanza: XmlElement, carbon?: 'sent' | 'received'): void {
    if (stanza.attrs.type === 'groupchat' && stanza.getChild('x', NS.muclightConfiguration)) {
      // MUC Light configuration change (the room was renamed): from the room itself.
      this.emit({ type: 'roomConfig', room: bareJid(stanza.attrs.from ?? '') });
      return;
    }
    const message = parseMessage(stanza);
    if (!message) return;
    const conversation = conversationOf(message, this.me);
    if (message.muclightAffiliations && message.type === 'groupchat' && !message.body) {
      this.emit({
        type: 'affiliations',
        room: conversation,
        members: message.muclightAffiliations,
      });
      return;
    }
    if (message.marker && message.marker.type !== 'markable' && message.body === undefined) {
      this.emit({
        type: 'marker',
        from: markerSender(message),
        conversation,
        marker: message.marker,
        ...(carbon ? { carbon } : {}),
      });
      return;
    }
    if (message.body === undefined) return;
    const archiveId = stanzaIdOf(stanza, [this.me, conversation]);
    this.emit({
      type: 'message',
      message,
      ...(archiveId ? { archiveId } : {}),
      ...(carbon ? { carbon } : {}),
    });
  }
}
