/**
 * `npm run bench:chat`: our chat server side by side with ejabberd and Prosody (Debian), all on
 * loopback with the archive on, driven by one raw-frame load generator; ours on the embedded
 * PGlite ("ours") and on PostgreSQL ("ours-pg", a fresh database under BENCH_PG_URL, default
 * the local trusted server). Every target is started first, then the runs interleave: run 1 of
 * each target, run 2 of each (in a rotated order), and so on, so a slow moment of the machine
 * spreads over all; each target's turn waits for the 1-minute load to fall under 0.5 first (the
 * turn before leaves ~1 on two cores). Not a test: it prints a table and appends it to
 * bench/RESULTS.md ("Chat server"). It refuses to start at a 1-minute load average ≥ 0.5
 * unless BENCH_ALLOW_LOAD=1, and prints the load with every figure. Options after `--`:
 * `--quick` for a short run, `--only=ours,prosody` for some targets, `--no-pg` to leave out
 * ours-pg, `--idle=10000,19000` for the idle memory at those connection counts (default 5,000),
 * `--idle-only` for those alone (printed, not written), `--no-max-rate` to skip the rate search,
 * `--aged=60` to add the figures after that many minutes of closed-loop load (TARGETS.md "after an
 * hour of load"; it adds that long per target), `--no-write` to leave RESULTS.md alone.
 * BENCH_TREE=<checkout>: "ours" is that tree's server (the A/B harness, bench/ab/run.mjs, measures
 * the base commit this way); BENCH_JSON=<file>: our figures (medians) also go there as JSON.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  concurrent,
  idleMemory,
  maxRate,
  offered,
  sequential,
  sustain,
  type LatencyStats,
} from './scenarios.js';
import { syncedWriteP50Ms } from './disk.js';
import { checkLoad, load1, loadNow, loadTag, settle } from './load.js';
import {
  ensurePeersInstalled,
  peerVersions,
  PG_ADMIN_URL,
  rssKiB,
  startEjabberd,
  startOurs,
  startProsody,
  type Target,
} from './targets.js';

const quick = process.argv.includes('--quick');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const RUNS = quick ? 1 : 3;
const SEQ_N = quick ? 300 : 1000;
const PAIRS = 100;
const CONC_SECONDS = quick ? 3 : 8;
const OFFERED = { pairs: 50, rate: 500, seconds: quick ? 3 : 5 };
/** `--idle=10000,19000`: idle memory at each of these connection counts (default 5,000). */
const IDLE_COUNTS = (
  process.argv
    .find((a) => a.startsWith('--idle='))
    ?.slice('--idle='.length)
    .split(',')
    .map(Number) ?? [quick ? 1000 : 5000]
).sort((a, b) => a - b);
const IDLE = Math.max(...IDLE_COUNTS);
/** TARGETS.md: 50 pairs, the highest offered rate with p99 ≤ 100 ms and nothing lost. */
const SEARCH = {
  pairs: 50,
  start: 250,
  cap: 32_000,
  seconds: quick ? 3 : 5,
  boundMs: 100,
  bisections: quick ? 2 : 4,
};
/** `--idle-only`: the idle memory figures alone (no runs, no rate search, no ageing). */
const idleOnly = process.argv.includes('--idle-only');
const searchRate = !process.argv.includes('--no-max-rate');
/** `--aged=<minutes>`: after the fresh figures, closed-loop load for that long, then sequential again. */
const AGED_MIN = Number(
  process.argv.find((a) => a.startsWith('--aged='))?.slice('--aged='.length) ?? 0,
);

interface Figures {
  seq: LatencyStats[];
  conc: LatencyStats[];
  off: LatencyStats[];
  /** 1-minute load average at the start of each run. */
  loads: number[];
  /** The disk's synced write (a journal record, O_DSYNC) just before each sequential run, ms. */
  disk: number[];
  /** KiB per idle connection, per count of IDLE_COUNTS. */
  idle: Record<number, number>;
  maxRate?: number | undefined;
  aged?: { reused: LatencyStats; fresh: LatencyStats } | undefined;
}

const starters: Record<string, (n: number) => Promise<Target>> = {
  ours: (n) => startOurs(n),
  'ours-pg': (n) => startOurs(n, { postgres: true }),
  ejabberd: startEjabberd,
  prosody: startProsody,
};
const OURS = ['ours', 'ours-pg'];

