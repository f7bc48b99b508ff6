import type { Database, DatabaseTx } from '../db/client.js';

/**
 * Chat messages reach analytics off the chat's per-message commit (issues 15 and 23; design in
 * apps/server/README.md "Analytics at scale" and migration 0500). The archive write stores a
 * message and its inbox rows only; this catch-up copies the archive rows past a stored
 * watermark into `analytics_events` (one `message_sent` each) in one statement per step, so the
 * rollup trigger of 0400 runs once per step instead of once per message, and moves the
 * watermark in the same transaction: every message is counted exactly once, also when the
 * process dies between its archive commit and the catch-up (the next catch-up takes it).
 *
 * Callers: the analytics routes before every read, so a report never misses a message stored
 * before the call; the chat plugin at start, and every CATCH_UP_INTERVAL_MS a
 * tick (catchUpChatAnalyticsWhenQuiet) that catches up only when the chat has been quiet since
 * the previous tick, or when the oldest uncounted message is MAX_LAG_MS old. On PGlite's one
 * connection every catch-up step holds the chat's commits (a step costs 5-15 chat commits), so
 * it does not compete with a busy chat: the 500 msg/s benchmark's p99 (README.md here).
 *
 * A clean stop does not work through a backlog: the plugin's runs take its stop signal and end
 * between two steps, and what they leave past the watermark is counted at the next start, as
 * after a crash. (Catching up at shutdown made a stop soon after a restart with a minute of
 * backlog at 4,000 msg/s take 10 s, the grace period many process managers give before SIGKILL.)
 */

/** How often the chat plugin looks whether to catch up (one index lookup per tick). */
export const CATCH_UP_INTERVAL_MS = 1_000;

/**
 * The longest a busy chat puts the periodic catch-up off. Reports do not wait for it (they catch
 * up before reading); it bounds the backlog a report read or a restart then takes (at 500 msg/s,
 * 30,000 rows: 300 steps).
 */
export const MAX_LAG_MS = 60_000;

/**
 * Archive rows per step (one insert, one run of the rollup trigger, one transaction). Measured
 * on PGlite (under load): 1 row 7 ms, 100 rows 13 ms, 1,000 rows 300 ms (most of it the
 * analytics_events insert itself: its indexes and foreign-key checks). Between steps the chat
 * writer gets its turn on PGlite's one connection, so a backlog (after a crash, or a burst)
 * never holds the chat up for long.
 */
const STEP_ROWS = 100;

/** PostgreSQL's lock_not_available: a catch-up gives up its turn rather than hold writers up. */
const LOCK_NOT_AVAILABLE = '55P03';

interface Runner {
  current?: Promise<void> | undefined;
  next?: Promise<void> | undefined;
}
const runners = new WeakMap<Database, Runner>();

/**
 * Records the analytics events of every chat message archived before this call. Concurrent
 * callers share runs: at most one runs and one waits (a run already going may have fixed its
 * horizon before the caller's messages were stored, so callers then wait for the next one).
 * `stop` (the chat plugin's, aborted at shutdown) ends a run it started between two steps; a
 * caller sharing that run then gets it incomplete, which only a server that is stopping does.
 */
export function catchUpChatAnalytics(db: Database, stop?: AbortSignal): Promise<void> {
  let r = runners.get(db);
  if (!r) runners.set(db, (r = {}));
  const runner = r;
  const start = () => {
    const p = catchUp(db, stop).finally(() => {
      if (runner.current === p) runner.current = undefined;
    });
    runner.current = p;
    return p;
  };
  if (!runner.current) return start();
  runner.next ??= runner.current
    .catch(() => undefined)
    .then(() => {
      runner.next = undefined;
      return start();
    });
  return runner.next;
}

interface Tick {
  /** The newest archive id the previous tick saw. */
  last?: number;
  /** When a tick first saw messages past the watermark (undefined: none then). */
  behindSince?: number;
}
const ticks = new WeakMap<Database, Tick>();

/**
 * The chat plugin's periodic catch-up: runs one (catchUpChatAnalytics) when messages are waiting
 * and either none was archived since the previous tick (the chat is quiet) or the first of them
 * was seen MAX_LAG_MS or more before `now`; otherwise only looks (one index lookup). A crash loses
 * nothing by the wait: the messages stay past the watermark until a catch-up takes them.
 */
export async function catchUpChatAnalyticsWhenQuiet(
  db: Database,
  now: Date,
  stop?: AbortSignal,
): Promise<void> {
  let tick = ticks.get(db);
  if (!tick) ticks.set(db, (tick = {}));
  const { done, last } = await peek(db);
  const quiet = last === tick.last;
  tick.last = last;
  if (last <= done) {
    tick.behindSince = undefined;
    return;
  }
  tick.behindSince ??= now.getTime();
  if (!quiet && now.getTime() - tick.behindSince < MAX_LAG_MS) return;
  tick.behindSince = undefined;
  await catchUpChatAnalytics(db, stop);
}

async function catchUp(db: Database, stop: AbortSignal | undefined): Promise<void> {
  const horizon = await horizonOf(db);
  if (horizon === undefined) return;
  for (;;) {
    if (stop?.aborted) return;
    const r = await db.query<{ at: string }>(
      'select chat_analytics_catch_up($1::bigint, $2::int)::text as at',
      [horizon, STEP_ROWS],
    );
    if (Number(r.rows[0]?.at) >= horizon) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * The archive id below which no write is still in flight, or undefined when nothing past the
 * watermark is stored (the usual answer: one index lookup, no write). On PGlite queries run one
 * at a time, so the newest id is that. On PostgreSQL ids are taken before commit, so a write
 * with a lower id may still commit after a higher one: a SHARE lock waits for the archive
 * writes in flight (new ones wait a moment behind it), and the newest id then is the horizon.
 */
async function horizonOf(db: Database): Promise<number | undefined> {
  const { done, last } = await peek(db);
  if (last <= done) return undefined;
  if (db.kind === 'pglite') return last;
  try {
    return await db.transaction(async (tx) => {
      await tx.query(`set local lock_timeout = '200ms'`);
      await tx.query('lock table chat_messages in share mode');
      const r = await tx.query<{ last: string }>(
        'select coalesce(max(id), 0)::text as last from chat_messages',
      );
      return Number(r.rows[0]?.last ?? 0);
    });
  } catch (err) {
    // A long transaction holds the archive: the next run (a second later) tries again.
    if ((err as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return undefined;
    throw err;
  }
}

/** The watermark and the newest archive id (two index lookups). */
async function peek(db: Database): Promise<{ done: number; last: number }> {
  const r = await db.query<{ done: string; last: string }>(
    `select (select last_id from chat_analytics_watermark)::text as done,
            coalesce((select max(id) from chat_messages), 0)::text as last`,
  );
  return { done: Number(r.rows[0]?.done ?? 0), last: Number(r.rows[0]?.last ?? 0) };
}

/**
 * Leaves every message archived so far uncounted (the demo seed's history: the seed records its
 * own analytics). Call in the transaction that archives them, after any pending messages were
 * caught up (catchUpChatAnalytics), with no other chat traffic (the seed runs before the chat
 * server starts).
 */
export async function skipChatArchiveAnalytics(tx: DatabaseTx): Promise<void> {
  await tx.query(
    `update chat_analytics_watermark
        set last_id = greatest(last_id, (select coalesce(max(id), 0) from chat_messages))`,
  );
}
