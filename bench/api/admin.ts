/**
 * Admin and analytics benchmark (issue 20): a network of BENCH_ADMIN_ORGS (50) organisations and
 * BENCH_ADMIN_USERS (100,000) people with BENCH_ADMIN_DAYS (30) days of analytics events (about
 * 3 million), on our server started as `npm start` runs it (embedded PGlite unless
 * BENCH_API_POSTGRES is set). As the network admin it measures the users list (first page, a later
 * page, sorts by name, joining date and role, a common and a rare search, a search's later page,
 * the count), the organisation list at page size 10000 (spec 02 §9), and the 15 analytics calls
 * of spec 02 §7 for the network and for one of its organisations over the DAYS days of events
 * (bearer token). Target (issue 20): p99 < 100 ms on PGlite. A repeated search is a kept answer
 * of the response cache, so the searches are also timed once each right after a user change
 * (the admin's own status set), COLD_ROUNDS times: what the first search after a change costs.
 *
 * The data set is made set-based and cached (bench/api/adminData.ts): made in about a minute,
 * then copied from /tmp/pando-bench-admin/ in seconds. autocannon, 10 connections, 2 s warm-up,
 * BENCH_API_SECONDS (10) s per call, one round; the load average is printed with every figure.
 * It refuses to start at a 1-minute load average of 0.5 or more unless BENCH_ALLOW_LOAD=1, and
 * then flags each figure taken under load. Appends its table to bench/RESULTS.md ("Admin API")
 * unless BENCH_API_NO_RECORD is set or a figure was taken under load.
 *
 *   npm run bench:api:admin -w @pando/bench
 *   BENCH_ADMIN_ONLY=analytics npm run bench:api:admin -w @pando/bench       # calls whose name has the text
 *   BENCH_ADMIN_USERS=10000 BENCH_API_SECONDS=1 BENCH_API_NO_RECORD=1 BENCH_ALLOW_LOAD=1 npm run bench:api:admin -w @pando/bench   # a quick check
 *   BENCH_ADMIN_VERIFY=1 BENCH_ADMIN_USERS=3000 BENCH_ALLOW_LOAD=1 npm run bench:api:admin -w @pando/bench    # set-based rollups = the trigger's
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DAYS, ORGS, prepareNetwork, verifyGrowth } from './adminData.js';
import { benchServer, CONNECTIONS, DURATION, loadNow, measure, openSql } from './harness.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SESSION_TOKEN = 'bench-admin-session-token';
const ACCESS_TOKEN = 'bench-admin-access-token';
const LOAD_LIMIT = 0.5;
/** Rounds of the first-search-after-a-change figure. */
const COLD_ROUNDS = 9;
const load1 = () => os.loadavg()[0] ?? 0;

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The analytics calls of spec 02 §7 (all but the two with their own URL shape). */
const WINDOW_METRICS = [
  'active-users/count',
  'active-users/timeseries/daily',
  'active-users/timeseries/hourly',
  'messages/total/count',
  'messages/timeseries/daily',
  'sessions/total/count',
  'sessions/timeseries/daily',
  'total-users/roles/roles/count',
  'users/roles/roles/messages/count',
  'teams/count',
  'messages/images/count',
  'patient-cards/count',
  'pagers/count',
];

