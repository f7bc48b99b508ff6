import {
  CHAT_RECONNECT_TIMEOUT_MS,
  type ConnectionEvent,
  type ConnectionStatus,
} from '@pando/domain';
import type { ChatLogger } from './ChatStore';
import type { Clock, TimerHandle } from './clock';
import type { ChatTransport } from './types';

// The connection state machine, the message-loading machine and the disconnect-flood rule are
// the domain's (`@pando/domain` connection/); this module only adds what the spec leaves to the
// client: how long to wait before trying again.

/**
 * Reconnect backoff. The spec gives only the 60 s chat reconnect timeout; we use it as the cap
 * of an exponential backoff starting at 1 s (what users of comparable products expect: a quick
 * first retry after a blip, no hammering after an outage) and as the limit on one connect
 * attempt. ±25 % jitter keeps a ward's worth of clients from reconnecting in lockstep.
 */
const RECONNECT_BASE_DELAY_MS = 1000;
const RECONNECT_MAX_DELAY_MS = CHAT_RECONNECT_TIMEOUT_MS;
const CONNECT_ATTEMPT_TIMEOUT_MS = CHAT_RECONNECT_TIMEOUT_MS;
const JITTER = 0.25;

/** Delay before reconnect attempt `attempt + 1` (attempt 0 = right after a working session). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(
    RECONNECT_BASE_DELAY_MS * 2 ** Math.max(0, attempt),
    RECONNECT_MAX_DELAY_MS,
  );
  const jittered = base * (1 - JITTER + 2 * JITTER * random());
  return Math.round(Math.min(jittered, RECONNECT_MAX_DELAY_MS));
}

/** What the supervisor reads and changes in the store that owns the snapshot. */
export interface ConnectionHost {
  readonly clock: Clock;
  readonly random: () => number;
  readonly logger: ChatLogger;
  readonly transport: Pick<ChatTransport, 'connect' | 'disconnect'>;
  /** The connection machine's state (the store's snapshot). */
  connection(): ConnectionStatus;
  /** The browser reports no network: no reconnect is scheduled. */
  offline(): boolean;
  /** Applies an event to the connection machine in the snapshot. */
  transition(event: ConnectionEvent): void;
  /** When the next automatic attempt happens (ms since epoch), null when none is scheduled. */
  setReconnectAt(at: number | null): void;
  /** The session is up: carbons, presence, inbox, outbox, catch-up (the store's job). */
  sessionStarted(): Promise<void>;
}

/**
 * Connection supervision (spec 01 §4): one connect attempt at a time with its timeout, the
 * reconnect backoff, and a session sequence number: work begun for a session (a send, the
 * session start) checks `isCurrent(seq)` before it touches the snapshot, so a newer session or a
 * stop wins. The snapshot itself stays the store's.
 */
export class ConnectionSupervisor {
  private seq = 0;
  private reconnectTimer: TimerHandle | null = null;
  private connectTimer: TimerHandle | null = null;

  constructor(private readonly host: ConnectionHost) {}

  /** The current session's number. */
  get session(): number {
    return this.seq;
  }

  /** Whether `seq` is still the current session (no disconnect, stop or newer attempt since). */
  isCurrent(seq: number): boolean {
    return seq === this.seq;
  }

  /** Ends the current session's claim (a disconnect or a stop); its late results are dropped. */
  invalidate(): void {
    this.seq++;
  }

  /** One connect attempt now (cancels a scheduled one). */
  async connect(): Promise<void> {
    const { host } = this;
    this.cancelReconnect();
    const from = host.connection().status;
    if (from === 'idle') host.transition({ type: 'CONNECT' });
    else if (from === 'disconnected') host.transition({ type: 'RECONNECT' });
    if (host.connection().status !== 'connecting') return;
    host.setReconnectAt(null);
    const seq = ++this.seq;
    this.connectTimer = host.clock.setTimeout(() => {
      if (seq !== this.seq) return;
      this.seq++;
      host.logger.warn('chat connect timed out');
      void host.transport.disconnect().catch(() => undefined);
      this.failConnect('timeout');
    }, CONNECT_ATTEMPT_TIMEOUT_MS);
    try {
      await host.transport.connect();
    } catch (err) {
      if (seq !== this.seq) return;
      this.clearConnectTimer();
      const reason = err instanceof Error ? err.message : String(err);
      host.logger.info('chat connect failed', { reason });
      this.failConnect(reason);
      return;
    }
    // A connect that outlived its timeout or a stop() is not ours any more; whoever bumped the
    // sequence already tore the transport down (or a newer connect replaces it).
    if (seq !== this.seq) return;
    this.clearConnectTimer();
    host.transition({ type: 'SESSION_STARTED', at: host.clock.now() });
    await host.sessionStarted();
  }

  /** A working session ended: back to `disconnected`, the next attempt after the first backoff. */
  disconnected(reason: string): void {
    this.host.transition({ type: 'DISCONNECTED', reason });
    this.host.setReconnectAt(this.scheduleReconnect(0));
  }

  /** No automatic attempt while offline (going online connects at once). */
  cancelReconnect(): void {
    if (this.reconnectTimer !== null) this.host.clock.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  /** For good: no timers, and the current session's late results are dropped. */
  stop(): void {
    this.seq++;
    this.cancelReconnect();
    this.clearConnectTimer();
  }

  private clearConnectTimer(): void {
    if (this.connectTimer !== null) this.host.clock.clearTimeout(this.connectTimer);
    this.connectTimer = null;
  }

  private failConnect(reason: string): void {
    const connection = this.host.connection();
    const attempt = connection.status === 'connecting' ? connection.attempt : 1;
    this.host.transition({ type: 'DISCONNECTED', reason });
    this.host.setReconnectAt(this.scheduleReconnect(attempt));
  }

  /** Schedules the next attempt; null while the browser is offline (going online retries). */
  private scheduleReconnect(attempt: number): number | null {
    if (this.host.offline()) return null;
    const delay = reconnectDelay(attempt, this.host.random);
    this.cancelReconnect();
    this.reconnectTimer = this.host.clock.setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, delay);
    return this.host.clock.now() + delay;
  }
}
