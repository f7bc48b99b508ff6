import { createHash } from 'node:crypto';

/** Deterministic PRNG (mulberry32): the same seed gives the same demo organisation every time. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(rand: () => number, items: readonly T[]): T {
  const item = items[Math.floor(rand() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** A stable RFC 4122-shaped uuid derived from a name, so demo ids survive a reseed. */
export function stableUuid(name: string): string {
  const h = createHash('sha256').update(`pando-demo:${name}`).digest('hex');
  const variant = ((parseInt(h.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A stable MUC Light room id (hex, JID-safe). */
export function stableMimId(name: string): string {
  return createHash('sha256').update(`pando-room:${name}`).digest('hex').slice(0, 24);
}
