/**
 * Admin and analytics benchmark (issue 20): a network of BENCH_ADMIN_ORGS (50) organisations and
 * BENCH_ADMIN_USERS (100,000) users with BENCH_ADMIN_DAYS (30) days of analytics events, on our
 * server started as `npm start` runs it (embedded PGlite unless BENCH_API_POSTGRES is set). It
 * measures, as the network admin, the users list (first page, a search, a sort on a far page,
 * the count) and every analytics endpoint of spec 02 §7 for the network over the last 30 days
 * (bearer token). Target (issue 20): p99 < 100 ms on PGlite. The growth goes through the
 * server's triggers, which keep the analytics and users rollups the report calls read
 * (migrations 0400, 0401; apps/server/README.md "Analytics at scale"): it took 1,770 s on a busy
 * 2-core machine (load 23), 415 s before the rollups on a less busy one.
 * autocannon, 10 connections, 2 s warm-up, BENCH_API_SECONDS (10) s per endpoint, one round.
 * Appends its table to bench/RESULTS.md ("Admin API") unless BENCH_API_NO_RECORD is set; record
 * only on an idle machine (load average < 0.5).
 *
 *   npm run bench:api:admin -w @pando/bench
 *   BENCH_ADMIN_USERS=10000 BENCH_API_SECONDS=1 BENCH_API_NO_RECORD=1 npm run bench:api:admin -w @pando/bench   # a quick check
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  benchServer,
  CONNECTIONS,
  DURATION,
  loadNow,
  measure,
  openSql,
  type Row,
} from './harness.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ORGS = Number(process.env.BENCH_ADMIN_ORGS ?? 50);
const USERS = Number(process.env.BENCH_ADMIN_USERS ?? 100_000);
const DAYS = Number(process.env.BENCH_ADMIN_DAYS ?? 30);
/** Share of the users who log in on a weekday (a third of that at weekends). */
const DAILY_ACTIVE = Number(process.env.BENCH_ADMIN_DAILY_ACTIVE ?? 0.2);
const SESSION_TOKEN = 'bench-admin-session-token';
const ACCESS_TOKEN = 'bench-admin-access-token';
const ROLES = [
  'Consultant',
  'Nurse',
  'Administration',
  'Clinical Nurse Specialist',
  'Clinical Fellow',
  'Physiotherapist',
  'Dietitian',
  'Speech and Language Therapy',
  'Pharmacist',
];

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/**
 * Grows the demo network to ORGS organisations and USERS users (spread evenly, the 9 report
 * roles), 200 teams, and DAYS days of login, session_started and message_sent events (working
 * hours, about 3 messages per active person, 1 in 10 with an image), all with plain SQL.
 */
