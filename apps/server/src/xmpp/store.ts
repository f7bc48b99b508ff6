import { adminReach, withinAdminReach } from '@pando/domain';
import type { DatabaseTx } from '../db/client.js';
import type { chatInbox, chatMessages } from '../db/schema/index.js';
import { isUuid } from './jid.js';

/** The part of the server's Database the chat needs: raw SQL only (hot path). */
export type ChatDb = Pick<DatabaseTx, 'query'>;

export interface InboxDelta {
  owner: string;
  convJid: string;
  /** True when `owner` sent this message: sending resets the sender's own count. */
  isSender: boolean;
}

export interface NewMessage {
  sender: string;
  recipient: string;
  conv: string;
  kind: 'chat' | 'groupchat';
  clientId: string;
  createdAt: Date;
  stanza: string;
  inbox: InboxDelta[];
}

export interface StoredResult {
  /** Archive id (the stanza-id / MAM id). */
  id: string;
  /** The same (sender, client id) was stored before: acknowledge, do not route again. */
  duplicate: boolean;
}

export type ArchiveRow = Pick<
  typeof chatMessages.$inferSelect,
  'sender' | 'recipient' | 'kind' | 'created_at' | 'stanza'
> & {
  /** The bigint id as text (`m.id::text`): the stanza-id / MAM id. */
  id: string;
};

export interface ArchiveQuery {
  /** A conversation key (`u:a:b` or `r:mim`), or undefined for all of `owner`'s 1:1 messages. */
  conv?: string | undefined;
  owner?: string | undefined;
  before?: string | undefined;
  after?: string | undefined;
  start?: Date | undefined;
  end?: Date | undefined;
  max: number;
}

export type InboxRow = Pick<typeof chatInbox.$inferSelect, 'conv_jid' | 'unread'> &
  Pick<typeof chatMessages.$inferSelect, 'created_at' | 'stanza'> & {
    /** The last message's bigint id as text (`m.id::text`). */
    id: string;
  };

const MAX_BATCH = 2_000;

/** Conversation key of a 1:1 pair, independent of direction. */
export const pairConv = (a: string, b: string) => (a < b ? `u:${a}:${b}` : `u:${b}:${a}`);
export const roomConv = (mimId: string) => `r:${mimId}`;

/**
 * The batch write (a PL/pgSQL function keeps its plan): migrations/0102_chat_insert_fn.sql, since
 * 0500 without the analytics event.
 */
const INSERT_BATCH = `select out_id as id, out_ord as ord
  from chat_insert_batch($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[],
    $7::text[], $8::text[], $9::text[], $10::int[], $11::int[], $12::bool[])`;

/** One message (a batch of one, the usual case at rest): 0103, since 0500 without analytics. */
const INSERT_ONE = `select chat_insert_one($1::text, $2::text, $3::text, $4::text, $5::text,
    $6::timestamptz, $7::text, $8::text[], $9::text[], $10::int[])::text as id`;

/** The batch as the insert functions' columns, and the batch's net change per inbox row. */
function batchColumns(batch: readonly NewMessage[]) {
  const cols: [string[], string[], string[], string[], string[], Date[], string[]] = [
    [],
    [],
    [],
    [],
    [],
    [],
    [],
  ];
  // Per (owner, conversation): unread added by this batch, and whether the owner's own send reset it.
  const boxes = new Map<
    string,
    { owner: string; convJid: string; lastOrd: number; unread: number; reset: boolean }
  >();
  batch.forEach((m, i) => {
    cols[0].push(m.sender);
    cols[1].push(m.recipient);
    cols[2].push(m.conv);
    cols[3].push(m.kind);
    cols[4].push(m.clientId);
    cols[5].push(m.createdAt);
    cols[6].push(m.stanza);
    for (const d of m.inbox) {
      const key = d.owner + '\n' + d.convJid;
      let b = boxes.get(key);
      if (!b)
        boxes.set(
          key,
          (b = { owner: d.owner, convJid: d.convJid, lastOrd: 0, unread: 0, reset: false }),
        );
      b.lastOrd = i + 1;
      if (d.isSender) {
        b.reset = true;
        b.unread = 0;
      } else b.unread += 1;
    }
  });
  const bx = [...boxes.values()];
  // The inbox columns of chat_insert_batch and chat_apply_batch, in their parameter order.
  const boxCols = [
    bx.map((b) => b.owner),
    bx.map((b) => b.convJid),
    bx.map((b) => b.lastOrd),
    bx.map((b) => b.unread),
    bx.map((b) => b.reset),
  ] as const;
  return { cols, bx, boxCols };
}

