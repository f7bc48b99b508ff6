import type { OfflineKeyResponse } from '@pando/domain';
import { UnauthorisedError } from '../http/errors';
import { importCopyKey, seal, unseal } from './crypto';
import type { RecordStore } from './records';

/** The tab's copy of the session's key (sessionStorage: gone when the tab or browser closes). */
export const COPY_KEY_ITEM = 'pando.offline.key';

export type KeyStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface CopyLogger {
  info(message: string, context?: Record<string, unknown>): void;
  warn(message: string, context?: Record<string, unknown>): void;
}

export interface OfflineCopyOptions {
  /** `GET /login/offline-key`; rejects with `UnauthorisedError` when the session is gone. */
  fetchKey: () => Promise<OfflineKeyResponse>;
  records: RecordStore;
  /** Where the tab keeps the key between reloads (sessionStorage); none = memory only. */
  keyStorage?: KeyStorage | undefined;
  isOnline?: () => boolean;
  now?: () => number;
  logger?: CopyLogger;
  /** A tab without the key waits this long for it at boot, then goes on without the copy. */
  keyTimeoutMs?: number;
  /** Writes are gathered for this long, then sealed and stored together. */
  writeDelayMs?: number;
  /** Told the name of each record written (the web app renders its paint snapshot from them). */
  onWrite?: (name: string) => void;
}

export interface CopyValue<T> {
  value: T;
  /** When it was saved (ms since epoch): "Offline — last updated 10:42". */
  savedAt: number;
}

/** The key a tab keeps (`COPY_KEY_ITEM`), or undefined when there is none or it is unreadable. */
export function parseStoredKey(text: string | null): OfflineKeyResponse | undefined {
  if (!text) return undefined;
  try {
    const v = JSON.parse(text) as Partial<OfflineKeyResponse>;
    if (typeof v.key === 'string' && typeof v.expires_at === 'string')
      return {
        key: v.key,
        expires_at: v.expires_at,
        offline_patient_data: !!v.offline_patient_data,
      };
  } catch {
    // An unreadable item is no key.
  }
  return undefined;
}

const timeout = (ms: number) =>
  new Promise<'timeout'>((resolve) => {
    setTimeout(() => {
      resolve('timeout');
    }, ms);
  });

/**
 * The encrypted local copy of what the signed-in person has seen (issue 37; threat model in
 * `README.md` beside this file). Values are read synchronously once `open()` has settled (the
 * app opens it before its first signed-in render) and written through `write`, which seals them
 * with the session's key in the background. Without a key (a new tab offline, a refused session)
 * the copy is closed: reads give nothing and writes are dropped.
 */
export class OfflineCopy {
  private key: CryptoKey | undefined;
  private info: OfflineKeyResponse | undefined;
  private readonly values = new Map<string, CopyValue<unknown>>();
  /** What `write` gathered for the next `flush`: each value with the time it was written. */
  private readonly pending = new Map<string, CopyValue<unknown>>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The last flush, settled or not: the next one is stored after it. */
  private flushed: Promise<void> = Promise.resolve();
  private opening: Promise<void> | undefined;
  /** Bumped by every wipe: a write sealed before it is never stored after it. */
  private generation = 0;
  private readonly now: () => number;
  private readonly isOnline: () => boolean;

  constructor(private readonly options: OfflineCopyOptions) {
    this.now = options.now ?? Date.now;
    this.isOnline = options.isOnline ?? (() => navigator.onLine);
  }

  /** The copy can be read and written (a key is held). */
  get isOpen(): boolean {
    return this.key !== undefined;
  }

  /** The organisation allows patient lists and cards in the copy (`offline_patient_data`). */
  get patientDataAllowed(): boolean {
    return this.info?.offline_patient_data ?? false;
  }

  /** Opens the copy once per page; later calls share the first. Never rejects. */
  open(): Promise<void> {
    this.opening ??= this.doOpen().catch((error: unknown) => {
      this.options.logger?.warn('offline copy could not be opened', { error: String(error) });
    });
    return this.opening;
  }

  private async doOpen(): Promise<void> {
    const stored = parseStoredKey(this.options.keyStorage?.getItem(COPY_KEY_ITEM) ?? null);
    if (stored && Date.parse(stored.expires_at) <= this.now()) {
      await this.wipe();
    } else if (stored) {
      await this.useKey(stored);
      // The tab's key opens the copy at once; the server confirms the session behind it.
      void this.renew();
      return;
    }
    if (!this.isOnline()) return;
    const fresh = await this.askKey(this.options.keyTimeoutMs ?? 4000);
    if (fresh) await this.useKey(fresh);
  }

