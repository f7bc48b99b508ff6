import {
  TEXTS,
  encodeMessageBody,
  isRoomJid,
  type ChatMessage,
  type DeliveryState,
  type OutgoingContent,
} from '@pando/domain';
import type { TimerHandle } from './clock';
import type { ConnectionSupervisor } from './connection';
import { errorText } from './environment';
import { mergeMessages } from './messages';
import { readOutbox, type OutboxStorage } from './outbox';
import { ChatSendError } from './sends';
import { SendPacing } from './sendPacing';
import {
  addMessages,
  emptyConversation,
  setDelivery,
  type ChatSnapshot,
  type StoreCore,
} from './snapshot';
import type { ChatTransport, OutgoingMessage } from './types';

/** What the outbox needs beyond the store's core. */
export interface OutboxHost {
  readonly core: StoreCore;
  readonly transport: Pick<ChatTransport, 'send'>;
  readonly storage: OutboxStorage;
  /** Work begun for a session checks it is still current before touching the snapshot. */
  readonly session: Pick<ConnectionSupervisor, 'session' | 'isCurrent'>;
  /** A new message's display names: ours and the conversation's as the app knows it. */
  displayNames(address: string): OutgoingMessage['displayNames'];
  /** A message of ours went into `address` (the inbox resets our own count). */
  sent(address: string): void;
}

/** An outbox entry as it shows on screen (our optimistic copy, until the server's arrives). */
function toMessage(e: OutgoingMessage, me: string): ChatMessage {
  return {
    id: e.id,
    from: e.type === 'groupchat' ? `${e.to}/${me}` : me,
    to: e.to,
    body: e.body,
    subject: e.subject,
    type: e.type,
    sendTimestamp: e.sendTimestamp,
    displayNames: e.displayNames,
    marker: { type: 'markable', id: e.id },
  };
}

/**
 * The durable outbox and its send pump (spec 01 §4 delivery states): every text-like message
 * is written to storage before it shows, goes to the socket in order, one at a time, paced
 * (`SendPacing`), and leaves the outbox only when the server acked it, a marker proved it
 * stored, or the server refused it (failed, retried by hand with the same id). What was on the
 * wire when the session dropped goes back to `queued` and the next session resends it.
 */
export class OutboxPump {
  private entries: OutgoingMessage[];
  /** Ids written to the socket in the current session (a new session resends the rest). */
  private transmitted = new Set<string>();
  private pumping = false;
  private pumpTimer: TimerHandle | null = null;
  private readonly pacing = new SendPacing();

  constructor(private readonly host: OutboxHost) {
    const { entries, dropped } = readOutbox(host.storage);
    if (dropped > 0) host.core.logger.warn('chat outbox: unreadable entries dropped', { dropped });
    this.entries = entries;
  }

  /** What a reload brings back: the queued messages on screen, in their conversations. */
  restored(): Pick<ChatSnapshot, 'conversations' | 'delivery' | 'outbox'> {
    const conversations: Record<string, ChatSnapshot['conversations'][string]> = {};
    const delivery: Record<string, DeliveryState> = {};
    for (const e of this.entries) {
      const conv = conversations[e.to] ?? emptyConversation(e.to, e.type);
      conversations[e.to] = {
        ...conv,
        messages: mergeMessages(conv.messages, [toMessage(e, this.host.core.me)]),
      };
      delivery[e.id] = 'queued';
    }
    return { conversations, delivery, outbox: this.ids() };
  }

  has(id: string): boolean {
    return this.entries.some((e) => e.id === id);
  }

  /**
   * Puts a message on screen and in the outbox, then on the wire when connected. Without a
   * connection it waits in the durable outbox ("queued"); only when it cannot even be queued
   * (storage refused) does the user see "Cannot send message, agent has disconnected".
   */
  enqueue(address: string, content: OutgoingContent, id: string): ChatMessage {
    const { core } = this.host;
    if (core.snapshot().connection.status === 'stopped') {
      core.notice('error', TEXTS.agentDisconnected);
      throw new ChatSendError(TEXTS.agentDisconnected);
    }
    const { subject, body } = encodeMessageBody(content);
    const type: ChatMessage['type'] = isRoomJid(address) ? 'groupchat' : 'chat';
    const entry: OutgoingMessage = {
      id,
      to: address,
      type,
      subject,
      body,
      displayNames: this.host.displayNames(address),
      sendTimestamp: core.clock.now(),
    };
    const previous = this.entries;
    this.entries = [...previous.filter((e) => e.id !== id), entry];
    try {
      this.persist();
    } catch (err) {
      if (!core.connected()) {
        this.entries = previous;
        core.logger.warn('chat outbox not saved; message not queued', { reason: errorText(err) });
        core.notice('error', TEXTS.agentDisconnected);
        throw new ChatSendError(TEXTS.agentDisconnected);
      }
      // Connected: send it anyway; it is only not durable across a reload.
      core.logger.warn('chat outbox not saved', { reason: errorText(err) });
    }
    const message = toMessage(entry, core.me);
    addMessages(core, address, type, [message]);
    this.queued(id);
    this.host.sent(address);
    void this.pump();
    return message;
  }