async function grow(dataDir: string, databaseUrl: string | undefined): Promise<number> {
  const db = await openSql(dataDir, databaseUrl);
  try {
    const n = await db.query<{ id: number }>(
      `select network_id as id from hospitals where name = 'St Elsewhere General'`,
    );
    const networkId = n.rows[0]!.id;
    const have = await db.query<{ n: number }>(
      'select count(*)::int as n from hospitals where network_id = $1',
      [networkId],
    );
    await db.query(
      `insert into hospitals (uuid, name, network_id)
       select gen_random_uuid(), 'Bench Hospital ' || i, $1 from generate_series(1, $2::int) i`,
      [networkId, Math.max(0, ORGS - have.rows[0]!.n)],
    );
    const haveUsers = await db.query<{ n: number }>(
      `select count(*)::int as n from users u join hospitals h on h.id = u.hospital_id where h.network_id = $1`,
      [networkId],
    );
    await db.query(
      `insert into users (uuid, email, first_name, last_name, role_description, speciality, hospital_id, access_level, created_at)
       select gen_random_uuid(), 'staff' || i || '@bench-network.example.org',
              (array['Amelia','Oliver','Isla','George','Ava','Noah','Mia','Arthur','Sofia','Leo','Grace','Oscar'])[1 + i % 12],
              (array['Hughes','Patel','Okafor','Kowalski','Murphy','Nguyen','Evans','Silva','Khan','Walsh'])[1 + i % 10] || '-' || i,
              ($3::text[])[1 + i % 9], 'General Medicine',
              (select array_agg(id order by id) from hospitals where network_id = $1)[1 + i % $4::int],
              'USER', now() - interval '400 days'
         from generate_series(1, $2::int) i`,
      [networkId, Math.max(0, USERS - haveUsers.rows[0]!.n), ROLES, ORGS],
    );
    await db.query(
      `insert into teams (mim_id, name, hospital_id)
       select 'bench-admin-team-' || i, 'Bench admin team ' || i,
              (select array_agg(id order by id) from hospitals where network_id = $1)[1 + i % $2::int]
         from generate_series(1, 200) i`,
      [networkId, ORGS],
    );
    // One day at a time, so no statement holds millions of rows at once.
    for (let d = 1; d <= DAYS; d++) {
      await db.query(
        `with day as (select date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - make_interval(days => $2::int) as start),
              active as (
                select u.id, u.hospital_id, u.role_description,
                       (select start from day) + make_interval(hours => 7 + (u.id * 7 + $2::int) % 12, mins => (u.id * 13) % 60) as at
                  from users u join hospitals h on h.id = u.hospital_id
                 where h.network_id = $1
                   and (u.id * 31 + $2::int * 17) % 1000 < 1000 * $3::float8
                       * (case when extract(isodow from (select start from day)) > 5 then 0.33 else 1 end)
              )
         insert into analytics_events (type, occurred_at, user_id, hospital_id, network_id, role, has_image)
         select t.type, a.at + make_interval(mins => t.k * 20), a.id, a.hospital_id, $1, a.role_description,
                t.type = 'message_sent' and (a.id + t.k) % 10 = 0
           from active a
           cross join (values ('login', 0), ('session_started', 0), ('message_sent', 1), ('message_sent', 2), ('message_sent', 3)) as t(type, k)`,
        [networkId, d, DAILY_ACTIVE],
      );
    }
    const admin = (
      await db.query<{ id: number }>(
        `select id from users where email = 'network.admin@example.org'`,
      )
    ).rows[0]!.id;
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
    await db.query('analyze');
    return networkId;
  } finally {
    await db.close();
  }
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

async function main(): Promise<void> {
  const server = await benchServer('admin');
  const { base, engine } = server;
  try {
    await server.start('our server (first start)');
    await server.stop();
    const t0 = Date.now();
    console.log(
      `growing the demo network to ${ORGS} organisations and ${USERS} users, ${DAYS} days of events…`,
    );
    const networkId = await grow(server.dataDir, server.databaseUrl);
    console.log(`grown in ${Math.round((Date.now() - t0) / 1000)} s`);
    await server.start();

    const cookie = { cookie: `pando_session=${SESSION_TOKEN}` };
    const bearer = { authorization: `Bearer ${ACCESS_TOKEN}` };
    const to = isoDay(new Date(Date.now() - 86_400_000));
    const from = isoDay(new Date(Date.now() - DAYS * 86_400_000));
    const scope = `/api/v1/network/${networkId}`;
    const endpoints: [string, string, Record<string, string>][] = [
      ['GET /admin/users (page 0, sort last_name)', `${base}/api/v4/admin/users`, cookie],
      ['GET /admin/users?q=patel', `${base}/api/v4/admin/users?q=patel`, cookie],
      [
        'GET /admin/users?sort=-joined_at&page=500',
        `${base}/api/v4/admin/users?sort=-joined_at&page=500`,
        cookie,
      ],
      ['GET /admin/users/count', `${base}/api/v4/admin/users/count`, cookie],
      ...[
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
      ].map((m): [string, string, Record<string, string>] => [
        `analytics ${m}`,
        `${base}${scope}/${m}/${from}/${to}`,
        bearer,
      ]),
      [
        'analytics teams/cross-organisational/count',
        `${base}${scope}/teams/cross-organisational/count/${to}`,
        bearer,
      ],
      [
        'analytics ask-advice resolved-conversations',
        `${base}/api/v1/v1/network/${networkId}/teams/ask-advice/resolved-conversations/count/${from}/${to}`,
        bearer,
      ],
    ];
    // Each endpoint answers 200 before it is measured.
    for (const [name, url, headers] of endpoints) {
      const res = await fetch(url, { headers });
      if (res.status !== 200)
        throw new Error(`${name} answered ${res.status}: ${await res.text()}`);
    }
    const total = (await (
      await fetch(`${base}/api/v4/admin/users/count`, { headers: cookie })
    ).json()) as { count: number };
    const active = (await (
      await fetch(`${base}${scope}/active-users/count/${from}/${to}`, { headers: bearer })
    ).json()) as { count: number };
    console.log(
      `network admin sees ${total.count} users; ${active.count} active in ${from}..${to}`,
    );
    const loadAtStart = loadNow();
    const rows: Row[] = [];
    for (const [name, url, headers] of endpoints) rows.push(await measure(name, url, headers));
    const table = [
      '',
      `## Admin API (${isoDay(new Date())}, ${engine})`,
      '',
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; a network of ${ORGS} organisations and ${total.count} users, ${DAYS} days of events (${active.count} active users). autocannon, ${CONNECTIONS} connections, 2 s warm-up, ${DURATION} s. Load average at the start: ${loadAtStart}, at the end: ${loadNow()}. Command: \`npm run bench:api:admin -w @pando/bench\`.`,
      '',
      '| endpoint | p50 ms | p99 ms | req/s | errors |',
      '|---|---|---|---|---|',
      ...rows.map(
        (r) => `| ${r.name} | ${r.p50} | ${r.p99} | ${Math.round(r.rps)} | ${r.errors} |`,
      ),
      '',
      'Target (issue 20): p99 < 100 ms on PGlite.',
    ].join('\n');
    if (!process.env.BENCH_API_NO_RECORD)
      fs.appendFileSync(path.join(here, '..', 'RESULTS.md'), `${table}\n`);
    console.log(table);
  } finally {
    await server.close();
  }
}

await main();
