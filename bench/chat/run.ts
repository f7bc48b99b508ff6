/**
 * `npm run bench:chat`: our chat server side by side with ejabberd and Prosody (Debian), all on
 * loopback with the archive on, driven by one raw-frame load generator. Not a test: it prints
 * a table and appends it to bench/RESULTS.md ("Chat server"). Options after `--`: `--quick` for
 * a short run, `--only=ours,prosody` for some targets, `--no-max-rate` to skip the rate search,
 * `--aged=60` to add the figures after that many minutes of closed-loop load (TARGETS.md "after
 * an hour of load"; it adds that long per target), `--no-write` to leave RESULTS.md alone.
 * BENCH_TREE=<checkout>: "ours" is that tree's server (the A/B harness, bench/ab/run.mjs, measures
 * the base commit this way); BENCH_JSON=<file>: our figures (medians) also go there as JSON.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  concurrent,
  idleMemory,
  maxRate,
  offered,
  sequential,
  sustain,
  type LatencyStats,
} from './scenarios.js';
import {
  ensurePeersInstalled,
  peerVersions,
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
const IDLE = quick ? 1000 : 5000;
/** TARGETS.md: 50 pairs, the highest offered rate with p99 ≤ 100 ms and nothing lost. */
const SEARCH = {
  pairs: 50,
  start: 250,
  cap: 32_000,
  seconds: quick ? 3 : 5,
  boundMs: 100,
  bisections: quick ? 2 : 4,
};
const searchRate = !process.argv.includes('--no-max-rate');
/** `--aged=<minutes>`: after the fresh figures, closed-loop load for that long, then sequential again. */
const AGED_MIN = Number(
  process.argv.find((a) => a.startsWith('--aged='))?.slice('--aged='.length) ?? 0,
);

interface Figures {
  seq: LatencyStats[];
  conc: LatencyStats[];
  off: LatencyStats[];
  idle?: { perConnKiB: number; baseKiB: number; withKiB: number } | undefined;
  maxRate?: number | undefined;
  aged?: { reused: LatencyStats; fresh: LatencyStats } | undefined;
}

const starters: Record<string, (n: number) => Promise<Target>> = {
  ours: startOurs,
  ejabberd: startEjabberd,
  prosody: startProsody,
};

