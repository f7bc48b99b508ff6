// The buffer shim: the polyfill's Buffer, with the base64url encoding Node has and it lacks.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Buffer as Shimmed } from './buffer.js';

describe('buffer shim', () => {
  it("is not Node's own Buffer (else this test would prove nothing)", () => {
    expect(Shimmed).not.toBe(Buffer);
  });

  it('encodes and decodes base64url as Node does', () => {
    for (const size of [0, 1, 2, 3, 31, 32, 33, 100]) {
      const bytes = randomBytes(size);
      const text = Buffer.from(bytes).toString('base64url');
      expect(Shimmed.from(bytes).toString('base64url')).toBe(text);
      expect([...Shimmed.from(text, 'base64url')]).toEqual([...bytes]);
      expect(Shimmed.byteLength(text, 'base64url')).toBe(size);
    }
    expect(Shimmed.isEncoding('base64url')).toBe(true);
  });

  it('leaves the other encodings as they were', () => {
    const bytes = Shimmed.from('héllo', 'utf8');
    expect(bytes.toString('hex')).toBe(Buffer.from('héllo').toString('hex'));
    expect(bytes.toString('base64')).toBe(Buffer.from('héllo').toString('base64'));
    expect(Shimmed.from('aGk=', 'base64').toString()).toBe('hi');
    expect(bytes.toString('utf8', 1, 3)).toBe('é');
  });
});
