import type {
  ChatTransport,
  HistoryPage,
  InboxEntry,
  OutgoingMessage,
  TransportListener,
} from '@pando/data-access';

/**
 * A one-person chat transport for stories and the demo: connects at once, stores and echoes what
 * you send (so delivery reaches "sent"), has an empty archive and inbox. It exists because
 * `FakeChatNetwork` is only exported from `@pando/data-access/testing`, whose barrel also
 * exports the MSW node server, which cannot load in a browser; switch to `FakeChatNetwork` when
 * data-access exports it from a browser-safe entry.
 */
export class LocalEchoTransport implements ChatTransport {
  jid: string | null = null;
  private readonly listeners = new Set<TransportListener>();

  constructor(private readonly ownJid: string) {}

  connect(): Promise<void> {
    this.jid = this.ownJid;
    return Promise.resolve();
  }

  disconnect(): Promise<void> {
    this.jid = null;
    return Promise.resolve();
  }

  send(message: OutgoingMessage): Promise<void> {
    queueMicrotask(() => {
      this.emit({ type: 'acked', id: message.id });
      this.emit({
        type: 'message',
        message: {
          id: message.id,
          from: message.type === 'groupchat' ? `${message.to}/${this.ownJid}` : this.ownJid,
          to: message.to,
          type: message.type,
          body: message.body,
          subject: message.subject,
          displayNames: message.displayNames,
          sendTimestamp: message.sendTimestamp,
          sent: { timestamp: message.sendTimestamp },
        },
      });
    });
    return Promise.resolve();
  }

  sendMarker(): Promise<void> {
    return Promise.resolve();
  }

  enableCarbons(): Promise<void> {
    return Promise.resolve();
  }

  sendPresence(): Promise<void> {
    return Promise.resolve();
  }

  fetchInbox(): Promise<InboxEntry[]> {
    return Promise.resolve([]);
  }

  fetchHistory(): Promise<HistoryPage> {
    return Promise.resolve({ messages: [], archiveIds: {}, complete: true });
  }

  lastActivity(): Promise<number | null> {
    return Promise.resolve(null);
  }

  on(listener: TransportListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private emit(event: Parameters<TransportListener>[0]): void {
    for (const listener of this.listeners) listener(event);
  }
}
