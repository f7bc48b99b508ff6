/**
 * `npm run bench:chat:wal`: the embedded database's WAL and crash recovery under chat load
 * (issue 23). Not a test: it prints figures, with the load average beside each.
 *
 * 1. Our server (a bundle of this checkout's apps/server, or BENCH_SERVER_MAIN) on a fresh
 *    DATA_DIR, `pairs` senders with stream management on, offering `rate` msg/s in all (open
 *    loop, each sender at most MAX_OUTSTANDING unacknowledged) until `messages` were sent.
 * 2. Every `sample` seconds: messages sent and acknowledged, pg_wal's size on disk, the window's
 *    latency p50/p99/max (send → arrival at the recipient) and the checkpoints the server logged.
 * 3. At `messages`, SIGKILL with traffic still flowing; restart on the same DATA_DIR and time
 *    until it listens and until a login and bind succeed; then a clean stop and start, timed
 *    the same way, for comparison.
 * 4. Every acknowledged message (SM `<a h>`: the first h a sender sent) is in the archive exactly
 *    once.
 *
 * Options after `--`: `--messages=1000000`, `--rate=4000`, `--pairs=20`, `--sample=10`,
 * `--quick` (20,000 messages, 5 s samples), `--no-checkpoint` (PGLITE_CHECKPOINT_* = 0, the A
 * side of an A/B), `--keep` (leave the DATA_DIR). Refuses at a 1-minute load ≥ 0.5 unless
 * BENCH_ALLOW_LOAD=1. Environment: BENCH_SERVER_MAIN (a server bundle to run instead of
 * building one), BENCH_WAL_PORT (default 3195), and the server's own PGLITE_CHECKPOINT_WAL_MB /
 * PGLITE_CHECKPOINT_SECONDS pass through.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { checkLoad, load1, loadTag } from './load.js';
import { percentile } from './scenarios.js';
import {
  exitOf,
  oursEnv,
  provisionAccounts,
  SERVER_NODE_FLAGS,
  waitForPort,
  withPglite,
  type Account,
} from './targets.js';
import { RawXmpp } from './xmppClient.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(here, '../..');
const arg = (name: string, dflt: number): number => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.slice(name.length + 3)) : dflt;
};
const quick = process.argv.includes('--quick');
const MESSAGES = arg('messages', quick ? 20_000 : 1_000_000);
const RATE = arg('rate', 4000);
const PAIRS = arg('pairs', 20);
const SAMPLE_S = arg('sample', quick ? 5 : 10);
const NO_CHECKPOINT = process.argv.includes('--no-checkpoint');
const KEEP = process.argv.includes('--keep');
const PORT = Number(process.env.BENCH_WAL_PORT ?? 3195);
/** A sender stops offering while this many of its messages wait for their ack. */
const MAX_OUTSTANDING = 2000;
const DOMAIN = 'localhost';
const MB = 1024 * 1024;

interface Checkpoint {
  /** Epoch ms when it ended (the log line's time) and how long it took. */
  end: number;
  ms: number;
  walMb: number;
  reason: string;
}

const fmt = (n: number) =>
  Number.isNaN(n) ? '—' : n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function walBytes(dataDir: string): number {
  const dir = path.join(dataDir, 'pglite', 'pg_wal');
  let total = 0;
  for (const f of fs.readdirSync(dir)) {
    const st = fs.statSync(path.join(dir, f));
    if (st.isFile()) total += st.size;
  }
  return total;
}

async function serverMain(): Promise<string> {
  // Relative to where npm was started (npm run -w runs this from bench/).
  if (process.env.BENCH_SERVER_MAIN)
    return path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.BENCH_SERVER_MAIN);
  const out = path.join(REPO, 'apps/server/dist/bench-wal/main.js');
  console.log(`Bundling the server to ${path.relative(REPO, out)}...`);
  const build = (await import(path.join(REPO, 'apps/server/build.ts'))) as {
    bundleServer(outfile: string): Promise<void>;
  };
  await build.bundleServer(out);
  return out;
}

class Server {
  child: ChildProcess | undefined;
  readonly checkpoints: Checkpoint[] = [];

