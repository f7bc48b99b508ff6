import type { ArchiveWriter, ChatDb } from './store.js';

/** The chat markers that are kept (chat-markers:0); `acknowledged` is not used by our clients. */
type StoredMarkerType = 'received' | 'displayed';

interface MarkerNote {
  /** Conversation key as the archive's (`pairConv`/`roomConv`). */
  conv: string;
  /** Who sent the marker (uuid). */
  reader: string;
  type: StoredMarkerType;
  /** The marked message's client id (the marker's `id`). */
  messageId: string;
  /**
   * The marked message's sender (uuid) in a 1:1 conversation: the marker's recipient. Empty in
   * a room, where any occupant may have sent it.
   */
  markedSender: string;
  at: Date;
}

interface StoredMarker {
  reader: string;
  type: StoredMarkerType;
  message_id: string;
  archive_id: string;
  updated_at: Date;
}

/** Longest marked id kept; client ids longer than this are refused at send (messages.ts). */
const MAX_MARKED_ID = 512;
/** How long a marker may wait for the next batch. */
const FLUSH_MS = 100;
/** How far back a room marker's message is looked for (the newest messages of the room). */
const ROOM_LOOKBACK = 200;

/**
 * One statement per batch: the marked message's archive id (1:1 by the unique (sender, client
 * id) index; in a room among its newest messages, by the (conv, id) index), then an upsert that
 * only moves forward. A marker for a message that is not in that conversation is dropped.
 */
const STORE_MARKERS = `insert into chat_markers as k (conv, reader, type, message_id, archive_id, updated_at)
  select v.conv, v.reader, v.type, v.message_id, a.id, v.at
    from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
         as v(conv, reader, type, message_id, sender, at)
    cross join lateral (
      select m.id from chat_messages m
       where v.sender <> '' and m.sender = v.sender and m.client_id = v.message_id and m.conv = v.conv
      union all
      select r.id from (select c.id, c.client_id from chat_messages c
                         where v.sender = '' and c.conv = v.conv
                         order by c.id desc limit ${ROOM_LOOKBACK}) r
       where r.client_id = v.message_id
      limit 1
    ) a
  on conflict (conv, reader, type) do update
    set message_id = excluded.message_id, archive_id = excluded.archive_id, updated_at = excluded.updated_at
    where k.archive_id < excluded.archive_id`;

/**
 * Chat markers kept with the archive (issue 35): MongooseIM can archive markers in MAM; we keep
 * the latest `received` and `displayed` marker of each reader per conversation (a marker covers
 * every earlier message) and return them with each MAM page of that conversation, so a sender's
 * own messages show Delivered/Read again after a reload and on their other devices.
 *
 * Markers are routed at once and stored behind, off the ack's path: `note` only remembers the
 * newest per (conversation, reader, type) in memory, and one statement per batch writes them
 * within `FLUSH_MS` (no synced write per marker, nothing added to a message's path). A read of
 * the archive waits for what is pending (`settled`). Decision: a crash may lose the markers of
 * that last moment; the next marker of the same reader restores the state, and a message is
 * never shown as read before it was.
 */
export class MarkerStore {
  private pending = new Map<string, MarkerNote>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: ChatDb,
    private readonly writer: Pick<ArchiveWriter, 'settled'>,
    private readonly log: { warn(obj: unknown, msg?: string): void },
  ) {}

  note(m: MarkerNote): void {
    if (!m.messageId || m.messageId.length > MAX_MARKED_ID) return;
    this.pending.set(`${m.conv}\n${m.reader}\n${m.type}`, m);
    if (this.timer === undefined) {
      this.timer = setTimeout(() => {
        void this.flush();
      }, FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Resolves when every marker noted so far is in the database. */
  settled(): Promise<void> {
    return this.flush();
  }

  close(): Promise<void> {
    return this.flush();
  }

  private flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return this.flushing;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.flushing = this.flushing.then(() =>
      this.write(batch).catch((err: unknown) => {
        this.log.warn({ err, markers: batch.length }, 'chat markers not stored');
      }),
    );
    return this.flushing;
  }

  private async write(batch: MarkerNote[]): Promise<void> {
    // The marked messages may still be on their way from the journal to the archive.
    await this.writer.settled();
    await this.db.query(STORE_MARKERS, [
      batch.map((m) => m.conv),
      batch.map((m) => m.reader),
      batch.map((m) => m.type),
      batch.map((m) => m.messageId),
      batch.map((m) => m.markedSender),
      batch.map((m) => m.at),
    ]);
  }
}

/**
 * The latest marker of each type in a conversation from anyone but `asker` (in a room, the one
 * that reaches furthest: any occupant's marker shows, as it does live).
 */
export async function latestMarkers(
  db: ChatDb,
  conv: string,
  asker: string,
): Promise<StoredMarker[]> {
  const res = await db.query<StoredMarker>(
    `select distinct on (type) reader, type, message_id, archive_id::text as archive_id, updated_at
       from chat_markers where conv = $1 and reader <> $2
      order by type, archive_id desc`,
    [conv, asker],
  );
  return res.rows;
}
