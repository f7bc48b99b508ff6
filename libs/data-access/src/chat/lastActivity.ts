import { LAST_ACTIVE_REFRESH_MS, isRoomJid } from '@pando/domain';
import type { TimerHandle } from './clock';
import { errorText } from './environment';
import type { StoreCore } from './snapshot';
import type { ChatTransport } from './types';

/**
 * Spec 01 §2: the header's last-active time of the open 1:1 chat, asked at once and every 15 s
 * (`jabber:iq:last`) while it stays open and connected (the store says when to watch whom), and
 * one-off questions beside it. Answers go to the snapshot's `lastActive` (ms since epoch; null
 * when the server does not know); a failed question is logged and the last answer stays.
 */
export class LastActivityPoller {
  private timer: TimerHandle | null = null;

  constructor(
    private readonly core: StoreCore,
    private readonly transport: Pick<ChatTransport, 'lastActivity'>,
  ) {}

  /** Polls the open conversation from now on (replacing any earlier one); a room has none. */
  watch(address: string | null): void {
    this.stop();
    if (!address || isRoomJid(address)) return;
    const tick = () => {
      this.ask(address);
      this.timer = this.core.clock.setTimeout(tick, LAST_ACTIVE_REFRESH_MS);
    };
    tick();
  }

  /** Asks once, beside any watch (the admin console's user detail, spec 02 §2). */
  ask(address: string): void {
    if (!address || isRoomJid(address)) return;
    const { core } = this;
    this.transport.lastActivity(address).then(
      (seconds) => {
        const at = seconds === null ? null : core.clock.now() - seconds * 1000;
        core.set({ lastActive: { ...core.snapshot().lastActive, [address]: at } });
      },
      (err: unknown) => {
        core.logger.info('last activity unavailable', { address, reason: errorText(err) });
      },
    );
  }

  stop(): void {
    if (this.timer !== null) this.core.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