  constructor(
    private readonly main: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** Starts it; resolves with ms until it listens. */
  async start(): Promise<number> {
    const t0 = performance.now();
    // With the V8 flags `npm start` passes (apps/server/nodeFlags.mjs), as the chat bench does.
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, this.main], {
      cwd: REPO,
      env: this.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.child = child;
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      // Checkpoints, the chat journal's open and replay (what a restart spends), and errors (a
      // clean stop that took over 10 s is forced: main.ts says so).
      if (line.includes('"chat journal')) console.log(`  server: ${line}`);
      if (!line.includes('"checkpoint') && !/"level":(50|60)/.test(line)) return;
      try {
        const j = JSON.parse(line) as {
          msg: string;
          time: number;
          ms?: number;
          walMb?: number;
          reason?: string;
        };
        if (j.msg === 'checkpoint')
          this.checkpoints.push({
            end: j.time,
            ms: j.ms ?? 0,
            walMb: j.walMb ?? 0,
            reason: j.reason ?? '',
          });
        else console.log(`  server: ${line}`);
      } catch {
        // not JSON
      }
    });
    await waitForPort(PORT, child, 'our server', 300_000);
    return performance.now() - t0;
  }

  async stop(signal: NodeJS.Signals): Promise<number> {
    const child = this.child;
    if (!child) return 0;
    const t0 = performance.now();
    child.kill(signal);
    await exitOf(child);
    this.child = undefined;
    return performance.now() - t0;
  }
}

/** ms from now until a login + bind succeeds (retrying while the server starts). */
async function timeToLogin(account: Account, t0: number): Promise<number> {
  const deadline = t0 + 300_000;
  for (;;) {
    try {
      const c = await RawXmpp.login(
        `ws://127.0.0.1:${PORT}/xmpp`,
        DOMAIN,
        account.user,
        account.password,
      );
      c.close();
      return performance.now() - t0;
    } catch (err) {
      if (performance.now() > deadline) throw err;
      await sleep(20);
    }
  }
}

/** Restart: start (timed to listening) and a login (timed from the same start). */
async function timedStart(
  server: Server,
  account: Account,
): Promise<{ listen: number; login: number }> {
  const t0 = performance.now();
  const listen = await server.start();
  const login = await timeToLogin(account, t0);
  return { listen, login };
}

interface Sender {
  conn: RawXmpp;
  to: string;
  sent: number;
  acked: number;
}

