import { z } from 'zod';
import type { OutgoingMessage } from './types';

/**
 * Where the outbox lives between page loads. Synchronous on purpose: a message must be on disk
 * before the composer clears, and localStorage is synchronous. `save` throws when the storage
 * refuses (quota, private mode); the store then treats the message as not queueable.
 */
export interface OutboxStorage {
  load(): unknown;
  save(entries: readonly OutgoingMessage[]): void;
}

const OutboxEntrySchema = z.object({
  id: z.string().min(1).max(128),
  to: z.string().min(1),
  type: z.enum(['chat', 'groupchat']),
  subject: z.string(),
  body: z.string(),
  displayNames: z.object({ sender: z.string(), recipient: z.string() }),
  sendTimestamp: z.number().nonnegative(),
});

/**
 * Reads what a storage holds. Entries that do not parse (an older format, a hand-edited value)
 * are dropped one by one and reported, never the whole outbox.
 */
export function readOutbox(storage: OutboxStorage): {
  entries: OutgoingMessage[];
  dropped: number;
} {
  let raw: unknown;
  try {
    raw = storage.load();
  } catch {
    return { entries: [], dropped: 0 };
  }
  if (!Array.isArray(raw)) return { entries: [], dropped: raw == null ? 0 : 1 };
  const entries: OutgoingMessage[] = [];
  let dropped = 0;
  const seen = new Set<string>();
  for (const item of raw) {
    const parsed = OutboxEntrySchema.safeParse(item);
    if (parsed.success && !seen.has(parsed.data.id)) {
      seen.add(parsed.data.id);
      entries.push(parsed.data);
    } else dropped++;
  }
  return { entries, dropped };
}

/** Where a user's outbox lives in `localStorage`. */
export function outboxKey(userUuid: string): string {
  return `pando.chat.outbox.${userUuid}`;
}

/** The outbox of one user in `localStorage` (one key per user, so a shared PC keeps them apart). */
export class LocalStorageOutboxStorage implements OutboxStorage {
  constructor(
    private readonly key: string,
    private readonly storage: Pick<
      Storage,
      'getItem' | 'setItem' | 'removeItem'
    > = globalThis.localStorage,
  ) {}

  /**
   * The one outbox key of a user, `pando.chat.outbox.{uuid}`, for every app. The web app once
   * kept it under `pando.outbox.{uuid}`; messages still waiting there move to the key, so nothing
   * typed before an upgrade is lost.
   */
  static forUser(
    userUuid: string,
    storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = globalThis.localStorage,
  ): LocalStorageOutboxStorage {
    const key = outboxKey(userUuid);
    const legacyKey = `pando.outbox.${userUuid}`;
    try {
      const legacy = storage.getItem(legacyKey);
      if (legacy !== null) {
        if (storage.getItem(key) === null) storage.setItem(key, legacy);
        storage.removeItem(legacyKey);
      }
    } catch {
      // Storage refused (private mode): the store reports it when it first saves.
    }
    return new LocalStorageOutboxStorage(key, storage);
  }

  load(): unknown {
    const text = this.storage.getItem(this.key);
    if (text === null) return [];
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // Corrupt: hand back the text itself, which readOutbox reports as one dropped value.
      return text;
    }
  }

  save(entries: readonly OutgoingMessage[]): void {
    if (entries.length === 0) this.storage.removeItem(this.key);
    else this.storage.setItem(this.key, JSON.stringify(entries));
  }
}
