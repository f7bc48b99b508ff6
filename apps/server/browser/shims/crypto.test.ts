// The crypto shim against Node's own crypto: the same digests for the inputs the server hashes,
// the same refusals.
import * as node from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as shim from './crypto.js';

const INPUTS: (string | Uint8Array)[] = [
  '',
  'pando-demo:alice@example.org',
  'é ü 日本語 🙂',
  'x'.repeat(1000),
  new Uint8Array([0, 1, 2, 250, 255]),
  node.randomBytes(4096),
];

describe('crypto shim (Web Crypto + @noble/hashes)', () => {
  it.each(['hex', 'base64', 'base64url'] as const)(
    'createHash("sha256") gives Node\'s digest, in %s',
    (encoding) => {
      for (const input of INPUTS) {
        expect(shim.createHash('sha256').update(input).digest(encoding)).toBe(
          node.createHash('sha256').update(input).digest(encoding),
        );
      }
    },
  );

  it('hashes chained updates and hex or base64 input as Node does', () => {
    const ours = shim
      .createHash('sha256')
      .update('a')
      .update('ff00', 'hex')
      .update('AQID', 'base64');
    const theirs = node
      .createHash('sha256')
      .update('a')
      .update('ff00', 'hex')
      .update('AQID', 'base64');
    expect(Buffer.from(ours.digest()).equals(theirs.digest())).toBe(true);
  });

  it('createHmac("sha256") gives Node\'s signature (as @fastify/cookie signs)', () => {
    for (const input of INPUTS) {
      expect(shim.createHmac('sha256', 'secret').update(input).digest('base64')).toBe(
        node.createHmac('sha256', 'secret').update(input).digest('base64'),
      );
    }
  });

  it('refuses any algorithm but sha256, and a second digest', () => {
    expect(() => shim.createHash('md5')).toThrow(/sha256 only/);
    expect(() => shim.createHmac('sha1', 'k')).toThrow(/sha256 only/);
    const hash = shim.createHash('sha256');
    hash.digest();
    expect(() => hash.digest()).toThrow(/already called/);
  });

  it("randomBytes gives the size asked for, also beyond Web Crypto's 65,536 per call", () => {
    expect(shim.randomBytes(32)).toHaveLength(32);
    const big = shim.randomBytes(200_000);
    expect(big).toHaveLength(200_000);
    // Every 64 KiB block was filled (a zero block of that size is not random).
    for (let i = 0; i < big.length; i += 65_536) {
      expect(big.subarray(i, i + 65_536).some((b) => b !== 0)).toBe(true);
    }
  });

  it('randomInt stays in [min, max) and reaches both ends', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(shim.randomInt(31));
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 31 }, (_, i) => i));
    for (let i = 0; i < 200; i++) {
      const x = shim.randomInt(-5, 5);
      expect(x).toBeGreaterThanOrEqual(-5);
      expect(x).toBeLessThan(5);
    }
    expect(() => shim.randomInt(3, 3)).toThrow(RangeError);
    expect(() => shim.randomInt(1.5)).toThrow(RangeError);
  });

  it('randomUUID is a version 4, variant 1 UUID', () => {
    const ids = new Set(Array.from({ length: 100 }, () => shim.randomUUID()));
    expect(ids.size).toBe(100);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('timingSafeEqual answers as Node does, refusing different lengths', () => {
    const a = Buffer.from('same bytes');
    expect(shim.timingSafeEqual(a, Buffer.from('same bytes'))).toBe(true);
    expect(shim.timingSafeEqual(a, Buffer.from('same bytez'))).toBe(false);
    expect(shim.timingSafeEqual(new Uint8Array(0), new Uint8Array(0))).toBe(true);
    expect(() => shim.timingSafeEqual(a, Buffer.from('short'))).toThrow(RangeError);
    expect(() => node.timingSafeEqual(a, Buffer.from('short'))).toThrow(RangeError);
  });
});