async function attempt<T>(what: string, fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (err) {
    // A peer falling over is a result too: the table shows — and the log says why.
    console.log(`  ${what} failed: ${(err as Error).message}`);
    return undefined;
  }
}

async function main(): Promise<void> {
  const loadedAtStart = checkLoad(Boolean(process.env.BENCH_JSON));
  const names = Object.keys(starters).filter(
    (n) =>
      (only ? only.includes(n) : true) && !(n === 'ours-pg' && process.argv.includes('--no-pg')),
  );
  if (names.some((n) => !OURS.includes(n))) ensurePeersInstalled();
  const figures: Record<string, Figures> = {};
  const targets: Record<string, Target> = {};
  try {
    for (const name of names) {
      console.log(`\n== ${name}: starting, creating ${IDLE} accounts ${loadTag()}`);
      const t = await attempt(`${name} start`, () =>
        starters[name]!(Math.max(IDLE, 2 * PAIRS + 2)),
      );
      if (!t) continue;
      targets[name] = t;
      const f: Figures = { seq: [], conc: [], off: [], loads: [], disk: [], idle: {} };
      figures[name] = f;
      // Memory first, on the fresh process: after load, a garbage-collected heap's RSS says
      // little about what one more connection costs.
      const base = rssKiB(t.pids());
      for (const n of IDLE_COUNTS) {
        const idle = await attempt(`idle (${n})`, () => idleMemory(t, n, base));
        if (!idle) continue;
        f.idle[n] = idle.perConnKiB;
        console.log(
          `  idle: ${fmt(idle.perConnKiB)} KiB per connection (${n} connections) ${loadTag()}`,
        );
      }
    }
    const started = idleOnly ? [] : Object.keys(targets);
    for (let r = 0; r < RUNS; r++) {
      // Rotated each run, so no target always goes first after a pause.
      const order = started.map((_, i) => started[(i + r) % started.length]!);
      for (const name of order) {
        const t = targets[name]!;
        const f = figures[name]!;
        await settle();
        f.loads.push(load1());
        const disk = syncedWriteP50Ms();
        f.disk.push(disk);
        const seq = await attempt('sequential', () => sequential(t, SEQ_N, 2 * r));
        if (seq) {
          f.seq.push(seq);
          console.log(
            `  ${name} run ${r + 1}: sequential p50 ${fmt(seq.p50)} ms p99 ${fmt(seq.p99)} ms ${Math.round(seq.rate)} msg/s (synced write p50 just before ${fmt(disk)} ms) ${loadTag()}`,
          );
        }
        const conc = await attempt('concurrent', () => concurrent(t, PAIRS, CONC_SECONDS, 10, r));
        if (conc) {
          f.conc.push(conc);
          console.log(
            `  ${name} run ${r + 1}: ${PAIRS} pairs closed loop ${Math.round(conc.rate)} msg/s p99 ${fmt(conc.p99)} ms ${loadTag()}`,
          );
        }
        const off = await attempt('offered', () =>
          offered(t, OFFERED.pairs, OFFERED.rate, OFFERED.seconds, 10 + 2 * PAIRS, r),
        );
        if (off) {
          f.off.push(off);
          console.log(
            `  ${name} run ${r + 1}: ${OFFERED.pairs} pairs at ${OFFERED.rate} msg/s p99 ${fmt(off.p99)} ms lost ${off.lost} ${loadTag()}`,
          );
        }
      }
    }
    for (const name of started) {
      const t = targets[name]!;
      const f = figures[name]!;
      if (searchRate) {
        await settle();
        const found = await attempt('max rate', () =>
          maxRate(t, SEARCH.pairs, SEARCH, 10 + 2 * PAIRS),
        );
        if (found) {
          f.maxRate = found.best;
          const tried = found.probes
            .map((p) => `${p.rate}: p99 ${fmt(p.p99)}${p.lost ? ` lost ${p.lost}` : ''}`)
            .join('; ');
          console.log(
            `  ${name} max rate with p99 ≤ ${SEARCH.boundMs} ms: ${found.best} msg/s (${tried}) ${loadTag()}`,
          );
        }
      }
      if (AGED_MIN > 0) {
        console.log(`  ${name} ageing: ${PAIRS} pairs closed loop for ${AGED_MIN} min`);
        const sent = await attempt('ageing', () => sustain(t, PAIRS, AGED_MIN, 10));
        const reused = await attempt('aged sequential', () => sequential(t, SEQ_N, 0));
        const fresh = await attempt('aged sequential, new accounts', () =>
          sequential(t, SEQ_N, t.accounts.length - 2),
        );
        if (reused && fresh) {
          f.aged = { reused, fresh };
          console.log(
            `  ${name} after ${AGED_MIN} min (${Math.round(sent ?? 0)} msgs): sequential ${Math.round(reused.rate)} msg/s (reused accounts), ${Math.round(fresh.rate)} msg/s (new accounts) ${loadTag()}`,
          );
        }
      }
    }
  } finally {
    for (const t of Object.values(targets)) await attempt(`${t.name} stop`, () => t.stop());
  }
  if (process.env.BENCH_JSON && figures.ours) {
    const ours = figures.ours;
    fs.writeFileSync(
      process.env.BENCH_JSON,
      JSON.stringify(
        figureRows()
          .map((r) => ({
            name: r.label.replace(/, ([^,]+)$/, ''),
            unit: /, ([^,]+)$/.exec(r.label)?.[1] ?? '',
            better: r.better,
            value: median(r.get(ours)),
          }))
          .filter((f) => !Number.isNaN(f.value)),
        null,
        2,
      ),
    );
  }
  const loaded = loadedAtStart || Object.values(figures).some((f) => f.loads.some((l) => l >= 0.5));
  const table = render(figures);
  console.log('\n' + table);
  if (loaded)
    console.log(
      `\n!!! Some runs were taken at a 1-minute load ≥ 0.5 (now ${loadNow()}): NOT figures to record. !!!`,
    );
  if (!process.argv.includes('--no-write') && !idleOnly) {
    if (loaded) console.log('Not appended to RESULTS.md (taken under load).');
    else append(table, await pgVersion());
  }
}

