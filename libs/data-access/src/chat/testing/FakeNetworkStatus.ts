import type { NetworkStatus } from '../environment';

/** A browser's online/offline switch, flipped by tests and Storybook stories. */
export class FakeNetworkStatus implements NetworkStatus {
  private readonly listeners = new Set<(online: boolean) => void>();

  constructor(private online = true) {}

  isOnline(): boolean {
    return this.online;
  }

  subscribe(listener: (online: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  set(online: boolean): void {
    if (online === this.online) return;
    this.online = online;
    for (const l of [...this.listeners]) l(online);
  }
}
