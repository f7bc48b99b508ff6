import {
  CHAT_RECONNECT_TIMEOUT_MS,
  INITIAL_DISCONNECT_FLOOD,
  TEXTS,
  connectionTransition,
  recordDisconnect,
  type ConnectionEvent,
  type ConnectionStatus,
  type DisconnectFloodState,
} from '@pando/domain';
import type { TimerHandle } from './clock';
import { errorText } from './environment';
import type { StoreCore } from './snapshot';
import type { ChatTransport } from './types';

// The connection state machine, the message-loading machine and the disconnect-flood rule are
// the domain's (`@pando/domain` connection/); this module drives them and adds what the spec leaves
// to the client: how long to wait before trying again.

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

/** What the supervisor needs beyond the store's core. */
export interface ConnectionHost {
  readonly core: StoreCore;
  /** Backoff jitter source; tests pass a constant. */
  readonly random: () => number;
  readonly transport: Pick<ChatTransport, 'connect' | 'disconnect'>;
  /** The session is up: carbons, presence, inbox, outbox, catch-up (the store's job). */
  sessionStarted(): Promise<void>;
}

/**
 * Connection supervision (spec 01 §4): the connection machine in the snapshot, one connect
 * attempt at a time with its timeout, the reconnect backoff, the browser's offline switch, and
 * a session sequence number: work begun for a session (a send, the session start) checks
 * `isCurrent(seq)` before it touches the snapshot, so a newer session or a stop wins.
 */
export class ConnectionSupervisor {
  private seq = 0;
  private reconnectTimer: TimerHandle | null = null;
  private connectTimer: TimerHandle | null = null;
  private flood: DisconnectFloodState = INITIAL_DISCONNECT_FLOOD;

  constructor(private readonly host: ConnectionHost) {}

  /** The current session's number. */
  get session(): number {
    return this.seq;
  }

  /** Whether `seq` is still the current session (no disconnect, stop or newer attempt since). */
  isCurrent(seq: number): boolean {
    return seq === this.seq;
  }

  /** The first attempt, at once; while the browser is offline, none until it comes back. */
  start(): void {
    if (this.host.core.snapshot().offline) {
      this.transition({ type: 'CONNECT' });
      this.transition({ type: 'DISCONNECTED', reason: 'offline' });
      return;
    }
    void this.connect();
  }

  /** One connect attempt now (cancels a scheduled one). */
  async connect(): Promise<void> {
    const { host } = this;
    const { clock, logger } = host.core;
    this.cancelReconnect();
    const from = this.status().status;
    if (from === 'idle') this.transition({ type: 'CONNECT' });
    else if (from === 'disconnected') this.transition({ type: 'RECONNECT' });
    if (this.status().status !== 'connecting') return;
    this.setReconnectAt(null);
    const seq = ++this.seq;
    this.connectTimer = clock.setTimeout(() => {
      if (seq !== this.seq) return;
      this.seq++;
      logger.warn('chat connect timed out');
      void host.transport.disconnect().catch(() => undefined);
      this.failConnect('timeout');
    }, CONNECT_ATTEMPT_TIMEOUT_MS);
    try {
      await host.transport.connect();
    } catch (err) {
      if (seq !== this.seq) return;
      this.clearConnectTimer();
      const reason = errorText(err);
      logger.info('chat connect failed', { reason });
      this.failConnect(reason);
      return;
    }
    // A connect that outlived its timeout or a stop() is not ours any more; whoever bumped the
    // sequence already tore the transport down (or a newer connect replaces it).
    if (seq !== this.seq) return;
    this.clearConnectTimer();
    this.transition({ type: 'SESSION_STARTED', at: clock.now() });
    await host.sessionStarted();
  }

  /**
   * A working session ended: its late results are dropped, the disconnect counts towards the
   * "unstable connection" report (the domain's flood rule), the machine goes to `disconnected`
   * and the next attempt comes after the first backoff.
   */
  disconnected(reason: string): void {
    const { clock, logger } = this.host.core;
    this.seq++;
    const flood = recordDisconnect(this.flood, clock.now());
    this.flood = flood.state;
    if (flood.report) logger.error(TEXTS.unstableConnection, { reason });
    this.transition({ type: 'DISCONNECTED', reason });
    this.setReconnectAt(this.scheduleReconnect(0));
  }

  /**
   * The browser went offline or online (spec 01 §3, notices from `TEXTS`): offline, no automatic
   * attempt is scheduled; back online, one attempt at once.
   */
  networkChanged(online: boolean): void {
    const { core } = this.host;
    if (online === !core.snapshot().offline) return;
    core.set({ offline: !online });
    if (!online) {
      core.notice('warning', TEXTS.offline);
      this.cancelReconnect();
      this.setReconnectAt(null);
      return;
    }
    core.notice('success', TEXTS.backOnline);
    if (this.status().status === 'disconnected') void this.connect();
  }

  /** For good (`stopped`): no timers, and the current session's late results are dropped. */
  stop(): void {
    this.transition({ type: 'STOP' });
    this.host.core.set({ reconnectAt: null });
    this.seq++;
    this.cancelReconnect();
    this.clearConnectTimer();
  }

  /** Applies an event to the connection machine (the domain's) in the snapshot. */
  private transition(event: ConnectionEvent): void {
    const { core } = this.host;
    const current = core.snapshot().connection;
    const next = connectionTransition(current, event);
    if (next !== current) core.set({ connection: next });
  }

  private status(): ConnectionStatus {
    return this.host.core.snapshot().connection;
  }

  /** When the next automatic attempt happens (ms since epoch), null when none is scheduled. */
  private setReconnectAt(at: number | null): void {
    const { core } = this.host;
    if (core.snapshot().reconnectAt !== at) core.set({ reconnectAt: at });
  }

  private cancelReconnect(): void {
    if (this.reconnectTimer !== null) this.host.core.clock.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private clearConnectTimer(): void {
    if (this.connectTimer !== null) this.host.core.clock.clearTimeout(this.connectTimer);
    this.connectTimer = null;
  }

  private failConnect(reason: string): void {
    const connection = this.status();
    const attempt = connection.status === 'connecting' ? connection.attempt : 1;
    this.transition({ type: 'DISCONNECTED', reason });
    this.setReconnectAt(this.scheduleReconnect(attempt));
  }

  /** Schedules the next attempt; null while the browser is offline (going online retries). */
  private scheduleReconnect(attempt: number): number | null {
    const { core } = this.host;
    if (core.snapshot().offline) return null;
    const delay = reconnectDelay(attempt, this.host.random);
    this.cancelReconnect();
    this.reconnectTimer = core.clock.setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, delay);
    return core.clock.now() + delay;
  }
}
