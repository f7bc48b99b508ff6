import { RawXmpp } from './xmppClient.js';
import { rssKiB, type Account, type Target } from './targets.js';

export interface LatencyStats {
  p50: number;
  p95: number;
  p99: number;
  /** Messages per second. */
  rate: number;
  lost: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function stats(latencies: number[], seconds: number, lost = 0): LatencyStats {
  const s = [...latencies].sort((a, b) => a - b);
  return {
    p50: percentile(s, 50),
    p95: percentile(s, 95),
    p99: percentile(s, 99),
    rate: latencies.length / seconds,
    lost,
  };
}

/** Frames carry our ids in either quote style (ejabberd writes single quotes). */
const idOf = (frame: string): string | undefined =>
  /<message[^>]*\sid=["']([^"']+)["']/.exec(frame)?.[1];

const msg = (to: string, id: string, body: string) =>
  `<message xmlns="jabber:client" to="${to}" type="chat" id="${id}"><body>${body}</body></message>`;

async function loginAll(t: Target, accounts: Account[], parallel = 32): Promise<RawXmpp[]> {
  const out = new Array<RawXmpp | undefined>(accounts.length);
  let next = 0;
  const worker = async () => {
    while (next < accounts.length) {
      const i = next++;
      const a = accounts[i]!;
      out[i] = await RawXmpp.login(t.wsUrl, t.domain, a.user, a.password, `r${i}`);
    }
  };
  const results = await Promise.allSettled(
    Array.from({ length: parallel }, () =>
      worker().catch((err: unknown) => {
        next = accounts.length; // the other workers stop after their current login
        throw err;
      }),
    ),
  );
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    // Give back every connection that did log in: a peer that timed out under the idle test
    // must not leave the next target short of file descriptors (EMFILE).
    for (const c of out) c?.close();
    throw failed.reason;
  }
  return out.filter((c) => c !== undefined); // all of them: every login succeeded
}

/** Each sequential run sends its own ids: our server stores and routes a repeated (sender, id) once. */
let sequentialRuns = 0;

/** A sends to B, waits for B to receive, repeats: latency per message and messages per second. */
export async function sequential(t: Target, n: number, offset = 0): Promise<LatencyStats> {
  const tag = `${offset}.${sequentialRuns++}`;
  const [a, b] = await loginAll(t, t.accounts.slice(offset, offset + 2));
  const to = t.accounts[offset + 1]!.jid;
  let pending: { id: string; resolve: () => void } | undefined;
  b!.onFrame = (f) => {
    if (pending && idOf(f) === pending.id) pending.resolve();
  };
  const once = (id: string) =>
    new Promise<void>((resolve) => {
      pending = { id, resolve };
      a!.send(msg(to, id, 'sequential'));
    });
  for (let i = 0; i < 50; i++) await once(`w${tag}-${i}`); // warm-up, not counted
  const lat: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await once(`s${tag}-${i}`);
    lat.push(performance.now() - s);
  }
  const seconds = (performance.now() - t0) / 1000;
  a!.close();
  b!.close();
  return stats(lat, seconds);
}

/** `pairs` senders each send the next message as soon as the previous one arrived (closed loop). */
export async function concurrent(
  t: Target,
  pairs: number,
  seconds: number,
  offset = 0,
  run = 0,
): Promise<LatencyStats> {
  const conns = await loginAll(t, t.accounts.slice(offset, offset + 2 * pairs));
  try {
    return await closedLoop(t, conns, pairs, seconds, offset, run);
  } finally {
    for (const c of conns) c.close();
  }
}

/** The closed loop of `concurrent` on connections already logged in (`conns[2p]` sends to `conns[2p+1]`). */
async function closedLoop(
  t: Target,
  conns: RawXmpp[],
  pairs: number,
  seconds: number,
  offset: number,
  run: number,
): Promise<LatencyStats> {
  const lat: number[] = [];
  let running = true;
  const loops = Array.from({ length: pairs }, (_, p) => {
    const a = conns[2 * p]!;
    const b = conns[2 * p + 1]!;
    const to = t.accounts[offset + 2 * p + 1]!.jid;
    return new Promise<void>((done) => {
      let n = 0;
      let sentAt = 0;
      let expect = '';
      const fire = () => {
        if (!running) {
          done();
          return;
        }
        // Unique per run: our server stores a repeated (sender, id) once and does not route it again.
        expect = `c${run}-${p}-${n++}`;
        sentAt = performance.now();
        a.send(msg(to, expect, 'concurrent'));
      };
      b.onFrame = (f) => {
        if (idOf(f) !== expect) return;
        lat.push(performance.now() - sentAt);
        fire();
      };
      fire();
    });
  });
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  running = false;
  await Promise.race([Promise.all(loops), new Promise((r) => setTimeout(r, 10_000))]);
  const elapsed = (performance.now() - t0) / 1000;
  return stats(lat, elapsed);
}