const fmt = (n: number) =>
  Number.isNaN(n) ? '—' : n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const cell = (xs: number[]) =>
  xs.length > 1
    ? `${fmt(median(xs))} (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})`
    : fmt(xs[0] ?? NaN);

type Row = {
  label: string;
  get: (f: Figures) => number[];
  better: 'lower' | 'higher';
  /** A reading of the machine during the target's turns, not the target's: no comparison. */
  machine?: true;
};

/** The figures of the table, each labelled "<what>, <unit>". */
function figureRows(): Row[] {
  return [
    {
      label: `sequential 1:1 (${SEQ_N} msgs) p50 latency, ms`,
      get: (f) => f.seq.map((s) => s.p50),
      better: 'lower',
    },
    {
      label:
        "disk's synced write of one journal record (O_DSYNC) before each sequential run, p50, ms",
      get: (f) => f.disk,
      better: 'lower',
      machine: true,
    },
    {
      label: 'sequential 1:1 p95 latency, ms',
      get: (f) => f.seq.map((s) => s.p95),
      better: 'lower',
    },
    {
      label: 'sequential 1:1 p99 latency, ms',
      get: (f) => f.seq.map((s) => s.p99),
      better: 'lower',
    },
    {
      label: 'sequential 1:1 throughput, msg/s',
      get: (f) => f.seq.map((s) => s.rate),
      better: 'higher',
    },
    {
      label: `${PAIRS} pairs closed loop throughput, msg/s`,
      get: (f) => f.conc.map((s) => s.rate),
      better: 'higher',
    },
    {
      label: `${PAIRS} pairs closed loop p99 latency, ms`,
      get: (f) => f.conc.map((s) => s.p99),
      better: 'lower',
    },
    {
      label: `${OFFERED.pairs} pairs at ${OFFERED.rate} msg/s offered: p99 latency, ms`,
      get: (f) => f.off.map((s) => s.p99),
      better: 'lower',
    },
    {
      label: `${OFFERED.pairs} pairs at ${OFFERED.rate} msg/s offered: lost`,
      get: (f) => f.off.map((s) => s.lost),
      better: 'lower',
    },
    ...(searchRate
      ? [
          {
            label: `${SEARCH.pairs} pairs: highest offered rate with p99 ≤ ${SEARCH.boundMs} ms and nothing lost, msg/s (one search)`,
            get: (f: Figures) => (f.maxRate === undefined ? [] : [f.maxRate]),
            better: 'higher' as const,
          },
        ]
      : []),
    ...(AGED_MIN > 0
      ? [
          {
            label: `sequential 1:1 throughput after ${AGED_MIN} min of load, reused accounts, msg/s`,
            get: (f: Figures) => (f.aged ? [f.aged.reused.rate] : []),
            better: 'higher' as const,
          },
          {
            label: `sequential 1:1 throughput after ${AGED_MIN} min of load, new accounts, msg/s`,
            get: (f: Figures) => (f.aged ? [f.aged.fresh.rate] : []),
            better: 'higher' as const,
          },
          {
            label: `sequential 1:1 p50 latency after ${AGED_MIN} min of load, reused accounts, ms`,
            get: (f: Figures) => (f.aged ? [f.aged.reused.p50] : []),
            better: 'lower' as const,
          },
        ]
      : []),
    ...IDLE_COUNTS.map((n) => ({
      label: `resident memory per idle logged-in connection (${n}), KiB`,
      get: (f: Figures) => (f.idle[n] === undefined ? [] : [f.idle[n]]),
      better: 'lower' as const,
    })),
  ];
}

