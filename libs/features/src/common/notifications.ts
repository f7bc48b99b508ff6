/** One notification on screen (spec 01 §8: error notifications, offline notices, successes). */
export interface AppNotification {
  id: number;
  kind: 'error' | 'warning' | 'info' | 'success';
  message: string;
  /** An action offered with the notice, e.g. "Retry" after a failed teams load. */
  action?: { label: string; run: () => void };
  /** Stays until dismissed (errors with an action), otherwise closes after `AUTO_CLOSE_MS`. */
  sticky?: boolean;
}

export type NotificationInput = Omit<AppNotification, 'id'>;

/** How long a plain notice stays; long enough to read two lines, short enough not to pile up. */
const AUTO_CLOSE_MS = 6000;
/** More than this many at once is noise: the oldest make room. */
const MAX_VISIBLE_NOTIFICATIONS = 4;

/**
 * The notification queue lives outside React so the HTTP client (created before the first render)
 * and the chat store can raise notices too. Read with `useSyncExternalStore`.
 */
export class NotificationCenter {
  private items: readonly AppNotification[] = [];
  private readonly listeners = new Set<() => void>();
  private nextId = 1;
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): readonly AppNotification[] => this.items;

  /** Shows a notice; the same text already on screen is not repeated (a burst of 5xx says it once). */
  notify = (input: NotificationInput): number => {
    const existing = this.items.find((n) => n.message === input.message && n.kind === input.kind);
    if (existing) return existing.id;
    const id = this.nextId++;
    const all = [...this.items, { ...input, id }];
    this.items = all.slice(-MAX_VISIBLE_NOTIFICATIONS);
    if (!input.sticky && !input.action) {
      this.timers.set(
        id,
        setTimeout(() => {
          this.dismiss(id);
        }, AUTO_CLOSE_MS),
      );
    }
    this.emit();
    return id;
  };

  dismiss = (id: number): void => {
    const timer = this.timers.get(id);
    if (timer) clearTimeout(timer);
    this.timers.delete(id);
    const next = this.items.filter((n) => n.id !== id);
    if (next.length === this.items.length) return;
    this.items = next;
    this.emit();
  };

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
