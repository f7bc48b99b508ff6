import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Bus, BusMessage } from './bus.js';

const CHANNEL = 'pando:chat:v1';

/**
 * Scale-out: every node publishes what it routes on one channel and delivers what other nodes
 * publish to its own sessions. One channel keeps ordering per publisher (Redis preserves it per
 * connection), which per-user channels would not make any better at our sizes.
 */
export async function createRedisBus(
  url: string,
  onMessage: (m: BusMessage) => void,
  log: { error(obj: unknown, msg?: string): void },
): Promise<Bus> {
  const node = randomUUID();
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  pub.on('error', (err: unknown) => {
    log.error({ err }, 'redis publish connection');
  });
  sub.on('error', (err: unknown) => {
    log.error({ err }, 'redis subscribe connection');
  });
  await Promise.all([pub.connect(), sub.connect()]);
  sub.on('message', (_channel: string, raw: string) => {
    let parsed: { n: string; m: BusMessage };
    try {
      parsed = JSON.parse(raw) as { n: string; m: BusMessage };
    } catch {
      return;
    }
    if (parsed.n !== node) onMessage(parsed.m);
  });
  await sub.subscribe(CHANNEL);
  return {
    publish(m) {
      pub.publish(CHANNEL, JSON.stringify({ n: node, m })).catch((err: unknown) => {
        log.error({ err }, 'redis publish failed');
      });
    },
    async close() {
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
