/**
 * The admin benchmark's data set (issue 20): the demo network grown to ORGS organisations and
 * USERS people with DAYS days of analytics events, made with set-based SQL (one INSERT … SELECT
 * per table) and cached, so a measurement run starts in seconds.
 *
 * The analytics rollups (migration 0400) are kept by a statement trigger on analytics_events that
 * links each new active day to the person's previous one; run over 3 million events it is slow
 * (1,770 s on a busy machine, day by day). Here the trigger is set aside for the one bulk insert
 * and the rollups are filled from the new events in one go, as rollup.test.ts counts them from
 * scratch: events per scope, type, day and role; a person's active days with their hours and
 * previous active day (`lag`); people per day, per hour and per (day, previous day). The new
 * events belong only to the people made here, who have no active days yet, so adding these
 * figures to the demo network's rows is exact. `BENCH_ADMIN_VERIFY=1` proves it: it builds the
 * same network twice, through the trigger (a day per statement, as a live server would) and set-based,
 * and compares every rollup table row for row.
 *
 * Cache: PGlite only, under BENCH_ADMIN_CACHE (/tmp/pando-bench-admin/), one directory per key (a
 * hash of the migrations, the demo seed, this file, the PGlite version and the sizes). A run copies
 * the cached directory into its own fresh one and never opens the cache itself (two processes on
 * one PGlite directory corrupt it); a new cache entry appears by a rename, complete or not at all.
 * The events are dated relative to the day they were made (meta.json `day`): the measured window
 * is the DAYS days before that day, whatever day the cache is used.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SAMPLE_ROLES } from '@pando/domain';
import { type BenchServer, openSql, type Sql, TREE } from './harness.js';

export const ORGS = Number(process.env.BENCH_ADMIN_ORGS ?? 50);
const USERS = Number(process.env.BENCH_ADMIN_USERS ?? 100_000);
export const DAYS = Number(process.env.BENCH_ADMIN_DAYS ?? 30);
/** Share of the users who log in on a weekday (a third of that at weekends). */
const DAILY_ACTIVE = Number(process.env.BENCH_ADMIN_DAILY_ACTIVE ?? 0.2);
const CACHE = process.env.BENCH_ADMIN_CACHE ?? '/tmp/pando-bench-admin';
/** The people made here (and only they get events): their email domain. */
const BENCH_DOMAIN = '@bench-network.example.org';
/** The report's sample roles (spec 02 §2), so every per-role figure has people to count. */
const ROLES = SAMPLE_ROLES;

/** What the measurement needs to know of a data set. */
interface AdminNetwork {
  networkId: number;
  /** An organisation of the network (the largest-id bench hospital) for organisation-scope calls. */
  hospitalId: number;
  /** The UTC day the events were made relative to (YYYY-MM-DD): they cover the DAYS days before it. */
  day: string;
  /** Seconds the growth took when it was made. */
  seconds: number;
  /** Set when this run made it (not from the cache). */
  fresh: boolean;
}

/** How the events reach the rollups: set-based (the benchmark) or through the trigger (the check). */
type Mode = 'set' | 'trigger';