const APPLY_BATCH = `select chat_apply_batch($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[],
    $6::text[], $7::timestamptz[], $8::text[], $9::text[], $10::text[], $11::int[], $12::int[],
    $13::bool[]) as n`;

/**
 * Stores journal records (journaledArchive.ts) whose archive ids the server assigned, in id
 * order, in one statement (migration 0900). Returns how many were new; a resend of a stored
 * (sender, client id) is skipped.
 */
export async function applyBatch(
  db: ChatDb,
  batch: readonly { id: number; msg: NewMessage }[],
): Promise<number> {
  const { cols, boxCols } = batchColumns(batch.map((r) => r.msg));
  const res = await db.query<{ n: number }>(APPLY_BATCH, [
    batch.map((r) => r.id),
    ...cols,
    ...boxCols,
  ]);
  return res.rows[0]?.n ?? 0;
}

/**
 * Writes one batch of messages and their inbox updates in a single statement (one implicit
 * transaction, one WAL flush): ARCHITECTURE.md "Durability". Their analytics events follow off
 * this path (src/analytics/chatRollup.ts, migration 0500).
 */
export async function insertBatch(db: ChatDb, batch: NewMessage[]): Promise<StoredResult[]> {
  const { cols, bx, boxCols } = batchColumns(batch);
  const only = batch.length === 1 ? batch[0] : undefined;
  // chat_insert_one reads unread 0 as the sender's reset, which one message always satisfies.
  if (only && bx.every((b) => b.reset === (b.unread === 0))) {
    const one = await db.query<{ id: string | null }>(INSERT_ONE, [
      ...cols.map((c) => c[0]),
      bx.map((b) => b.owner),
      bx.map((b) => b.convJid),
      bx.map((b) => b.unread),
    ]);
    const id = one.rows[0]?.id;
    return [id ? { id, duplicate: false } : await storedBefore(db, only)];
  }
  const res = await db.query<{ id: string; ord: number }>(INSERT_BATCH, [...cols, ...boxCols]);
  const ids = new Map<number, string>();
  for (const r of res.rows) ids.set(r.ord, r.id);
  const out: StoredResult[] = [];
  for (let i = 0; i < batch.length; i++) {
    const id = ids.get(i + 1);
    if (id !== undefined) {
      out.push({ id, duplicate: false });
      continue;
    }
    out.push(await storedBefore(db, batch[i] as NewMessage));
  }
  return out;
}

/** The archive id of a message whose (sender, client id) was stored before. */
async function storedBefore(db: ChatDb, m: NewMessage): Promise<StoredResult> {
  const prev = await db.query<{ id: string }>(
    'select id::text as id from chat_messages where sender = $1 and client_id = $2',
    [m.sender, m.clientId],
  );
  return { id: prev.rows[0]?.id ?? '', duplicate: true };
}

interface Pending {
  msg: NewMessage;
  resolve: (r: StoredResult) => void;
  reject: (e: unknown) => void;
}

/**
 * Where the chat stores a message before acknowledging or routing it: the group-committed
 * database write (GroupCommitWriter, PostgreSQL) or the synced journal applied behind
 * (JournaledArchive, the embedded database).
 */
export interface ArchiveWriter {
  write(msg: NewMessage): Promise<StoredResult>;
  /**
   * Resolves when every message acknowledged so far can be read from the database: MAM, the
   * inbox, markers, transcripts and the analytics catch-up wait for it.
   */
  settled(): Promise<void>;
  /** Resolves when everything written so far is stored; call after the sockets are closed. */
  close(): Promise<void>;
}

/**
 * Group commit: messages arriving while a batch is being written wait for the next one, so
 * under load each commit carries many messages and at rest a message is written at once.
 * A message is acknowledged after its commit, so reads never wait.
 */
