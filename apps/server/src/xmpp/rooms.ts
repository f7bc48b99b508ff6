import { randomBytes } from 'node:crypto';
import type { ChatDb } from './store.js';

export interface AffiliationChange {
  mimId: string;
  version: string;
  prevVersion: string | undefined;
  added: string[];
  removed: string[];
  /** Members after the change. */
  members: string[];
}

/** A MUC Light room version: the injected clock's time and 32 random bits (compared for equality). */
const newVersion = (now: () => Date) =>
  now().getTime().toString(36) + randomBytes(4).toString('hex');

/**
 * MUC Light rooms and their members (user uuids). The REST API is the only writer
 * (teams, forums, advice conversations); the cache is per process and invalidated over the
 * bus when another process changes a room.
 */
/**
 * A room as the chat server checks it. `closed`: an advice conversation both sides resolved
 * (issue 35: a closed conversation is read-only; messages into it are refused).
 */
interface RoomEntry {
  members: Set<string>;
  version: string;
  closed: boolean;
}

export class RoomDirectory {
  private cache = new Map<string, RoomEntry | null>();

  constructor(
    private readonly db: ChatDb,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Forgets every room (read again on next use). */
  clear(): void {
    this.cache.clear();
  }

  invalidate(mimId: string): void {
    this.cache.delete(mimId.toLowerCase());
  }

  /** Members of a room, or undefined when there is no such room. */
  async get(mimId: string): Promise<RoomEntry | undefined> {
    const id = mimId.toLowerCase();
    const hit = this.cache.get(id);
    if (hit !== undefined) return hit ?? undefined;
    // Advice rooms carry their conversation's state: both sides resolved is closed (the REST
    // side calls `invalidate` through the bus when it changes). Room ids are stored lower-case,
    // as the archive's own join with advice_conversations (0102) relies on.
    const room = await this.db.query<{ version: string; closed: boolean }>(
      `select r.version, coalesce(ac.requestor_resolved and ac.public_team_resolved, false) as closed
         from chat_rooms r left join advice_conversations ac on ac.mim_id = r.mim_id
        where r.mim_id = $1`,
      [id],
    );
    const version = room.rows[0]?.version;
    const closed = room.rows[0]?.closed ?? false;
    if (version === undefined) {
      this.cache.set(id, null);
      return undefined;
    }
    const res = await this.db.query<{ user_uuid: string }>(
      'select user_uuid from chat_room_members where mim_id = $1',
      [id],
    );
    const entry = { members: new Set(res.rows.map((r) => r.user_uuid)), version, closed };
    this.cache.set(id, entry);
    return entry;
  }

  /**
   * Adds and removes members (creating the room on first use) and returns what changed, so the
   * caller can notify occupants with versioned affiliation messages as MongooseIM does.
   */
  async setAffiliations(
    mimIdRaw: string,
    change: { added?: readonly string[]; removed?: readonly string[] },
  ): Promise<AffiliationChange> {
    const mimId = mimIdRaw.toLowerCase();
    const added = [...new Set((change.added ?? []).map((u) => u.toLowerCase()))];
    const removedReq = new Set((change.removed ?? []).map((u) => u.toLowerCase()));
    for (const u of added) removedReq.delete(u);
    const before = await this.get(mimId);
    const prevMembers = before?.members ?? new Set<string>();
    const reallyAdded = added.filter((u) => !prevMembers.has(u));
    const reallyRemoved = [...removedReq].filter((u) => prevMembers.has(u));
    const version =
      before && reallyAdded.length === 0 && reallyRemoved.length === 0
        ? before.version
        : newVersion(this.now);
    await this.db.query(
      `with room as (
         insert into chat_rooms (mim_id, version) values ($1, $2)
         on conflict (mim_id) do update set version = excluded.version returning mim_id
       ), del as (
         delete from chat_room_members where mim_id = $1 and user_uuid = any($4::text[]) returning 1
       )
       insert into chat_room_members (mim_id, user_uuid)
       select (select mim_id from room), u from unnest($3::text[]) as u
       on conflict do nothing`,
      [mimId, version, reallyAdded, reallyRemoved],
    );
    this.invalidate(mimId);
    const after = await this.get(mimId);
    return {
      mimId,
      version,
      prevVersion: before?.version,
      added: reallyAdded,
      removed: reallyRemoved,
      members: [...(after?.members ?? [])],
    };
  }
}

/**
 * Brings the MUC Light rooms in line with the directory (teams, forums and their members;
 * advice conversations: the advice team's members plus the requestor). Run at start, so a
 * seeded or restored database has its rooms; afterwards the REST API keeps them in step
 * through `app.chat.rooms.setAffiliations`.
 */
export async function syncRoomsFromDirectory(db: ChatDb): Promise<void> {
  await db.query(`
    with wanted as (
      select lower(t.mim_id) as mim_id, u.uuid::text as user_uuid
        from teams t join team_members tm on tm.team_id = t.id join users u on u.id = tm.user_id
       where t.deleted_at is null
      union
      select lower(ac.mim_id), u.uuid::text
        from advice_conversations ac join team_members tm on tm.team_id = ac.team_id join users u on u.id = tm.user_id
      union
      select lower(ac.mim_id), u.uuid::text
        from advice_conversations ac join users u on u.id = ac.requestor_id
    ), rooms as (
      insert into chat_rooms (mim_id, version)
      select distinct mim_id, md5(random()::text) from wanted
      on conflict (mim_id) do nothing
      returning mim_id
    ), gone as (
      delete from chat_room_members m
       where m.mim_id in (select mim_id from wanted)
         and not exists (select 1 from wanted w where w.mim_id = m.mim_id and w.user_uuid = m.user_uuid)
      returning 1
    )
    insert into chat_room_members (mim_id, user_uuid)
    select w.mim_id, w.user_uuid from wanted w
     where exists (select 1 from chat_rooms r where r.mim_id = w.mim_id) or w.mim_id in (select mim_id from rooms)
    on conflict do nothing`);
}