  /** The server's key for this session, stored for the tab; a refused session wipes the copy. */
  private async askKey(timeoutMs?: number): Promise<OfflineKeyResponse | undefined> {
    try {
      const asked = this.options.fetchKey();
      const answer =
        timeoutMs === undefined ? await asked : await Promise.race([asked, timeout(timeoutMs)]);
      if (answer === 'timeout') {
        this.options.logger?.info('offline copy: no key in time, going on without it');
        return undefined;
      }
      this.options.keyStorage?.setItem(COPY_KEY_ITEM, JSON.stringify(answer));
      return answer;
    } catch (error) {
      if (error instanceof UnauthorisedError) await this.wipe();
      return undefined;
    }
  }

  private async renew(): Promise<void> {
    if (!this.isOnline()) return;
    const held = this.info?.key;
    const fresh = await this.askKey();
    if (!fresh) return;
    if (fresh.key !== held) {
      // Another session (a new login in another tab): what the tab's key opened is not its.
      await this.clearData();
      await this.useKey(fresh);
    } else {
      this.info = fresh;
    }
  }

  private async useKey(info: OfflineKeyResponse): Promise<void> {
    const generation = this.generation;
    const key = await importCopyKey(info.key);
    const records = await this.options.records.getAll();
    const opened = new Map<string, CopyValue<unknown>>();
    try {
      for (const [name, record] of records) {
        opened.set(name, { value: await unseal(key, name, record), savedAt: record.savedAt });
      }
    } catch {
      // Sealed with another session's key: unreadable for good, so it goes.
      this.options.logger?.info('offline copy: records of another session removed');
      await this.options.records.clear();
      opened.clear();
    }
    if (generation !== this.generation) return;
    this.key = key;
    this.info = info;
    for (const [name, v] of opened) this.values.set(name, v);
  }

  read<T>(name: string): CopyValue<T> | undefined {
    if (!this.key || this.expired()) return undefined;
    return this.values.get(name) as CopyValue<T> | undefined;
  }

  private expired(): boolean {
    if (!this.info || Date.parse(this.info.expires_at) > this.now()) return false;
    void this.wipe();
    return true;
  }

  /** Keeps `value` under `name`: in memory at once, sealed on disk shortly after. */
  write(name: string, value: unknown): void {
    if (!this.key || this.expired()) return;
    const entry = { value, savedAt: this.now() };
    this.values.set(name, entry);
    this.pending.set(name, entry);
    this.timer ??= setTimeout(() => {
      void this.flush();
    }, this.options.writeDelayMs ?? 100);
    this.options.onWrite?.(name);
  }

  /**
   * Seals and stores what `write` gathered (also on `pagehide`). One flush at a time: a batch is
   * stored only once the one before it is, so an older value still being sealed or stored (the
   * timer's flush) can never land over a newer one (the page-hide flush's).
   */
  flush(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const key = this.key;
    const generation = this.generation;
    // Each value with its own write time: a write while this batch is sealed must not lend its
    // time to the older value, which would then claim to be newer than it is ("Offline — last
    // updated 10:42").
    const batch = [...this.pending];
    this.pending.clear();
    const stored = this.flushed.then(() => this.store(key, generation, batch));
    // A failed store does not stop the next one.
    this.flushed = stored.catch(() => undefined);
    return stored;
  }

  private async store(
    key: CryptoKey | undefined,
    generation: number,
    batch: [string, CopyValue<unknown>][],
  ): Promise<void> {
    if (!key) return;
    for (const [name, { value, savedAt }] of batch) {
      const record = await seal(key, name, value, savedAt);
      if (generation !== this.generation) return;
      await this.options.records.put(name, record);
    }
  }

  private async clearData(): Promise<void> {
    this.generation++;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
    this.values.clear();
    this.key = undefined;
    this.info = undefined;
    await this.options.records.clear();
  }

  /**
   * Forgets everything: the key (tab and memory) and every record. Logout, a 401, an expired
   * session. The copy stays closed for the rest of the page.
   */
  async wipe(): Promise<void> {
    this.options.keyStorage?.removeItem(COPY_KEY_ITEM);
    await this.clearData();
  }
}