function cacheKey(): string {
  const h = crypto.createHash('sha256');
  const addDir = (dir: string) => {
    for (const f of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
      const p = path.join(dir, f);
      if (fs.statSync(p).isFile()) h.update(f).update(fs.readFileSync(p));
    }
  };
  addDir(path.join(TREE, 'apps/server/migrations'));
  addDir(path.join(TREE, 'apps/server/src/seed'));
  h.update(fs.readFileSync(new URL(import.meta.url)));
  // The data directory's format is PGlite's (the workspace's hoisted copy).
  const pglite = JSON.parse(
    fs.readFileSync(path.join(TREE, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  h.update(JSON.stringify([pglite.version, ORGS, USERS, DAYS, DAILY_ACTIVE]));
  return h.digest('hex').slice(0, 16);
}

const copyData = (from: string, to: string) => {
  fs.cpSync(from, to, {
    recursive: true,
    // The server's DATA_DIR lock (src/db/lock.ts) belongs to the process that held it.
    filter: (src) => path.basename(src) !== 'pando.lock',
  });
};

/**
 * The server's data directory holds the network: from the cache when it has it (PGlite), else
 * made now (first start for the schema and the demo seed, then `grow`) and put in the cache.
 * The server is stopped when this returns.
 */
export async function prepareNetwork(server: BenchServer): Promise<AdminNetwork> {
  const key = cacheKey();
  const entry = path.join(CACHE, key);
  if (!server.databaseUrl && fs.existsSync(path.join(entry, 'meta.json'))) {
    const t0 = Date.now();
    copyData(path.join(entry, 'data'), server.dataDir);
    const meta = JSON.parse(fs.readFileSync(path.join(entry, 'meta.json'), 'utf8')) as AdminNetwork;
    console.log(
      `data from the cache ${entry} (made ${meta.day} in ${meta.seconds} s), copied in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    return { ...meta, fresh: false };
  }
  await server.start('our server (first start: schema and demo seed)');
  await server.stop();
  const t0 = Date.now();
  console.log(
    `growing the demo network to ${ORGS} organisations and ${USERS} users, ${DAYS} days of events (set-based)…`,
  );
  const grown = await grow(server.dataDir, server.databaseUrl, 'set');
  const seconds = Math.round((Date.now() - t0) / 1000);
  console.log(`grown in ${seconds} s`);
  const meta: AdminNetwork = { ...grown, seconds, fresh: true };
  if (!server.databaseUrl) {
    const tmp = `${entry}.tmp-${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    copyData(server.dataDir, path.join(tmp, 'data'));
    fs.writeFileSync(path.join(tmp, 'meta.json'), JSON.stringify(meta, null, 2));
    try {
      fs.renameSync(tmp, entry);
      console.log(`cached in ${entry}`);
      // Entries of other keys are stale (older migrations, seed or sizes): 1-2 GB each.
      for (const old of fs.readdirSync(CACHE))
        if (old !== key && !old.includes('.tmp-'))
          fs.rmSync(path.join(CACHE, old), { recursive: true, force: true });
    } catch {
      // Another run cached the same key first.
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }
  return meta;
}

/**
 * Grows the demo network to ORGS organisations and USERS people (spread evenly over the
 * organisations and the 9 report roles), 200 teams of 15 (every other one across organisations),
 * 2,000 advice conversations (half resolved in the window), 500 pagers, and DAYS days of login,
 * session_started, message_sent (3 per active person, 1 in 10 with an image) and a few
 * patient_card_created events in working hours. Returns the ids the measurement needs.
 */
async function grow(
  dataDir: string,
  databaseUrl: string | undefined,
  mode: Mode,
): Promise<Omit<AdminNetwork, 'seconds' | 'fresh'>> {
  const db = timed(await openSql(dataDir, databaseUrl));
  try {
    const networkId = (
      await db.query<{ id: number }>(
        `select network_id as id from hospitals where name = 'St Elsewhere General'`,
      )
    ).rows[0]!.id;
    const day = (
      await db.query<{ day: string }>(
        `select to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as day`,
      )
    ).rows[0]!.day;
    await db.query(
      `insert into hospitals (uuid, name, network_id)
       select gen_random_uuid(), 'Bench Hospital ' || i, $1
         from generate_series(1, $2::int - (select count(*)::int from hospitals where network_id = $1)) i`,
      [networkId, ORGS],
    );
    const orgsOf = `(select array_agg(id order by id) from hospitals where network_id = ${String(networkId)})`;
    // The search index takes the bulk insert through GIN's pending list (5 times faster than
    // entry by entry), merged at once after it and switched off again: the index ends as 0601
    // leaves it (fastupdate off, no pending list), as if the people had come one at a time.
    const gin = (
      await db.query<{ n: number }>(
        `select count(*)::int as n from pg_class c join pg_am a on a.oid = c.relam
          where c.relname = 'users_search_trgm_idx' and a.amname = 'gin'`,
      )
    ).rows[0]!.n;
    if (gin) await db.query('alter index users_search_trgm_idx set (fastupdate = on)');
    // One statement: users_rollup's statement trigger (0401) runs once over all of them.
    await db.query(
      `insert into users (uuid, email, first_name, last_name, role_description, speciality, hospital_id, access_level, created_at)
       select gen_random_uuid(), 'staff' || i || '${BENCH_DOMAIN}',
              (array['Amelia','Oliver','Isla','George','Ava','Noah','Mia','Arthur','Sofia','Leo','Grace','Oscar'])[1 + i % 12],
              (array['Hughes','Patel','Okafor','Kowalski','Murphy','Nguyen','Evans','Silva','Khan','Walsh'])[1 + i % 10] || '-' || i,
              ($2::text[])[1 + i % 9], 'General Medicine', ${orgsOf}[1 + i % $3::int],
              'USER', now() - make_interval(days => 30 + i % 400)
         from generate_series(1, $1::int - (select count(*)::int from users u join hospitals h on h.id = u.hospital_id where h.network_id = ${String(networkId)})) i`,
      [USERS, ROLES, ORGS],
    );
    if (gin) {
      await db.query(`select gin_clean_pending_list('users_search_trgm_idx')`);
      await db.query('alter index users_search_trgm_idx set (fastupdate = off)');
    }
    await db.query(
      `insert into teams (mim_id, name, hospital_id, created_at)
       select 'bench-admin-team-' || i, 'Bench admin team ' || i, ${orgsOf}[1 + i % $1::int],
              now() - make_interval(days => 60 + i)
         from generate_series(1, 200) i`,
      [ORGS],
    );
    // Odd teams draw their 15 members from the whole network, even ones from their own
    // organisation (equality joins on a member's number, so no team is compared with everyone).
    await db.query(
      `with staff as (
         select id, hospital_id, row_number() over (order by id) as n,
                row_number() over (partition by hospital_id order by id) as hn
           from users where email like '%${BENCH_DOMAIN}'
       ), sizes as (
         select hospital_id, count(*) as size from staff group by 1
       ), picks as (
         select t.id as team_id, 1 + (t.id * 37 + j * 211) % (select count(*) from staff) as n,
                null::int as hospital_id, null::bigint as hn
           from teams t cross join generate_series(0, 14) j
          where t.mim_id like 'bench-admin-team-%' and t.id % 2 = 1
         union all
         select t.id, null, t.hospital_id, 1 + (t.id * 7 + j) % z.size
           from teams t join sizes z on z.hospital_id = t.hospital_id cross join generate_series(0, 14) j
          where t.mim_id like 'bench-admin-team-%' and t.id % 2 = 0
       )
       insert into team_members (team_id, user_id)
       select p.team_id, s.id from picks p join staff s on s.n = p.n
       union
       select p.team_id, s.id from picks p join staff s on s.hospital_id = p.hospital_id and s.hn = p.hn`,
    );
    await db.query(
      `with advice as (select array_agg(id order by id) as ids from teams where mim_id like 'bench-admin-team-%'),
            staff as (select array_agg(id order by id) as ids from users where email like '%${BENCH_DOMAIN}')
       insert into advice_conversations (mim_id, team_id, requestor_id, public_team_resolved, created_at, modified_at)
       select 'bench-advice-' || i, (select ids from advice)[1 + i % 20], (select ids from staff)[1 + i * 41 % array_length((select ids from staff), 1)],
              i % 2 = 0, now() - make_interval(days => 1 + i % ($1::int + 10)), now() - make_interval(days => 1 + i % ($1::int + 10))
         from generate_series(1, 2000) i`,
      [DAYS],
    );
    await db.query(
      `insert into pagers (mim_id, name, hospital_id, created_at)
       select 'bench-pager-' || i, 'Bleep ' || i, ${orgsOf}[1 + i % $1::int], now() - make_interval(days => i % 90)
         from generate_series(1, 500) i`,
      [ORGS],
    );
    await addEvents(db, networkId, mode);
    const hospitalId = (
      await db.query<{ id: number }>(
        `select max(id)::int as id from hospitals where network_id = $1`,
        [networkId],
      )
    ).rows[0]!.id;
    // As the server's maintenance leaves it (db/client.ts): users' pages all-visible, statistics.
    await db.query('vacuum users');
    await db.query('analyze');
    return { networkId, hospitalId, day };
  } finally {
    await db.close();
  }
}

/** The statements that take a second or more, printed with their time (where the growth goes). */
function timed(db: Sql): Sql {
  return {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- as Sql's
    query: async <T>(text: string, params?: unknown[]) => {
      const t0 = Date.now();
      const r = await db.query<T>(text, params);
      const ms = Date.now() - t0;
      if (ms >= 1000)
        console.log(
          `  ${(ms / 1000).toFixed(1)} s  ${text.replace(/\s+/g, ' ').trim().slice(0, 80)}`,
        );
      return r;
    },
    close: () => db.close(),
  };
}

/** The active people of day `d` (1 = yesterday) and their working-hours events. */
const EVENTS_SELECT = (days: string) => `
  select t.type, a.at + make_interval(mins => t.k * 20), a.id, a.hospital_id, $1::int, a.role_description,
         t.type = 'message_sent' and (a.id + t.k) % 10 = 0
    from (
      select u.id, u.hospital_id, u.role_description, d,
             day.start + make_interval(hours => 7 + (u.id * 7 + d) % 12, mins => (u.id * 13) % 60) as at
        from ${days} d
       cross join lateral (
         select date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - make_interval(days => d) as start
       ) day
        join users u on u.email like '%${BENCH_DOMAIN}'
       where (u.id * 31 + d * 17) % 1000 < 1000 * $2::float8
             * (case when extract(isodow from day.start at time zone 'UTC') > 5 then 0.33 else 1 end)
    ) a
   cross join (values ('login', 0), ('session_started', 0), ('message_sent', 1), ('message_sent', 2),
                      ('message_sent', 3), ('patient_card_created', 4)) as t(type, k)
   where t.type <> 'patient_card_created' or (a.id + a.d) % 20 = 0`;

async function addEvents(db: Sql, networkId: number, mode: Mode): Promise<void> {
  const insert = (days: string, args: unknown[]) =>
    db.query(
      `insert into analytics_events (type, occurred_at, user_id, hospital_id, network_id, role, has_image)
       ${EVENTS_SELECT(days)}`,
      [networkId, DAILY_ACTIVE, ...args],
    );
  if (mode === 'trigger') {
    // As a live server records them: the trigger keeps the rollups, a day per statement, in order.
    for (let d = DAYS; d >= 1; d--) await insert('(select $3::int as d) as', [d]);
    return;
  }
  const before = (
    await db.query<{ id: string }>('select coalesce(max(id), 0)::text as id from analytics_events')
  ).rows[0]!.id;
  await db.query('begin');
  try {
    // The rollup trigger is set aside for the bulk insert (its definition kept and restored as it
    // was), then the rollups get the new events' figures in one go.
    const triggers = (
      await db.query<{ name: string; def: string }>(
        `select tgname as name, pg_get_triggerdef(oid) as def from pg_trigger
          where tgrelid = 'analytics_events'::regclass and not tgisinternal`,
      )
    ).rows;
    for (const t of triggers) await db.query(`drop trigger ${t.name} on analytics_events`);
    await insert('generate_series(1, $3::int) as', [DAYS]);
    await fillRollups(db, before);
    for (const t of triggers) await db.query(t.def);
    await db.query('commit');
  } catch (err) {
    await db.query('rollback');
    throw err;
  }
}

/**
 * The rollups of migration 0400 for the events after id `before`, whose people have no active
 * day yet: the sums add to the rows already there; the active days are new rows.
 */
async function fillRollups(db: Sql, before: string): Promise<void> {
  const scoped = `analytics_events e
    cross join lateral (values ('o', e.hospital_id), ('n', e.network_id)) as s(scope, scope_id)
    where e.id > ${before}::bigint and s.scope_id is not null`;
  await db.query(
    `insert into analytics_daily_counts as c (scope, scope_id, type, day, role, events, with_image)
     select s.scope, s.scope_id, e.type, (e.occurred_at at time zone 'UTC')::date, coalesce(e.role, ''),
            count(*), count(*) filter (where e.has_image)
       from ${scoped}
      group by 1, 2, 3, 4, 5
     on conflict (scope, scope_id, type, day, role) do update
       set events = c.events + excluded.events, with_image = c.with_image + excluded.with_image`,
  );
  await db.query(
    `create temporary table bench_days on commit drop as
     select scope, scope_id, user_id, day, hours,
            coalesce(lag(day) over (partition by scope, scope_id, user_id order by day), '-infinity'::date) as prev_day
       from (
         select s.scope, s.scope_id, e.user_id, (e.occurred_at at time zone 'UTC')::date as day,
                bit_or(1 << extract(hour from e.occurred_at at time zone 'UTC')::int) as hours
           from ${scoped} and e.user_id is not null and e.type in ('login', 'session_started', 'message_sent')
          group by 1, 2, 3, 4
       ) a`,
  );
  const clash = await db.query<{ n: number }>(
    `select count(*)::int as n from bench_days b join analytics_active_days d
        on d.scope = b.scope and d.scope_id = b.scope_id and d.user_id = b.user_id`,
  );
  if (clash.rows[0]!.n > 0)
    throw new Error(
      'the new events belong to people with active days already: the sums would not be exact',
    );
  await db.query(
    `insert into analytics_active_days (scope, scope_id, user_id, day, hours, prev_day)
     select scope, scope_id, user_id, day, hours, prev_day from bench_days`,
  );
  await db.query(
    `insert into analytics_daily_active as x (scope, scope_id, day, users)
     select scope, scope_id, day, count(*) from bench_days group by 1, 2, 3
     on conflict (scope, scope_id, day) do update set users = x.users + excluded.users`,
  );
  await db.query(
    `insert into analytics_hourly_active as x (scope, scope_id, day, hour, users)
     select b.scope, b.scope_id, b.day, h.hour, count(*)
       from bench_days b cross join generate_series(0, 23) as h(hour)
      where b.hours & (1 << h.hour) <> 0
      group by 1, 2, 3, 4
     on conflict (scope, scope_id, day, hour) do update set users = x.users + excluded.users`,
  );
  await db.query(
    `insert into analytics_active_chain as x (scope, scope_id, day, prev_day, n)
     select scope, scope_id, day, prev_day, count(*) from bench_days group by 1, 2, 3, 4
     on conflict (scope, scope_id, day, prev_day) do update set n = x.n + excluded.n`,
  );
}

const ROLLUPS = [
  'analytics_daily_counts',
  'analytics_active_days',
  'analytics_daily_active',
  'analytics_hourly_active',
  'analytics_active_chain',
  'users_rollup',
  'users_rollup_totals',
];

/**
 * BENCH_ADMIN_VERIFY=1: the network made through the trigger and set-based, on two fresh
 * servers; every rollup table compared row for row (a digest of its sorted rows). Returns
 * whether all match. Use a small size (BENCH_ADMIN_USERS=3000): the trigger way is the slow one.
 */
export async function verifyGrowth(make: (name: string) => Promise<BenchServer>): Promise<boolean> {
  const digests: Record<Mode, Record<string, string>> = { set: {}, trigger: {} };
  for (const mode of ['trigger', 'set'] as const) {
    const server = await make(`admin-verify-${mode}`);
    try {
      await server.start();
      await server.stop();
      const t0 = Date.now();
      await grow(server.dataDir, server.databaseUrl, mode);
      console.log(`${mode}: grown in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      const db = await openSql(server.dataDir, server.databaseUrl);
      try {
        for (const table of ROLLUPS) {
          // Everything but the demo seed's random uuids: the tables hold ids, days and counts only.
          const r = await db.query<{ rows: number; md5: string }>(
            `select count(*)::int as rows, md5(coalesce(string_agg(t::text, ';' order by t::text), '')) as md5 from ${table} t`,
          );
          digests[mode][table] = `${r.rows[0]!.rows} rows, ${r.rows[0]!.md5}`;
        }
      } finally {
        await db.close();
      }
    } finally {
      await server.close();
    }
  }
  let same = true;
  for (const table of ROLLUPS) {
    const ok = digests.set[table] === digests.trigger[table];
    same &&= ok;
    console.log(
      `${ok ? 'same' : 'DIFFERENT'}  ${table}: trigger ${digests.trigger[table]}; set-based ${digests.set[table]}`,
    );
  }
  return same;
}
