import { createHash } from 'node:crypto';

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
