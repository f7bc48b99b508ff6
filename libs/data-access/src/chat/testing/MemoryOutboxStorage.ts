import type { OutboxStorage } from '../outbox';
import type { OutgoingMessage } from '../types';

/** In memory; survives a new store instance as long as the same object is passed (tests, demo). */
export class MemoryOutboxStorage implements OutboxStorage {
  private value: string | null = null;
  /** Set to make `save` throw, as a full or disabled browser storage does. */
  failing = false;

  load(): unknown {
    return this.value === null ? [] : (JSON.parse(this.value) as unknown);
  }

  save(entries: readonly OutgoingMessage[]): void {
    if (this.failing) throw new Error('storage unavailable');
    this.value = JSON.stringify(entries);
  }
}
