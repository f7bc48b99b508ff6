/**
 * API benchmark (issue 6): the hot reads `GET /api/v4/teams-with-advices-conversations`,
 * `GET /api/v4/filters` and the patient list `GET /api/v4/cards-multiple-reassign` (issue 18:
 * alice sees 1,000 of BENCH_API_CARDS = 10,000 cards; target p99 < 25 ms) of our server, started exactly as `npm start` runs it on an embedded
 * database holding the demo organisation grown to 10,000 users, beside a bare Fastify route in
 * its own process on the same machine. autocannon, 10 connections, 2 s warm-up, then 10 s per
 * endpoint, in BENCH_API_ROUNDS (3) interleaved rounds; the median (min–max) of p50/p99 latency
 * and requests per second are appended to bench/RESULTS.md ("API"), with the server's CPU time
 * per request (/proc/<pid>/stat over each timed run): on a shared machine req/s mostly measures
 * the other work, the CPU a request costs far less, so A/B runs under load compare that figure.
 * Not a test: nothing here asserts; `npm run bench:api` prints and records.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  benchServer,
  CONNECTIONS,
  DURATION,
  freePort,
  loadNow,
  measure,
  type Row,
  span,
  stop,
  summarise,
  waitFor,
  writeFigures,
} from './harness.js';
import { CARDS, grow, SESSION_TOKEN, USERS } from './grownOrg.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(here, '../..');
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 3);

async function main(): Promise<void> {
  const server = await benchServer('api');
  const { base, engine } = server;
  const admin = process.env.BENCH_API_POSTGRES;
  const barePort = await freePort();
  let bare: ChildProcess | undefined;
  try {
    await server.start('our server (first start)');
    await server.stop();
    console.log(`growing the demo organisation to ${USERS} users…`);
    await grow(server.dataDir, server.databaseUrl);
    await server.start();
    bare = spawn(process.execPath, [path.join(here, 'bareServer.mjs')], {
      cwd: REPO,
      env: { ...process.env, PORT: String(barePort) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitFor(`http://127.0.0.1:${barePort}/bare`, bare, 'bare Fastify');

    const cookie = { cookie: `pando_session=${SESSION_TOKEN}` };
    const check = await fetch(`${base}/api/v4/teams-with-advices-conversations`, {
      headers: cookie,
    });
    const body = (await check.json()) as {
      teams?: unknown[];
      forums?: unknown[];
      advice_conversations?: unknown[];
    };
    if (check.status !== 200)
      throw new Error(`teams-with-advices-conversations answered ${check.status}`);
    console.log(
      `alice: ${body.teams?.length} teams, ${body.forums?.length} forums, ${body.advice_conversations?.length} advice conversations`,
    );
    const filters =
      '/api/v4/filters?include=user.other,team.member-of,team.forum,team.advice&q=pat&page%5Bnumber%5D=2';
    const f = (await (await fetch(`${base}${filters}`, { headers: cookie })).json()) as {
      meta?: { total: number };
    };
    console.log(`filters q=pat: ${f.meta?.total} hits`);
    const cardsUrl = '/api/v4/cards-multiple-reassign?embed=patient,users,teams&limit=100';
    const cardsResponse = await fetch(`${base}${cardsUrl}`, { headers: cookie });
    // An older tree (the A/B harness's base) may not have the patient list yet: it is left out.
    const hasCards = cardsResponse.status !== 404;
    const cardList = (hasCards ? await cardsResponse.json() : {}) as { results?: unknown[] };
    // Every bench card has one completed task: counting alice's tells how many cards she sees.
    let seen = 0;
    for (let offset = 0; hasCards; offset += 1000) {
      const page = (await (
        await fetch(
          `${base}/api/v4/tasks-multiple-reassign?completed=true&limit=1000&offset=${offset}`,
          { headers: cookie },
        )
      ).json()) as { results?: { title: string }[] };
      const results = page.results ?? [];
      seen += results.filter((t) => t.title === 'Take bloods').length;
      if (results.length < 1000) break;
    }
    console.log(
      `patient list: ${cardList.results?.length} cards on the page; alice sees about ${seen} of the ${CARDS} bench cards`,
    );

    const teamsBytes = JSON.stringify(body).length;
    const filtersBytes = JSON.stringify(f).length;
    const bareBytes = (await (await fetch(`http://127.0.0.1:${barePort}/bare`)).text()).length;
    const loadAtStart = loadNow();
    // The machine is shared: the three endpoints are measured in ROUNDS interleaved rounds and
    // each figure is the median (min–max) over the rounds, as TARGETS.md measures the peers.
    const endpoints: [string, string, Record<string, string>][] = [
      ['bare Fastify route', `http://127.0.0.1:${barePort}/bare`, {}],
      [
        'GET /api/v4/teams-with-advices-conversations',
        `${base}/api/v4/teams-with-advices-conversations`,
        cookie,
      ],
      ['GET /api/v4/filters (4 includes, q=pat, page 2)', `${base}${filters}`, cookie],
    ];
    if (hasCards)
      endpoints.push([
        'GET /api/v4/cards-multiple-reassign (1,000 visible of 10,000, page of 100, embeds)',
        `${base}${cardsUrl}`,
        cookie,
      ]);
    else console.log('no patient list in this tree (404): left out');
    const runs: Row[][] = endpoints.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, [name, url, headers]] of endpoints.entries())
        runs[i]!.push(await measure(name, url, headers, i === 0 ? bare.pid : server.pid));
    }
    const rows = runs.map((r) => summarise(r));
    writeFigures(
      rows.flatMap((r) => [
        { name: `${r.name} p50`, unit: 'ms', better: 'lower' as const, value: r.p50.median },
        { name: `${r.name} p99`, unit: 'ms', better: 'lower' as const, value: r.p99.median },
        { name: `${r.name} req/s`, unit: 'req/s', better: 'higher' as const, value: r.rps.median },
        // The server's CPU per request: the figure to compare when the machine is shared.
        ...(r.cpuUs
          ? [
              {
                name: `${r.name} server CPU/request`,
                unit: 'µs',
                better: 'lower' as const,
                value: r.cpuUs.median,
              },
            ]
          : []),
      ]),
    );
    const bareRps = rows[0]!.rps.median;
    const date = new Date().toISOString().slice(0, 10);
    const table = [
      '',
      `## API (${date}, ${engine})`,
      '',
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${engine}, demo organisation grown to ${USERS} users (300 teams of 40, alice in ${body.teams?.length ?? '?'} teams and ${body.forums?.length ?? '?'} forums). autocannon, ${CONNECTIONS} connections, 2 s warm-up, ${DURATION} s, ${ROUNDS} interleaved rounds: median (min–max). Response bodies: teams ${teamsBytes} B, filters ${filtersBytes} B, patient list ${JSON.stringify(cardList).length} B, bare ${bareBytes} B. Load average at the start: ${loadAtStart}, at the end: ${loadNow()}. Command: \`${admin ? `BENCH_API_POSTGRES=${admin} ` : ''}npm run bench:api -w @pando/bench\`.`,
      '',
      '| endpoint | p50 ms | p99 ms | req/s | of bare (median) | server CPU µs/request | errors |',
      '|---|---|---|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${span(r.p50)} | ${span(r.p99)} | ${span(r.rps, Math.round)} | ${((100 * r.rps.median) / bareRps).toFixed(1)} % | ${r.cpuUs ? span(r.cpuUs, (n) => Math.round(n)) : '—'} | ${r.errors} |`,
      ),
      '',
      "Target (TARGETS.md): p99 < 25 ms and at least 30 % of the bare route's requests per second.",
    ].join('\n');
    if (!process.env.BENCH_API_NO_RECORD)
      fs.appendFileSync(path.join(here, '..', 'RESULTS.md'), `${table}\n`);
    console.log(table);
  } finally {
    if (bare) await stop(bare);
    await server.close();
  }
}

await main();
