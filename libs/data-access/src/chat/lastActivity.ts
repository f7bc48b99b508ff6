import { LAST_ACTIVE_REFRESH_MS } from '@pando/domain';
import type { Clock, TimerHandle } from './clock';
import type { ChatTransport } from './types';

/**
 * Spec 01 §2: the header's last-active time of the open 1:1 chat, asked at once and every 15 s
 * (`jabber:iq:last`) while it stays open and connected. The store says when to watch whom and
 * receives the answers (ms since epoch; null when the server does not know).
 */
export class LastActivityPoller {
  private timer: TimerHandle | null = null;

  constructor(
    private readonly transport: Pick<ChatTransport, 'lastActivity'>,
    private readonly clock: Clock,
    private readonly onAnswer: (address: string, at: number | null) => void,
    private readonly onError: (address: string, reason: string) => void,
  ) {}

  /** Polls `address` from now on (replacing any earlier one). */
  watch(address: string): void {
    this.stop();
    const tick = () => {
      this.ask(address);
      this.timer = this.clock.setTimeout(tick, LAST_ACTIVE_REFRESH_MS);
    };
    tick();
  }

  /** Asks once, beside any watch (the admin console's user detail, spec 02 §2). */
  ask(address: string): void {
    this.transport.lastActivity(address).then(
      (seconds) => {
        this.onAnswer(address, seconds === null ? null : this.clock.now() - seconds * 1000);
      },
      (err: unknown) => {
        this.onError(address, err instanceof Error ? err.message : String(err));
      },
    );
  }

  stop(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