export class GroupCommitWriter implements ArchiveWriter {
  private queue: Pending[] = [];
  private writing = false;

  constructor(
    private readonly db: ChatDb,
    private readonly onBatch?: (size: number, ms: number) => void,
  ) {}

  write(msg: NewMessage): Promise<StoredResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ msg, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  settled(): Promise<void> {
    return Promise.resolve();
  }

  /** Resolves when everything queued so far is written. */
  async close(): Promise<void> {
    while (this.writing || this.queue.length > 0) await new Promise((r) => setTimeout(r, 5));
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.queue.length > 0) {
        // PGlite runs a query synchronously on this thread, and a resolved query continues us
        // before Node reads the sockets again; without this turn of the event loop every batch
        // would hold just the one message that arrived first.
        await new Promise<void>((resolve) => setImmediate(resolve));
        const items = this.queue.splice(0, MAX_BATCH);
        // A repeated (sender, client id) inside one batch waits for its first copy.
        const firstIndex = new Map<string, number>();
        const unique: Pending[] = [];
        const alias: (number | undefined)[] = [];
        for (const p of items) {
          const key = p.msg.sender + '\n' + p.msg.clientId;
          const at = firstIndex.get(key);
          if (at === undefined) {
            firstIndex.set(key, unique.length);
            alias.push(undefined);
            unique.push(p);
          } else alias.push(at);
        }
        const t0 = performance.now();
        try {
          const results = await insertBatch(
            this.db,
            unique.map((p) => p.msg),
          );
          this.onBatch?.(unique.length, performance.now() - t0);
          let u = 0;
          items.forEach((p, i) => {
            const a = alias[i];
            if (a === undefined) p.resolve(results[u++] as StoredResult);
            else p.resolve({ id: (results[a] as StoredResult).id, duplicate: true });
          });
        } catch (err) {
          for (const p of items) p.reject(err);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}

/**
 * The 1:1 conversations of `owner` (parameter `o`): every stored 1:1 message writes an inbox row for
 * its sender and its recipient (direct.ts), and inbox rows are never deleted, so the owner's
 * inbox names them all. Since migration 0501 the archive has no index by sender or recipient
 * (two fewer index entries per message): a MAM query without `with` reads these conversations'
 * `(conv, id)` index instead. Key as pairConv builds it (JS `<` is the "C" collation's order).
 */
const ownerConvs = (o: string) => `select case when ${o}::text < x.peer collate "C"
      then 'u:' || ${o}::text || ':' || x.peer else 'u:' || x.peer || ':' || ${o}::text end as conv
    from (select split_part(conv_jid, '@', 1) as peer from chat_inbox
           where owner = ${o}::text and conv_jid not like '%@muclight.%') x`;

export async function queryArchive(
  db: ChatDb,
  q: ArchiveQuery,
): Promise<{ rows: ArchiveRow[]; complete: boolean; count: number }> {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  // One conversation, or each of the owner's 1:1 conversations (`c.conv`).
  const conv = q.conv ? p(q.conv) : 'c.conv';
  const convs = q.conv ? undefined : ownerConvs(p(q.owner ?? ''));
  const where = [`m.conv = ${conv}`];
  if (q.start) where.push(`m.created_at >= ${p(q.start)}`);
  if (q.end) where.push(`m.created_at <= ${p(q.end)}`);
  const countRes = await db.query<{ n: number }>(
    convs
      ? `select count(*)::int as n from (${convs}) c join chat_messages m on ${where.join(' and ')}`
      : `select count(*)::int as n from chat_messages m where ${where.join(' and ')}`,
    params,
  );
  if (q.before) where.push(`m.id < ${p(q.before)}::bigint`);
  if (q.after) where.push(`m.id > ${p(q.after)}::bigint`);
  // Forward paging (`after`) reads ascending; everything else reads the newest page first.
  const asc = q.after !== undefined && q.before === undefined;
  const order = `order by m.id ${asc ? 'asc' : 'desc'} limit ${p(q.max + 1)}`;
  const cols = 'm.id::text as id, m.sender, m.recipient, m.kind, m.created_at, m.stanza';
  // Per conversation at most a page (an index range each), then the page of their union.
  const res = await db.query<ArchiveRow>(
    convs
      ? `select m.* from (${convs}) c cross join lateral (
           select ${cols} from chat_messages m where ${where.join(' and ')} ${order}) m
         order by m.id::bigint ${asc ? 'asc' : 'desc'} limit ${p(q.max + 1)}`
      : `select ${cols} from chat_messages m where ${where.join(' and ')} ${order}`,
    params,
  );
  const rows = res.rows.slice(0, q.max);
  if (!asc) rows.reverse();
  return { rows, complete: res.rows.length <= q.max, count: countRes.rows[0]?.n ?? 0 };
}

export async function queryInbox(db: ChatDb, owner: string): Promise<InboxRow[]> {
  const res = await db.query<InboxRow>(
    `select i.conv_jid, i.unread, m.id::text as id, m.created_at, m.stanza
     from chat_inbox i join chat_messages m on m.id = i.last_message_id
     where i.owner = $1 order by i.updated_at desc limit 1000`,
    [owner],
  );
  return res.rows;
}

/** A `displayed` marker for the conversation's last message resets its unread count. */
export async function resetInbox(
  db: ChatDb,
  owner: string,
  convJid: string,
  markedId: string,
): Promise<void> {
  await db.query(
    `update chat_inbox i set unread = 0 from chat_messages m
     where i.owner = $1 and i.conv_jid = $2 and m.id = i.last_message_id and m.client_id = $3 and i.unread > 0`,
    [owner, convJid, markedId],
  );
}

export async function recordLastSeen(db: ChatDb, uuid: string, at: Date): Promise<void> {
  await db.query(
    `insert into chat_last_activity (user_uuid, last_seen_at) values ($1, $2)
     on conflict (user_uuid) do update set last_seen_at = excluded.last_seen_at`,
    [uuid, at],
  );
}

export async function lastSeen(db: ChatDb, uuid: string): Promise<Date | undefined> {
  const res = await db.query<{ last_seen_at: Date }>(
    'select last_seen_at from chat_last_activity where user_uuid = $1',
    [uuid],
  );
  const v = res.rows[0]?.last_seen_at;
  return v ? new Date(v) : undefined;
}

/** jabber:iq:last is answered for people who share an organisation, a team or a chat room. */
export async function mayQueryLastActivity(
  db: ChatDb,
  asker: string,
  target: string,
): Promise<boolean> {
  if (asker === target) return true;
  // Compared as uuids so the lookups use the users' index (uuid::text would scan every user).
  if (!isUuid(asker) || !isUuid(target)) return false;
  const res = await db.query<{ ok: boolean }>(
    `select (
       exists (select 1 from users a join users b on a.hospital_id = b.hospital_id
               where a.uuid = $1::uuid and b.uuid = $2::uuid and a.hospital_id is not null)
       or exists (select 1 from users a join team_members ta on ta.user_id = a.id
                  join team_members tb on tb.team_id = ta.team_id join users b on b.id = tb.user_id
                  where a.uuid = $1::uuid and b.uuid = $2::uuid)
       or exists (select 1 from chat_room_members ra join chat_room_members rb on ra.mim_id = rb.mim_id
                  where ra.user_uuid = $1::text and rb.user_uuid = $2::text)
     ) as ok`,
    [asker, target],
  );
  if (res.rows[0]?.ok === true) return true;
  // An administrator reads the last activity of the people within their reach (the admin console's
  // user detail, spec 02 §2): the admin scope rule of the domain, as for the admin API.
  const people = await db.query<{
    uuid: string;
    access_level: string;
    hospital_id: number | null;
    network_id: number | null;
  }>(
    `select u.uuid::text as uuid, u.access_level, u.hospital_id, h.network_id
       from users u left join hospitals h on h.id = u.hospital_id
      where u.uuid = any($1::uuid[])`,
    [[asker, target]],
  );
  const actor = people.rows.find((r) => r.uuid === asker);
  const person = people.rows.find((r) => r.uuid === target);
  const reach = actor ? adminReach(actor) : null;
  return reach !== null && person !== undefined && withinAdminReach(reach, person);
}
