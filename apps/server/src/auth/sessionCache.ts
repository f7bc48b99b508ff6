/**
 * A short-lived, in-process cache of authenticated sessions, so a hot read does not pay the
 * session and user lookups (two queries) on every call. Keyed by the SHA-256 of the token (the
 * form the database stores), never by the token itself.
 *
 * Safety rules (apps/server/README.md "Session cache"):
 * - an entry lives at most `ttlMs`; the session's own idle and absolute expiry are still checked
 *   on every hit by the caller, from the cached times;
 * - logout, session rotation and blocking forget the session or the user at once
 *   (`forgetSession` / `forgetUser`, wired to `session:revoked`, `user:blocked` and
 *   `user:changed`);
 * - a lookup that was running while something was forgotten does not store its (possibly stale)
 *   answer: every `forget*` moves `generation` on, and `set` takes the generation the lookup
 *   started in (`begin()`).
 */
export interface CachedSession<T> {
  value: T;
  sessionId: number;
  userId: number;
}

interface Entry<T> extends CachedSession<T> {
  storedAt: number;
}

export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The generation to hand back to `set` once the database lookup it guards is done. */
  begin(): number {
    return this.generation;
  }

  get(key: string, now: number): CachedSession<T> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.storedAt >= this.ttlMs || now < entry.storedAt) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Stores a lookup's answer unless something was forgotten since `startedIn`. */
  set(key: string, session: CachedSession<T>, startedIn: number, now: number): void {
    if (startedIn !== this.generation || this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { ...session, storedAt: now });
    // Oldest first (Map keeps insertion order): drop what is over the bound.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  /** Drops one key (e.g. a session found dead on its next use). */
  delete(key: string): void {
    this.generation++;
    this.entries.delete(key);
  }

  forgetSession(sessionId: number): void {
    this.generation++;
    for (const [key, entry] of this.entries) {
      if (entry.sessionId === sessionId) this.entries.delete(key);
    }
  }

  forgetUser(userId: number): void {
    this.generation++;
    for (const [key, entry] of this.entries) {
      if (entry.userId === userId) this.entries.delete(key);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
