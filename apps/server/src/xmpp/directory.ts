import { displayName, type DirectoryPlacement } from '@pando/domain';
import type { hospitals, users } from '../db/schema/index.js';
import type { ChatDb } from './store.js';

/** How long a directory entry is trusted before it is read again. */
const DIRECTORY_TTL_MS = 600_000;

/** What the chat server needs of a user: a display name and who may see whom. */
export interface DirectoryEntry {
  name: string;
  placement: DirectoryPlacement;
  /** When it was read (the injected clock's ms). */
  at: number;
}

type DirectoryRow = Pick<
  typeof users.$inferSelect,
  'uuid' | 'id' | 'access_level' | 'hospital_id' | 'first_name' | 'last_name' | 'email'
> &
  // The organisation's network, null without one (left join).
  Pick<typeof hospitals.$inferSelect, 'network_id'>;

const DIRECTORY_SELECT = `select u.uuid::text as uuid, u.first_name, u.last_name, u.email,
         u.id, u.access_level, u.hospital_id, h.network_id
    from users u left join hospitals h on h.id = u.hospital_id`;

function toEntry(r: DirectoryRow, at: number): DirectoryEntry {
  return {
    name: displayName(r),
    placement: {
      id: r.id,
      access_level: r.access_level,
      hospital_id: r.hospital_id,
      network_id: r.network_id,
    },
    at,
  };
}

/**
 * The user-name cache: uuid → directory name and placement, for routing checks, visibility
 * (`canSeeUser`) and the `displayNames` the server writes. Loaded whole at start, re-read after
 * 10 minutes or at once after `forget` (`user:changed`).
 */
export class Directory {
  private readonly users = new Map<string, DirectoryEntry>();

  constructor(
    private readonly db: ChatDb,
    private readonly now: () => Date,
  ) {}

  /**
   * Loads every user once at start: per-message lookups would each wait their turn on the
   * database behind archive writes (PGlite runs one query at a time) and defeat group commit.
   */
  async preload(): Promise<void> {
    const res = await this.db.query<DirectoryRow>(DIRECTORY_SELECT);
    const at = this.now().getTime();
    for (const r of res.rows) this.users.set(r.uuid, toEntry(r, at));
  }

  /** A user's entry, or undefined for no such user. */
  async entry(uuid: string): Promise<DirectoryEntry | undefined> {
    const now = this.now().getTime();
    const hit = this.users.get(uuid);
    if (hit && now - hit.at < DIRECTORY_TTL_MS && now >= hit.at) return hit;
    const res = await this.db.query<DirectoryRow>(`${DIRECTORY_SELECT} where u.uuid = $1::uuid`, [
      uuid,
    ]);
    const row = res.rows[0];
    // Unknown users are not remembered: they may be invited later.
    if (row === undefined) {
      this.users.delete(uuid);
      return undefined;
    }
    const entry = toEntry(row, now);
    this.users.set(uuid, entry);
    return entry;
  }

  /** Forgets every user (read again on next use). */
  clear(): void {
    this.users.clear();
  }

  /** A user's name or organisation changed: read it again on next use. */
  forget(userId: number | string): void {
    for (const [uuid, entry] of this.users)
      if (String(entry.placement.id) === String(userId)) this.users.delete(uuid);
  }
}