async function main(): Promise<void> {
  const loaded = checkLoad();
  const mainJs = await serverMain();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pando-bench-wal-'));
  const extra: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  if (NO_CHECKPOINT)
    Object.assign(extra, { PGLITE_CHECKPOINT_WAL_MB: '0', PGLITE_CHECKPOINT_SECONDS: '0' });
  const env = oursEnv(PORT, extra);
  const server = new Server(mainJs, env);
  console.log(
    `DATA_DIR ${dataDir}; ${MESSAGES.toLocaleString('en')} messages offered at ${RATE} msg/s over ${PAIRS} pairs; checkpointer ${
      NO_CHECKPOINT
        ? 'OFF'
        : `on (PGLITE_CHECKPOINT_WAL_MB ${env.PGLITE_CHECKPOINT_WAL_MB ?? '64'}, PGLITE_CHECKPOINT_SECONDS ${env.PGLITE_CHECKPOINT_SECONDS ?? '300'})`
    }`,
  );
  try {
    // First start creates and migrates the database; the accounts go in while it is stopped.
    await server.start();
    await server.stop('SIGTERM');
    const accounts = await withPglite(dataDir, (sql) => provisionAccounts(sql, 2 * PAIRS + 1));
    const probe = accounts[2 * PAIRS]!;
    const fresh = await timedStart(server, probe);
    console.log(
      `Start on the fresh database: listening ${fmt(fresh.listen)} ms, login ${fmt(fresh.login)} ms; pg_wal ${fmt(walBytes(dataDir) / MB)} MB ${loadTag()}`,
    );

    const url = `ws://127.0.0.1:${PORT}/xmpp`;
    const senders: Sender[] = [];
    const sentAt = new Map<string, number>();
    const latency = new Float64Array(MESSAGES);
    const sendTime = new Float64Array(MESSAGES);
    let received = 0;
    for (let p = 0; p < PAIRS; p++) {
      const a = accounts[2 * p]!;
      const b = accounts[2 * p + 1]!;
      const conn = await RawXmpp.login(url, DOMAIN, a.user, a.password, `s${p}`);
      const enabled = conn.wait((f) => f.startsWith('<enabled'));
      conn.send('<enable xmlns="urn:xmpp:sm:3"/>');
      await enabled;
      const s: Sender = { conn, to: b.jid, sent: 0, acked: 0 };
      conn.onFrame = (f) => {
        const m = /<a xmlns="urn:xmpp:sm:3" h="(\d+)"/.exec(f);
        if (m) s.acked = Math.max(s.acked, Number(m[1]));
      };
      senders.push(s);
      const recv = await RawXmpp.login(url, DOMAIN, b.user, b.password, `r${p}`);
      recv.onFrame = (f) => {
        const id = /<message[^>]*\sid="([^"]+)"/.exec(f)?.[1];
        if (id === undefined) return;
        const at = sentAt.get(id);
        if (at === undefined) return;
        sentAt.delete(id);
        if (received < MESSAGES) {
          sendTime[received] = at;
          latency[received] = now() - at;
          received++;
        }
      };
    }

    // Drive: open loop on a fixed schedule, round-robin over the senders.
    let total = 0;
    const t0 = now();
    let nextSample = t0 + SAMPLE_S * 1000;
    let windowStart = 0;
    let windowCheckpoints = 0;
    let lastSampleAt = t0;
    let lastSent = 0;
    const walSeries: number[] = [];
    console.log(
      '\n  time   sent        acked       msg/s   pg_wal MB  p50 ms  p99 ms  max ms  checkpoints (ms)',
    );
    while (total < MESSAGES) {
      const due = Math.min(MESSAGES, Math.floor(((now() - t0) * RATE) / 1000));
      while (total < due) {
        const s = senders[total % PAIRS]!;
        if (s.sent - s.acked >= MAX_OUTSTANDING) break;
        const id = `w-${total % PAIRS}-${s.sent}`;
        sentAt.set(id, now());
        s.conn.send(
          `<message xmlns="jabber:client" to="${s.to}" type="chat" id="${id}"><body>${id}</body></message>`,
        );
        s.sent++;
        total++;
      }
      if (now() >= nextSample) {
        const lat = Array.from(latency.subarray(windowStart, received)).sort((x, y) => x - y);
        const cks = server.checkpoints.slice(windowCheckpoints);
        windowCheckpoints = server.checkpoints.length;
        const wal = walBytes(dataDir) / MB;
        walSeries.push(wal);
        const acked = senders.reduce((n, s) => n + s.acked, 0);
        const rate = ((total - lastSent) * 1000) / (now() - lastSampleAt);
        console.log(
          `  ${String(Math.round((now() - t0) / 1000)).padStart(4)} s ${String(total).padStart(10)} ${String(acked).padStart(10)} ${String(Math.round(rate)).padStart(7)} ${fmt(wal).padStart(10)} ${fmt(percentile(lat, 50)).padStart(7)} ${fmt(percentile(lat, 99)).padStart(7)} ${fmt(lat.at(-1) ?? NaN).padStart(7)}  ${cks.map((c) => Math.round(c.ms)).join(', ') || '-'} ${loadTag()}`,
        );
        windowStart = received;
        lastSampleAt = now();
        lastSent = total;
        nextSample += SAMPLE_S * 1000;
      }
      await sleep(2);
    }
    const seconds = (now() - t0) / 1000;

    // SIGKILL with traffic in flight: the acks seen so far are what clients were promised.
    await server.stop('SIGKILL');
    const acked = senders.map((s) => s.acked);
    const ackedTotal = acked.reduce((a, b) => a + b, 0);
    for (const s of senders) s.conn.close();
    const walAtKill = walBytes(dataDir) / MB;
    const checkpoints = [...server.checkpoints];
    console.log(
      `\nSent ${total.toLocaleString('en')} in ${fmt(seconds)} s (${Math.round(total / seconds)} msg/s), ${ackedTotal.toLocaleString('en')} acknowledged at the kill; pg_wal ${fmt(walAtKill)} MB (largest seen ${fmt(Math.max(walAtKill, ...walSeries))} MB) ${loadTag()}`,
    );

    // Latency of the messages in flight during a checkpoint, beside the others.
    const during: number[] = [];
    const outside: number[] = [];
    for (let i = 0; i < received; i++) {
      const sent = sendTime[i]!;
      const arrived = sent + latency[i]!;
      const overlaps = checkpoints.some((c) => sent <= c.end && arrived >= c.end - c.ms);
      (overlaps ? during : outside).push(latency[i]!);
    }
    during.sort((a, b) => a - b);
    outside.sort((a, b) => a - b);
    const ckMs = checkpoints.map((c) => c.ms).sort((a, b) => a - b);
    console.log(
      `Checkpoints: ${checkpoints.length} (${checkpoints.filter((c) => c.reason === 'wal').length} by size, ${checkpoints.filter((c) => c.reason === 'quiet').length} in a quiet moment), each ${fmt(percentile(ckMs, 50))} ms median, ${fmt(ckMs.at(-1) ?? NaN)} ms at most, ${fmt(checkpoints.reduce((a, c) => a + c.walMb, 0) / Math.max(1, checkpoints.length))} MB of WAL apart on average`,
    );
    console.log(
      `Latency: p50 ${fmt(percentile(outside, 50))} / p99 ${fmt(percentile(outside, 99))} ms for ${outside.length} messages outside checkpoints; p50 ${fmt(percentile(during, 50))} / p99 ${fmt(percentile(during, 99))} / max ${fmt(during.at(-1) ?? NaN)} ms for ${during.length} in flight during one`,
    );

    const crash = await timedStart(server, probe);
    console.log(
      `Restart after kill -9: listening ${fmt(crash.listen)} ms, login ${fmt(crash.login)} ms; pg_wal ${fmt(walBytes(dataDir) / MB)} MB ${loadTag()}`,
    );
    const stopMs = await server.stop('SIGTERM');
    const clean = await timedStart(server, probe);
    console.log(
      `Clean restart (stop took ${fmt(stopMs)} ms): listening ${fmt(clean.listen)} ms, login ${fmt(clean.login)} ms; pg_wal ${fmt(walBytes(dataDir) / MB)} MB ${loadTag()}`,
    );
    await server.stop('SIGTERM');

    // Every acknowledged message stored exactly once.
    const check = await withPglite(dataDir, (sql) =>
      sql<{ acked_rows: number; rows: number; distinct_ids: number }>(
        `with h(p, h) as (select * from unnest($1::int[], $2::int[])),
              m as (select split_part(client_id, '-', 2)::int as p, split_part(client_id, '-', 3)::int as i
                      from chat_messages where client_id like 'w-%')
         select count(*) filter (where m.i < h.h)::int as acked_rows, count(*)::int as rows,
                count(distinct (m.p, m.i))::int as distinct_ids
           from m join h using (p)`,
        [senders.map((_, p) => p), acked],
      ),
    );
    const r = check.rows[0]!;
    const ok = r.acked_rows === ackedTotal && r.rows === r.distinct_ids;
    console.log(
      `Archive: ${r.acked_rows.toLocaleString('en')} of ${ackedTotal.toLocaleString('en')} acknowledged messages stored, ${r.rows - r.distinct_ids} duplicates; ${(r.rows - r.acked_rows).toLocaleString('en')} sent but unacknowledged also stored. ${ok ? 'OK' : 'FAILED: acknowledged messages lost or duplicated'}`,
    );

    console.log(`\n| figure | value |\n|---|---|`);
    console.log(
      `| messages sent (offered ${RATE} msg/s, ${PAIRS} pairs) | ${total.toLocaleString('en')} at ${Math.round(total / seconds)} msg/s |`,
    );
    console.log(
      `| pg_wal at the kill / largest seen, MB | ${fmt(walAtKill)} / ${fmt(Math.max(walAtKill, ...walSeries))} |`,
    );
    console.log(
      `| checkpoints: count, median / max ms | ${checkpoints.length}, ${fmt(percentile(ckMs, 50))} / ${fmt(ckMs.at(-1) ?? NaN)} |`,
    );
    console.log(
      `| latency p99 outside / during a checkpoint, ms | ${fmt(percentile(outside, 99))} / ${fmt(percentile(during, 99))} |`,
    );
    console.log(
      `| restart after kill -9: listening / login, ms | ${fmt(crash.listen)} / ${fmt(crash.login)} |`,
    );
    console.log(
      `| clean restart: listening / login, ms | ${fmt(clean.listen)} / ${fmt(clean.login)} |`,
    );
    console.log(
      `| acknowledged messages stored exactly once | ${ok ? 'yes' : 'NO'} (${r.acked_rows} / ${ackedTotal}) |`,
    );
    console.log(
      `| 1-minute load average at the end | ${load1().toFixed(2)}${loaded || load1() >= 0.5 ? ' (LOADED: not figures to record)' : ''} |`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await server.stop('SIGKILL');
    if (KEEP) console.log(`Kept ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
