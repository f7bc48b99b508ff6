import os from 'node:os';

/** The chat benches record figures only on an idle machine (bench/README.md). */
const LOAD_LIMIT = 0.5;

export const load1 = (): number => os.loadavg()[0] ?? 0;

/** "0.12 / 0.30 / 0.41": the 1, 5 and 15-minute load averages, printed beside every figure. */
export const loadNow = (): string =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

/** A figure's suffix: the load when it was taken, flagged when the machine was busy. */
export const loadTag = (): string =>
  `[load ${loadNow()}${load1() >= LOAD_LIMIT ? ' LOADED: not a figure to record' : ''}]`;

/** The longest `settle` waits: the 1-minute average of a machine left alone halves in ~42 s. */
const SETTLE_MAX_MS = 180_000;

/**
 * Waits until the 1-minute load is under LOAD_LIMIT again (at most SETTLE_MAX_MS), so each
 * target's turn starts on an idle machine rather than on the load the turn before it left (a
 * load generator and a server keep two cores' average near 1 by themselves). Not with
 * BENCH_ALLOW_LOAD=1: a busy machine would only make it wait.
 */
export async function settle(): Promise<void> {
  if (process.env.BENCH_ALLOW_LOAD === '1') return;
  const until = Date.now() + SETTLE_MAX_MS;
  while (load1() >= LOAD_LIMIT && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 5_000));
}

/**
 * Refuses to start at a 1-minute load of LOAD_LIMIT or more unless BENCH_ALLOW_LOAD=1 (then
 * says loudly that the figures are not to be recorded). `harness`: run by the A/B harness, which
 * checks the load itself before each pair; then this only warns.
 */
export function checkLoad(harness = false): boolean {
  const busy = load1() >= LOAD_LIMIT;
  if (!busy) {
    console.log(`Load average ${loadNow()} (1 / 5 / 15 min): idle enough to record.`);
    return false;
  }
  const say = `1-minute load average ${load1().toFixed(2)} ≥ ${LOAD_LIMIT}: the figures would mostly measure the other work on this machine.`;
  if (process.env.BENCH_ALLOW_LOAD !== '1' && !harness) {
    console.error(`${say}\nRefusing to run; wait for an idle machine or set BENCH_ALLOW_LOAD=1.`);
    process.exit(3);
  }
  console.log(`!!! ${say} Running anyway: NOT figures to record. !!!`);
  return true;
}
