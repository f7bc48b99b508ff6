/**
 * The audit trail's cost (issue 36): the patient list of a user who sees 1,000 cards
 * (`GET /api/v4/cards-multiple-reassign`, page of 100 with embeds) and opening one of her cards
 * (`GET /api/v4/cards-multiple-reassign/:id`), on two servers started as `npm start` runs them
 * from copies of one grown database (bench/api/grownOrg.ts): the trail on, recording EVERY read
 * (AUDIT_READ_REPEAT_SECONDS=0, the worst case: by default a session's repeated read is recorded
 * once per 5 minutes), and the trail off (AUDIT_TRAIL=off, a setting refused in production).
 * autocannon, 10 connections, 2 s warm-up, then BENCH_API_SECONDS (10) s per endpoint and server,
 * in BENCH_API_ROUNDS (3) interleaved rounds; median (min–max) of p50/p99, req/s and the
 * server's CPU per request; the on/off ratios are appended to bench/RESULTS.md ("Audit trail").
 * Target: p99 < 25 ms with the trail on. Embedded PGlite only (each server needs its own copy).
 * Not a test: nothing here asserts; `npm run bench:api:audit -w @pando/bench` prints and records.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { grow, SESSION_TOKEN, USERS, CARDS } from './grownOrg.js';
import {
  benchServer,
  CONNECTIONS,
  DURATION,
  loadNow,
  measure,
  openSql,
  type Row,
  span,
  summarise,
  writeFigures,
} from './harness.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 3);
const LOAD_LIMIT = 0.5;

async function auditEvents(dataDir: string): Promise<number> {
  const sql = await openSql(dataDir, undefined);
  try {
    return (await sql.query<{ n: number }>('select count(*)::int as n from audit_events')).rows[0]!
      .n;
  } finally {
    await sql.close();
  }
}

async function main(): Promise<void> {
  if (process.env.BENCH_API_POSTGRES)
    throw new Error('bench:api:audit runs on the embedded database only');
  const on = await benchServer('audit-on', { AUDIT_READ_REPEAT_SECONDS: '0' });
  const off = await benchServer('audit-off', { AUDIT_TRAIL: 'off' });
  try {
    await on.start('our server (first start)');
    await on.stop();
    console.log(`growing the demo organisation to ${USERS} users and ${CARDS} cards…`);
    await grow(on.dataDir, undefined);
    fs.cpSync(on.dataDir, off.dataDir, { recursive: true });
    const before = await auditEvents(on.dataDir);
    await on.start('audit on');
    await off.start('audit off');

    const cookie = { cookie: `pando_session=${SESSION_TOKEN}` };
    const listUrl = '/api/v4/cards-multiple-reassign?embed=patient,users,teams&limit=100';
    const list = (await (await fetch(`${on.base}${listUrl}`, { headers: cookie })).json()) as {
      results?: { id: number }[];
    };
    const cardId = list.results?.[0]?.id;
    if (cardId === undefined) throw new Error('alice sees no card');
    const cardUrl = `/api/v4/cards-multiple-reassign/${cardId}?embed=patient,users,teams`;
    for (const s of [on, off]) {
      const res = await fetch(`${s.base}${cardUrl}`, { headers: cookie });
      if (res.status !== 200) throw new Error(`opening card ${cardId} answered ${res.status}`);
    }

    // An idle machine (TARGETS.md), once the data is grown and both servers are up: wait up to 15 minutes for the 1-minute load to fall below 0.5.
    for (
      let waited = 0;
      os.loadavg()[0]! >= LOAD_LIMIT && !process.env.BENCH_ALLOW_LOAD;
      waited++
    ) {
      if (waited === 90)
        throw new Error(
          `load average ${loadNow()}: not idle after 15 minutes (BENCH_ALLOW_LOAD=1 measures anyway, without recording)`,
        );
      if (waited % 6 === 0) console.log(`waiting for an idle machine (load ${loadNow()})…`);
      await new Promise((r) => setTimeout(r, 10_000));
    }
    const loadAtStart = loadNow();
    const cases: [string, string, typeof on][] = [
      ['patient list, trail off', listUrl, off],
      ['patient list, trail on', listUrl, on],
      ['open a card, trail off', cardUrl, off],
      ['open a card, trail on', cardUrl, on],
    ];
    const runs: Row[][] = cases.map(() => []);
    let requestsOn = 0;
    for (let round = 0; round < ROUNDS; round++)
      for (const [i, [name, url, s]] of cases.entries()) {
        const row = await measure(name, `${s.base}${url}`, cookie, s.pid);
        runs[i]!.push(row);
        if (s === on) requestsOn += Math.round(row.rps * DURATION);
      }
    const loadAtEnd = loadNow();
    await on.stop();
    const recorded = (await auditEvents(on.dataDir)) - before;
    const rows = runs.map((r) => summarise(r));
    const pairs = [
      ['patient list (1,000 visible of 10,000, page of 100, embeds)', rows[0]!, rows[1]!],
      ['open a card (embeds)', rows[2]!, rows[3]!],
    ] as const;
    writeFigures(
      pairs.flatMap(([name, , r]) => [
        {
          name: `${name}, trail on p99`,
          unit: 'ms',
          better: 'lower' as const,
          value: r.p99.median,
        },
        {
          name: `${name}, trail on req/s`,
          unit: 'req/s',
          better: 'higher' as const,
          value: r.rps.median,
        },
      ]),
    );
    const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '—');
    const date = new Date().toISOString().slice(0, 10);
    const table = [
      '',
      `## Audit trail (${date}, embedded PGlite)`,
      '',
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. Two servers as \`npm start\` runs them, on copies of one database (the demo organisation grown to ${USERS} users and ${CARDS} patient cards, alice sees 1,000): the trail on, recording every read (AUDIT_READ_REPEAT_SECONDS=0; the default records a session's repeated read once per 5 minutes), and off (AUDIT_TRAIL=off). autocannon, ${CONNECTIONS} connections, 2 s warm-up, ${DURATION} s, ${ROUNDS} interleaved rounds: median (min–max). Audit events written by the "on" server during the run: ${recorded} for about ${requestsOn} timed requests (plus warm-ups). Load average at the start: ${loadAtStart}, at the end: ${loadAtEnd}. Command: \`npm run bench:api:audit -w @pando/bench\`.`,
      '',
      '| request | trail | p50 ms | p99 ms | req/s | server CPU µs/request | errors |',
      '|---|---|---|---|---|---|---|',
      ...pairs.flatMap(([name, o, a]) =>
        (
          [
            [o, 'off'],
            [a, 'on'],
          ] as const
        ).map(
          ([r, t]) =>
            `| ${name} | ${t} | ${span(r.p50)} | ${span(r.p99)} | ${span(r.rps, Math.round)} | ${r.cpuUs ? span(r.cpuUs, Math.round) : '—'} | ${r.errors} |`,
        ),
      ),
      '',
      '| request | p99 on/off | req/s on/off | CPU/request on/off |',
      '|---|---|---|---|',
      ...pairs.map(
        ([name, o, a]) =>
          `| ${name} | ${ratio(a.p99.median, o.p99.median)} | ${ratio(a.rps.median, o.rps.median)} | ${a.cpuUs && o.cpuUs ? ratio(a.cpuUs.median, o.cpuUs.median) : '—'} |`,
      ),
      '',
      'Target (issue 36): p99 < 25 ms with the trail on.',
    ].join('\n');
    if (!process.env.BENCH_API_NO_RECORD && !process.env.BENCH_ALLOW_LOAD)
      fs.appendFileSync(path.join(here, '..', 'RESULTS.md'), `${table}\n`);
    console.log(table);
  } finally {
    await on.close();
    await off.close();
  }
}

await main();
