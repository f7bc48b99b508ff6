import { describe, expect, it } from 'vitest';
import { MaintenanceLoop, type MaintenanceJob } from './maintenance.js';

const job = (name: string, poll: () => Promise<void>): MaintenanceJob => ({ name, poll });

describe('the maintenance loop of the embedded database', () => {
  it('polls its jobs in turn; a failing job is reported and the others still run', async () => {
    const order: string[] = [];
    const errors: string[] = [];
    let fail = true;
    const loop = new MaintenanceLoop(
      [
        job('checkpoint', () => {
          order.push('checkpoint');
          return fail ? Promise.reject(new Error('disk full')) : Promise.resolve();
        }),
        job('analyze', () => {
          order.push('analyze');
          return Promise.resolve();
        }),
      ],
      1_000_000,
      (name, err) => errors.push(`${name}: ${(err as Error).message}`),
    );
    await loop.start();
    await loop.tick();
    fail = false;
    await loop.tick();
    expect(order).toEqual(['checkpoint', 'analyze', 'checkpoint', 'analyze']);
    expect(errors).toEqual(['checkpoint: disk full']);
    await loop.stop();
  });

  it('stop() waits for a job under way, and nothing runs after it', async () => {
    let release: () => void = () => undefined;
    const runs: string[] = [];
    const loop = new MaintenanceLoop(
      [
        job('checkpoint', () => {
          runs.push('start');
          return new Promise<void>((r) => {
            release = () => {
              runs.push('end');
              r();
            };
          });
        }),
      ],
      10,
    );
    await loop.start();
    while (runs.length === 0) await new Promise((r) => setTimeout(r, 5));
    const stopped = loop.stop().then(() => runs.push('stopped'));
    await new Promise((r) => setTimeout(r, 30));
    expect(runs).toEqual(['start']);
    release();
    await stopped;
    await new Promise((r) => setTimeout(r, 30));
    expect(runs).toEqual(['start', 'end', 'stopped']);
  });
});