/** `pairs` senders together offer `rate` msg/s for `seconds`; latency p99 and messages lost. */
export async function offered(
  t: Target,
  pairs: number,
  rate: number,
  seconds: number,
  offset = 0,
  run = 0,
): Promise<LatencyStats> {
  const conns = await loginAll(t, t.accounts.slice(offset, offset + 2 * pairs));
  const sentAt = new Map<string, number>();
  const lat: number[] = [];
  for (let p = 0; p < pairs; p++) {
    conns[2 * p + 1]!.onFrame = (f) => {
      const id = idOf(f);
      const s = id === undefined ? undefined : sentAt.get(id);
      if (s === undefined || id === undefined) return;
      sentAt.delete(id);
      lat.push(performance.now() - s);
    };
  }
  const total = Math.round(rate * seconds);
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    // Open loop on a fixed schedule, independent of how fast the server answers.
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const p = i % pairs;
    const id = `o${run}-${p}-${i}`;
    sentAt.set(id, performance.now());
    conns[2 * p]!.send(msg(t.accounts[offset + 2 * p + 1]!.jid, id, 'offered'));
  }
  const deadline = performance.now() + 10_000;
  while (sentAt.size > 0 && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  for (const c of conns) c.close();
  return stats(lat, seconds, sentAt.size);
}

/**
 * Resident memory per logged-in idle connection (KiB), from the server processes' RSS: with `n`
 * connections, less `base` (the fresh process's RSS, taken once before the first count; a
 * baseline taken after an earlier count includes the heap that count grew and kept, which put
 * 19,000 connections at 0.6–2.8 KiB each after 10,000 had been measured).
 */
export async function idleMemory(
  t: Target,
  n: number,
  base = rssKiB(t.pids()),
): Promise<{ perConnKiB: number; baseKiB: number; withKiB: number }> {
  const conns = await loginAll(t, t.accounts.slice(0, n), 16);
  await new Promise((r) => setTimeout(r, 5_000));
  const withConns = rssKiB(t.pids());
  for (const c of conns) c.close();
  await new Promise((r) => setTimeout(r, 2_000));
  return { perConnKiB: (withConns - base) / n, baseKiB: base, withKiB: withConns };
}

export interface RateSearch {
  /** Highest offered rate (msg/s) that kept p99 ≤ the bound with nothing lost; 0 if none did. */
  best: number;
  /** Every probe, in order: offered rate, p99 and lost. */
  probes: { rate: number; p99: number; lost: number }[];
}

/**
 * TARGETS.md "highest rate with p99 ≤ 100 ms and nothing lost": offers `pairs` open-loop
 * senders a rising rate (doubling from `start`) until a probe fails, then bisects between the
 * last rate that passed and the first that failed. Each probe uses its own message ids.
 */
export async function maxRate(
  t: Target,
  pairs: number,
  opts: { start: number; cap: number; seconds: number; boundMs: number; bisections: number },
  offset = 0,
): Promise<RateSearch> {
  const probes: RateSearch['probes'] = [];
  let probe = 0;
  const passes = async (rate: number): Promise<boolean> => {
    const s = await offered(t, pairs, rate, opts.seconds, offset, 1000 + probe++);
    probes.push({ rate, p99: s.p99, lost: s.lost });
    // Let a backlog of the failed probe drain before the next one.
    await new Promise((r) => setTimeout(r, 2_000));
    return s.lost === 0 && s.p99 <= opts.boundMs;
  };
  let good = 0;
  let bad = 0;
  for (let rate = opts.start; rate <= opts.cap; rate *= 2) {
    if (await passes(rate)) good = rate;
    else {
      bad = rate;
      break;
    }
  }
  if (bad === 0) return { best: good, probes };
  for (let i = 0; i < opts.bisections && bad - good > opts.start / 4; i++) {
    const mid = Math.round((good + bad) / 2);
    if (await passes(mid)) good = mid;
    else bad = mid;
  }
  return { best: good, probes };
}

/** Closed-loop load for `minutes` (the "after an hour of load" figure ages the server this way). */
export async function sustain(
  t: Target,
  pairs: number,
  minutes: number,
  offset: number,
): Promise<number> {
  // One login for the whole ageing: our server's chat tokens are single-use and each bench
  // account has TOKENS_PER_ACCOUNT (32) of them, so a login per one-minute round ran out after
  // ~29 minutes of `--aged=30` (session 15). Persistent connections are also what an hour of
  // clinicians' traffic looks like.
  const conns = await loginAll(t, t.accounts.slice(offset, offset + 2 * pairs));
  let total = 0;
  try {
    const end = Date.now() + minutes * 60_000;
    for (let round = 0; Date.now() < end; round++) {
      const seconds = Math.min(60, Math.max(1, (end - Date.now()) / 1000));
      const s = await closedLoop(t, conns, pairs, seconds, offset, 5000 + round);
      total += s.rate * seconds;
    }
  } finally {
    for (const c of conns) c.close();
  }
  return total;
}