async function main(): Promise<void> {
  if (load1() >= LOAD_LIMIT) {
    const say = `1-minute load average ${load1().toFixed(2)} ≥ ${LOAD_LIMIT}: the figures would mostly measure the other work on this machine.`;
    if (process.env.BENCH_ALLOW_LOAD !== '1') {
      console.error(`${say}\nRefusing to run; wait for an idle machine or set BENCH_ALLOW_LOAD=1.`);
      process.exit(3);
    }
    console.log(`!!! ${say} Running anyway (BENCH_ALLOW_LOAD=1): NOT figures to record. !!!`);
  }
  if (process.env.BENCH_ADMIN_VERIFY) {
    const same = await verifyGrowth(benchServer);
    process.exit(same ? 0 : 1);
  }
  const server = await benchServer('admin');
  const { base, engine } = server;
  try {
    const net = await prepareNetwork(server);
    // A fresh session and bearer token for the network admin each run (the cache may be days old).
    const db = await openSql(server.dataDir, server.databaseUrl);
    let orgUuid: string;
    try {
      const admin = (
        await db.query<{ id: number }>(
          `select id from users where email = 'network.admin@example.org'`,
        )
      ).rows[0]!.id;
      await db.query('delete from access_tokens where token_hash = $1', [sha256(ACCESS_TOKEN)]);
      await db.query('delete from sessions where token_hash = $1', [sha256(SESSION_TOKEN)]);
      const session = await db.query<{ id: number }>(
        `insert into sessions (token_hash, user_id, expires_at, last_seen_at)
         values ($1, $2, now() + interval '1 day', now()) returning id`,
        [sha256(SESSION_TOKEN), admin],
      );
      await db.query(
        `insert into access_tokens (token_hash, user_id, session_id, expires_at)
         values ($1, $2, $3, now() + interval '1 day')`,
        [sha256(ACCESS_TOKEN), admin, session.rows[0]!.id],
      );
      orgUuid = (
        await db.query<{ uuid: string }>('select uuid::text from hospitals where id = $1', [
          net.hospitalId,
        ])
      ).rows[0]!.uuid;
    } finally {
      await db.close();
    }
    await server.start();

    const cookie = { cookie: `pando_session=${SESSION_TOKEN}` };
    const bearer = { authorization: `Bearer ${ACCESS_TOKEN}` };
    const made = Date.parse(`${net.day}T00:00:00Z`);
    const to = isoDay(made - DAY_MS);
    const from = isoDay(made - DAYS * DAY_MS);
    const users = `${base}/api/v4/admin/users`;
    const analytics = (kind: 'network' | 'organisation', id: string | number) => {
      const scope = `/api/v1/${kind}/${id}`;
      return [
        ...WINDOW_METRICS.map((m): [string, string, Record<string, string>] => [
          `${kind} ${m}`,
          `${base}${scope}/${m}/${from}/${to}`,
          bearer,
        ]),
        [
          `${kind} teams/cross-organisational/count`,
          `${base}${scope}/teams/cross-organisational/count/${to}`,
          bearer,
        ],
        [
          `${kind} ask-advice resolved-conversations`,
          `${base}/api/v1/v1/${kind}/${id}/teams/ask-advice/resolved-conversations/count/${from}/${to}`,
          bearer,
        ],
      ] satisfies [string, string, Record<string, string>][];
    };
    const only = process.env.BENCH_ADMIN_ONLY;
    const endpoints = (
      [
        ['users page 0 (sort last_name)', users, cookie],
        ['users page 500 (sort last_name)', `${users}?page=500`, cookie],
        ['users sort=first_name', `${users}?sort=first_name`, cookie],
        ['users sort=-joined_at page 500', `${users}?sort=-joined_at&page=500`, cookie],
        ['users sort=role page 100', `${users}?sort=role&page=100`, cookie],
        ['users q=patel (1 in 10)', `${users}?q=patel`, cookie],
        [
          'users q=patel sort=first_name page 50',
          `${users}?q=patel&sort=first_name&page=50`,
          cookie,
        ],
        ['users q=staff4242 (rare)', `${users}?q=staff4242`, cookie],
        ['users/count', `${users}/count`, cookie],
        [
          'organisations page-size=10000',
          `${base}/api/v4/admin/organisations?page-size=10000`,
          cookie,
        ],
        ...analytics('network', net.networkId),
        ...analytics('organisation', orgUuid),
      ] satisfies [string, string, Record<string, string>][]
    ).filter(([name]) => !only || name.includes(only));
    // Each call answers 200 before it is measured.
    for (const [name, url, headers] of endpoints) {
      const res = await fetch(url, { headers });
      if (res.status !== 200)
        throw new Error(`${name} answered ${res.status}: ${await res.text()}`);
    }
    const total = (await (await fetch(`${users}/count`, { headers: cookie })).json()) as {
      count: number;
    };
    const active = (await (
      await fetch(`${base}/api/v1/network/${net.networkId}/active-users/count/${from}/${to}`, {
        headers: bearer,
      })
    ).json()) as { count: number };
    console.log(
      `network admin sees ${total.count} users; ${active.count} active in ${from}..${to}; ${net.fresh ? `made in ${net.seconds} s` : 'from the cache'}`,
    );
    const loadAtStart = loadNow();
    const rows: {
      name: string;
      p50: number;
      p99: number;
      rps: number;
      errors: number;
      load: string;
      loaded: boolean;
    }[] = [];
    for (const [name, url, headers] of endpoints) {
      const r = await measure(name, url, headers);
      const loaded = load1() >= LOAD_LIMIT;
      rows.push({ ...r, load: loadNow(), loaded });
      console.log(`  load average ${loadNow()}${loaded ? '  LOADED: not a figure to record' : ''}`);
    }
    // A search repeated with nothing changed is a kept answer (src/http/responseCache.ts); the
    // first search after a change is not: each round the network admin sets their own
    // availability (an announced user change, which forgets every kept search), then one call
    // of each search is timed alone. Median and worst of COLD_ROUNDS.
    const cold: { name: string; median: number; max: number; load: string }[] = [];
    for (const [name, url, headers] of endpoints.filter(([n]) => n.includes('q='))) {
      const times: number[] = [];
      for (let i = 0; i < COLD_ROUNDS; i++) {
        const set = await fetch(`${base}/api/v4/users/me/status`, {
          method: 'PUT',
          headers: { ...cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ status: i % 2 ? 'AVAILABLE' : 'UNAVAILABLE' }),
        });
        if (set.status !== 200) throw new Error(`status change answered ${set.status}`);
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const row = {
        name,
        median: Math.round(times[Math.floor(times.length / 2)]!),
        max: Math.round(times[times.length - 1]!),
        load: loadNow(),
      };
      cold.push(row);
      console.log(
        `${name} first call after a change: median ${row.median} ms, max ${row.max} ms (${COLD_ROUNDS} rounds, load ${row.load})`,
      );
    }
    const anyLoaded = rows.some((r) => r.loaded);
    const table = [
      '',
      `## Admin API (${isoDay(Date.now())}, ${engine})`,
      '',
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; a network of ${ORGS} organisations and ${total.count} users, ${DAYS} days of events (${active.count} active users; data made in ${net.seconds} s${net.fresh ? '' : ', from the cache'}). autocannon, ${CONNECTIONS} connections, 2 s warm-up, ${DURATION} s. Load average at the start: ${loadAtStart}, at the end: ${loadNow()}. Command: \`npm run bench:api:admin -w @pando/bench\`.`,
      '',
      '| call | p50 ms | p99 ms | req/s | errors | load 1/5/15 after |',
      '|---|---|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.p50} | ${r.p99} | ${Math.round(r.rps)} | ${r.errors} | ${r.load}${r.loaded ? ' LOADED' : ''} |`,
      ),
      '',
      `First call of a search after a user change (not kept), ${COLD_ROUNDS} rounds, one caller:`,
      '',
      '| call | median ms | max ms | load 1/5/15 after |',
      '|---|---|---|---|',
      ...cold.map((r) => `| ${r.name} | ${r.median} | ${r.max} | ${r.load} |`),
      '',
      'Target (issue 20): p99 < 100 ms on PGlite.',
    ].join('\n');
    if (!process.env.BENCH_API_NO_RECORD && !anyLoaded && !only)
      fs.appendFileSync(path.join(here, '..', 'RESULTS.md'), `${table}\n`);
    else console.log('(not appended to RESULTS.md: under load, a subset, or BENCH_API_NO_RECORD)');
    console.log(table);
  } finally {
    await server.close();
  }
}

await main();