  /** Sends a failed message again with the same id. */
  retry(id: string): void {
    const { core } = this.host;
    const state = core.snapshot();
    if (state.delivery[id] !== 'failed') return;
    const message = Object.values(state.conversations)
      .flatMap((c) => c.messages)
      .find((m) => m.id === id);
    if (!message?.body || !message.displayNames) return;
    this.entries = [
      ...this.entries,
      {
        id,
        to: message.to,
        type: message.type,
        subject: message.subject ?? '',
        body: message.body,
        displayNames: message.displayNames,
        sendTimestamp: message.sendTimestamp ?? core.clock.now(),
      },
    ];
    this.persistOrLog();
    this.queued(id);
    void this.pump();
  }

  /** The server's stream-management ack: stored. */
  acked(id: string): void {
    if (!this.has(id)) return;
    this.remove(id);
    setDelivery(this.host.core, id, 'stored');
  }

  /** The server refused the message: failed, with the failed-send notice. */
  refused(id: string, condition: string): void {
    if (!this.has(id)) return;
    const { core } = this.host;
    this.remove(id);
    core.set({ delivery: { ...core.snapshot().delivery, [id]: 'failed' } });
    core.logger.warn('chat message refused by the server', { id, condition });
    core.notice('error', TEXTS.sendFailed);
  }

  /** A recipient's marker proves the message stored (it can overtake the ack). */
  settledByMarker(id: string): void {
    if (this.has(id)) this.remove(id);
  }

  /**
   * The session dropped: what was on the wire but not acknowledged goes back to the queue and
   * is resent, with the same id, by the next session.
   */
  requeue(): void {
    const { core } = this.host;
    this.transmitted = new Set();
    const state = core.snapshot();
    const delivery = { ...state.delivery };
    for (const id of state.outbox) if (delivery[id] === 'sending') delivery[id] = 'queued';
    core.set({ delivery });
  }

  stop(): void {
    if (this.pumpTimer !== null) this.host.core.clock.clearTimeout(this.pumpTimer);
    this.pumpTimer = null;
  }

  /**
   * Forgets every queued message, on screen and on disk (issue 37: the person logs out with
   * messages still waiting and was told they will be deleted; the outbox is plain localStorage).
   */
  discard(): void {
    this.stop();
    const ids = new Set(this.entries.map((e) => e.id));
    this.entries = [];
    this.transmitted.clear();
    this.persistOrLog();
    const { core } = this.host;
    const conversations = Object.fromEntries(
      Object.entries(core.snapshot().conversations).map(([address, conv]) => [
        address,
        conv.messages.some((m) => ids.has(m.id))
          ? { ...conv, messages: conv.messages.filter((m) => !ids.has(m.id)) }
          : conv,
      ]),
    );
    core.set({ conversations, outbox: [] });
  }

  /** Writes outbox entries to the socket, in order, one at a time, while the session lasts. */
  async pump(): Promise<void> {
    if (this.pumping) return;
    const { core, session } = this.host;
    this.pumping = true;
    try {
      for (;;) {
        if (!core.connected()) return;
        const next = this.entries.find((e) => !this.transmitted.has(e.id));
        if (!next) return;
        if (!this.takeSendToken()) return;
        this.transmitted.add(next.id);
        setDelivery(core, next.id, 'sending');
        const seq = session.session;
        try {
          await this.host.transport.send(next);
        } catch (err) {
          if (session.isCurrent(seq)) this.transmitted.delete(next.id);
          core.logger.info('chat send interrupted; kept in the outbox', {
            id: next.id,
            reason: errorText(err),
          });
          const delivery = core.snapshot().delivery;
          if (delivery[next.id] === 'sending') {
            core.set({ delivery: { ...delivery, [next.id]: 'queued' } });
          }
          return;
        }
      }
    } finally {
      this.pumping = false;
    }
  }

  /** Token bucket of the outbox pacing; schedules the next pump when the bucket is empty. */
  private takeSendToken(): boolean {
    const { clock } = this.host.core;
    const taken = this.pacing.take(clock.now());
    if (taken.ok) return true;
    if (this.pumpTimer === null) {
      this.pumpTimer = clock.setTimeout(() => {
        this.pumpTimer = null;
        void this.pump();
      }, taken.waitMs);
    }
    return false;
  }

  private ids(): string[] {
    return this.entries.map((e) => e.id);
  }

  private queued(id: string): void {
    const { core } = this.host;
    core.set({ outbox: this.ids(), delivery: { ...core.snapshot().delivery, [id]: 'queued' } });
  }

  private persist(): void {
    this.host.storage.save(this.entries);
  }

  private persistOrLog(): void {
    try {
      this.persist();
    } catch (err) {
      this.host.core.logger.warn('chat outbox not saved', { reason: errorText(err) });
    }
  }

  private remove(id: string): void {
    this.entries = this.entries.filter((e) => e.id !== id);
    this.transmitted.delete(id);
    this.persistOrLog();
    this.host.core.set({ outbox: this.ids() });
  }
}