function render(figs: Record<string, Figures>): string {
  const names = Object.keys(figs);
  const peers = names.filter((n) => !OURS.includes(n));
  const ours = names.filter((n) => OURS.includes(n));
  const rows = figureRows();
  const head = `| figure | ${names.join(' | ')} | ${ours.map((o) => `${o} vs best peer`).join(' | ')} |\n|---|${names.map(() => '---|').join('')}${ours.map(() => '---|').join('')}`;
  const ratio = (r: Row, mine: number): string => {
    if (r.machine) return '';
    const peerVals = peers.map((p) => median(r.get(figs[p]!))).filter((v) => !Number.isNaN(v));
    const best = r.better === 'lower' ? Math.min(...peerVals) : Math.max(...peerVals);
    if (!Number.isNaN(mine) && peerVals.length && best > 0 && mine > 0) {
      const x = r.better === 'lower' ? best / mine : mine / best;
      return `${x >= 1 ? 'better' : 'worse'} ×${(x >= 1 ? x : 1 / x).toFixed(2)}`;
    }
    if (!Number.isNaN(mine) && peerVals.length) {
      if (mine === best) return 'equal';
      return mine < best === (r.better === 'lower') ? 'better' : 'worse';
    }
    return '—';
  };
  const lines = rows.map(
    (r) =>
      `| ${r.label} | ${names.map((n) => cell(r.get(figs[n]!))).join(' | ')} | ${ours.map((o) => ratio(r, median(r.get(figs[o]!)))).join(' | ')} |`,
  );
  const loads = `| 1-minute load average at the start of each run | ${names.map((n) => cell(figs[n]!.loads)).join(' | ')} | ${ours.map(() => '').join(' | ')} |`;
  return [head, ...lines, loads].join('\n');
}

async function pgVersion(): Promise<string> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await c.connect();
    const r = await c.query<{ v: string }>('select current_setting($1) as v', ['server_version']);
    return `PostgreSQL ${r.rows[0]?.v ?? ''}`.trim();
  } catch {
    return 'PostgreSQL (version unknown)';
  } finally {
    await c.end().catch(() => undefined);
  }
}

function append(table: string, pgv: string): void {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const file = path.resolve(here, '../RESULTS.md');
  const v = peerVersions();
  const mem = execSync('free -g').toString().trim();
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const section = `
## Chat server

- Date: ${execSync('date -u').toString().trim()}
- Machine: ${os.cpus().length} cores (\`nproc\`: ${execSync('nproc').toString().trim()}), ${cpu}; \`free -g\`:
\`\`\`
${mem}
\`\`\`
- Command: \`npm run bench:chat${process.argv.slice(2).length ? ' -- ' + process.argv.slice(2).join(' ') : ''}\` (${RUNS} run(s) per scenario; median (min–max) when several)
- Peers: ejabberd ${v.ejabberd}, Prosody ${v.prosody} (Debian), configs in \`bench/peers/\`; all on loopback, archive (MAM) on, PLAIN auth, no shapers
- Ours on PGlite (\`ours\`) and on PostgreSQL (\`ours-pg\`, ${pgv}); runs interleaved across the targets, each turn started once the 1-minute load is under 0.5
- Load average at the end (1 / 5 / 15 min): ${loadNow()}; at the start of each run: the table's last row
- Load generator: one Node process speaking raw RFC 7395 frames (\`bench/chat/\`); latency = send → arrival at the recipient's stream

${table}
`;
  fs.appendFileSync(file, section);
  console.log(`\nAppended to ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