async function main(): Promise<void> {
  const names = Object.keys(starters).filter((n) => !only || only.includes(n));
  if (names.some((n) => n !== 'ours')) ensurePeersInstalled();
  const figures: Record<string, Figures> = {};
  for (const name of names) {
    console.log(`\n== ${name}: starting, creating ${IDLE} accounts`);
    const t = await starters[name]!(Math.max(IDLE, 2 * PAIRS + 2));
    const f: Figures = { seq: [], conc: [], off: [] };
    const attempt = async <T>(what: string, fn: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await fn();
      } catch (err) {
        // A peer falling over is a result too: the table shows — and the log says why.
        console.log(`  ${what} failed: ${(err as Error).message}`);
        return undefined;
      }
    };
    try {
      // Memory first, on the fresh process: after load, a garbage-collected heap's RSS says
      // little about what one more connection costs.
      f.idle = await attempt('idle', () => idleMemory(t, IDLE));
      if (f.idle)
        console.log(`  idle: ${fmt(f.idle.perConnKiB)} KiB per connection (${IDLE} connections)`);
      // Runs alternate between scenarios so a slow moment of the machine spreads over all.
      for (let r = 0; r < RUNS; r++) {
        const seq = await attempt('sequential', () => sequential(t, SEQ_N, 2 * r));
        if (seq) {
          f.seq.push(seq);
          console.log(
            `  run ${r + 1}: sequential p50 ${fmt(seq.p50)} ms p99 ${fmt(seq.p99)} ms ${Math.round(seq.rate)} msg/s`,
          );
        }
        const conc = await attempt('concurrent', () => concurrent(t, PAIRS, CONC_SECONDS, 10, r));
        if (conc) {
          f.conc.push(conc);
          console.log(
            `  run ${r + 1}: ${PAIRS} pairs closed loop ${Math.round(conc.rate)} msg/s p99 ${fmt(conc.p99)} ms`,
          );
        }
        const off = await attempt('offered', () =>
          offered(t, OFFERED.pairs, OFFERED.rate, OFFERED.seconds, 10 + 2 * PAIRS, r),
        );
        if (off) {
          f.off.push(off);
          console.log(
            `  run ${r + 1}: ${OFFERED.pairs} pairs at ${OFFERED.rate} msg/s p99 ${fmt(off.p99)} ms lost ${off.lost}`,
          );
        }
      }
      if (searchRate) {
        const found = await attempt('max rate', () =>
          maxRate(t, SEARCH.pairs, SEARCH, 10 + 2 * PAIRS),
        );
        if (found) {
          f.maxRate = found.best;
          const tried = found.probes
            .map((p) => `${p.rate}: p99 ${fmt(p.p99)}${p.lost ? ` lost ${p.lost}` : ''}`)
            .join('; ');
          console.log(`  max rate with p99 ≤ ${SEARCH.boundMs} ms: ${found.best} msg/s (${tried})`);
        }
      }
      if (AGED_MIN > 0) {
        console.log(`  ageing: ${PAIRS} pairs closed loop for ${AGED_MIN} min`);
        const sent = await attempt('ageing', () => sustain(t, PAIRS, AGED_MIN, 10));
        const reused = await attempt('aged sequential', () => sequential(t, SEQ_N, 0));
        const fresh = await attempt('aged sequential, new accounts', () =>
          sequential(t, SEQ_N, t.accounts.length - 2),
        );
        if (reused && fresh) {
          f.aged = { reused, fresh };
          console.log(
            `  after ${AGED_MIN} min (${Math.round(sent ?? 0)} msgs): sequential ${Math.round(reused.rate)} msg/s (reused accounts), ${Math.round(fresh.rate)} msg/s (new accounts)`,
          );
        }
      }
    } finally {
      await t.stop();
    }
    figures[name] = f;
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
  const table = render(figures);
  console.log('\n' + table);
  if (!process.argv.includes('--no-write')) append(table);
}

const fmt = (n: number) =>
  Number.isNaN(n) ? '—' : n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const cell = (xs: number[]) =>
  xs.length > 1
    ? `${fmt(median(xs))} (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})`
    : fmt(xs[0] ?? NaN);

type Row = { label: string; get: (f: Figures) => number[]; better: 'lower' | 'higher' };

/** The figures of the table, each labelled "<what>, <unit>". */
function figureRows(): Row[] {
  return [
    {
      label: `sequential 1:1 (${SEQ_N} msgs) p50 latency, ms`,
      get: (f) => f.seq.map((s) => s.p50),
      better: 'lower',
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
    {
      label: `resident memory per idle logged-in connection (${IDLE}), KiB`,
      get: (f) => (f.idle ? [f.idle.perConnKiB] : []),
      better: 'lower',
    },
  ];
}

function render(figs: Record<string, Figures>): string {
  const names = Object.keys(figs);
  const peers = names.filter((n) => n !== 'ours');
  const rows = figureRows();
  const head = `| figure | ${names.join(' | ')} | ours vs best peer |\n|---|${names.map(() => '---|').join('')}---|`;
  const lines = rows.map((r) => {
    const ours = figs.ours ? median(r.get(figs.ours)) : NaN;
    const peerVals = peers.map((p) => median(r.get(figs[p]!))).filter((v) => !Number.isNaN(v));
    const best = r.better === 'lower' ? Math.min(...peerVals) : Math.max(...peerVals);
    let ratio = '—';
    if (!Number.isNaN(ours) && peerVals.length && best > 0 && ours > 0) {
      const x = r.better === 'lower' ? best / ours : ours / best;
      ratio = `${x >= 1 ? 'better' : 'worse'} ×${(x >= 1 ? x : 1 / x).toFixed(2)}`;
    } else if (!Number.isNaN(ours) && peerVals.length)
      ratio = ours <= best === (r.better === 'lower') ? 'better or equal' : 'worse';
    return `| ${r.label} | ${names.map((n) => cell(r.get(figs[n]!))).join(' | ')} | ${ratio} |`;
  });
  return [head, ...lines].join('\n');
}

function append(table: string): void {
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
