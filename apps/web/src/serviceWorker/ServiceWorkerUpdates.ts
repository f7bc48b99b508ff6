import type { RegisterSWOptions } from 'virtual:pwa-register';

/** vite-plugin-pwa's `registerSW` (virtual:pwa-register), passed in so tests can stand in for it. */
export type RegisterSW = (options: RegisterSWOptions) => (reloadPage?: boolean) => Promise<void>;

/**
 * A tab open all day never navigates (the SPA routes in place), and the browser looks for a new
 * worker on navigations only: ask the server for one this often.
 */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** After Reload, how long the new worker may take to take control before the page reloads anyway. */
const TAKEOVER_TIMEOUT_MS = 5_000;

/**
 * The installed app's update flow (issue 37), outside React (CONVENTIONS "Chat outside React"):
 * `subscribe`/`getSnapshot` say whether the "A new version is available" notice shows.
 *
 * A new worker waits (no skipWaiting) until the person presses Reload in a tab; that tab then
 * activates it and reloads when it has taken control. Every other open tab of the app is taken
 * over by the new worker too, but is never reloaded: it shows the notice (again, if it was
 * hidden), and its Reload is a plain reload, since no worker waits any more.
 */
export class ServiceWorkerUpdates {
  private shown = false;
  private reloadAsked = false;
  private registration: ServiceWorkerRegistration | undefined;
  private activateWaiting: ((reloadPage?: boolean) => Promise<void>) | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly reloadPage: () => void = () => {
      window.location.reload();
    },
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Whether the notice shows: a new version waits (or took over) and it was not hidden since. */
  getSnapshot = (): boolean => this.shown;

  /** Registers /sw.js through `registerSW`; failures go to `onError` (the app runs without). */
  register(registerSW: RegisterSW, onError: (error: unknown) => void): void {
    this.activateWaiting = registerSW({
      onNeedRefresh: () => {
        this.show();
      },
      // The new worker controls this tab now: reload only if this tab asked for it.
      onNeedReload: () => {
        if (this.reloadAsked) this.reloadPage();
        else this.show();
      },
      onRegisteredSW: (_url, registration) => {
        this.registration = registration;
        if (registration) this.checkPeriodically(registration);
      },
      onRegisterError: onError,
    });
  }

  /** Reload: activates the waiting version (the page reloads once it took control). */
  reload = (): void => {
    this.reloadAsked = true;
    if (this.registration?.waiting && this.activateWaiting) {
      void this.activateWaiting(true);
      // The person asked for a reload: if the takeover never comes, reload all the same.
      window.setTimeout(this.reloadPage, TAKEOVER_TIMEOUT_MS);
    } else {
      this.reloadPage();
    }
  };

  /** Hides the notice; the new version keeps waiting. */
  dismiss = (): void => {
    this.set(false);
  };

  private show() {
    this.set(true);
  }

  private set(shown: boolean) {
    if (shown === this.shown) return;
    this.shown = shown;
    for (const listener of this.listeners) listener();
  }

  private checkPeriodically(registration: ServiceWorkerRegistration) {
    window.setInterval(() => {
      if (registration.installing || !navigator.onLine) return;
      registration.update().catch(() => undefined);
    }, UPDATE_CHECK_INTERVAL_MS);
  }
}
