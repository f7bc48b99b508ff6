// node:net for the in-page server: no sockets, but config.ts validates TRUST_PROXY with `isIP`
// and matches proxy addresses with a `BlockList` (addAddress, addSubnet, check), so those two are
// real: written to Node's rules, and net.test.ts holds them equal to Node's over a table of cases.
// Addresses are compared as 128-bit numbers; an IPv4 rule or address stands for its IPv4-mapped
// IPv6 form (::ffff:a.b.c.d), so the families meet where Node's do.

const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const GROUP = /^[0-9a-f]{1,4}$/i;
const ZONE = /^[0-9a-z\-.:]+$/i;

function ipv4Value(address: string): bigint | undefined {
  if (!IPV4.test(address)) return undefined;
  return address.split('.').reduce((acc, octet) => (acc << 8n) | BigInt(octet), 0n);
}

function ipv6Value(address: string): bigint | undefined {
  const [addr = '', zone, ...more] = address.split('%');
  if (more.length > 0 || (zone !== undefined && !ZONE.test(zone))) return undefined;
  const halves = addr.split('::');
  if (halves.length > 2) return undefined;
  const groups = halves.map((half) => (half === '' ? [] : half.split(':')));
  const words: number[][] = [];
  for (const [h, half] of groups.entries()) {
    const out: number[] = [];
    for (const [i, group] of half.entries()) {
      const last = h === groups.length - 1 && i === half.length - 1;
      const v4 = last ? ipv4Value(group) : undefined;
      if (v4 !== undefined) out.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
      else if (GROUP.test(group)) out.push(parseInt(group, 16));
      else return undefined;
    }
    words.push(out);
  }
  const [head = [], tail = []] = words;
  const count = head.length + tail.length;
  if (halves.length === 2 ? count > 7 : count !== 8) return undefined;
  const all = [...head, ...Array<number>(8 - count).fill(0), ...tail];
  return all.reduce((acc, word) => (acc << 16n) | BigInt(word), 0n);
}

export function isIPv4(input: string): boolean {
  return ipv4Value(input) !== undefined;
}

export function isIPv6(input: string): boolean {
  return ipv6Value(input) !== undefined;
}

export function isIP(input: string): 0 | 4 | 6 {
  return isIPv4(input) ? 4 : isIPv6(input) ? 6 : 0;
}

type Family = 'ipv4' | 'ipv6';

const MAPPED = 0xffffn << 32n;

/** The address as a 128-bit number (IPv4 as IPv4-mapped IPv6), or undefined if it is not one. */
function value(address: string, family: Family): bigint | undefined {
  if (family === 'ipv4') {
    const v4 = ipv4Value(address);
    return v4 === undefined ? undefined : MAPPED | v4;
  }
  return ipv6Value(address);
}

function valid(address: string, family: string): bigint {
  const v = family === 'ipv4' || family === 'ipv6' ? value(address, family) : undefined;
  if (v === undefined) throw new TypeError(`Invalid ${family} address: ${address}`);
  return v;
}

export class BlockList {
  #rules: { first: bigint; last: bigint }[] = [];

  addAddress(address: string, family: Family = 'ipv4'): void {
    const v = valid(address, family);
    this.#rules.push({ first: v, last: v });
  }

  addRange(start: string, end: string, family: Family = 'ipv4'): void {
    const first = valid(start, family);
    const last = valid(end, family);
    if (first > last) throw new RangeError(`The range ${start}-${end} ends before it starts`);
    this.#rules.push({ first, last });
  }

  addSubnet(network: string, prefix: number, family: Family = 'ipv4'): void {
    const bits = family === 'ipv4' ? 32 : 128;
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > bits) {
      throw new RangeError(`The prefix ${prefix} is out of range 0-${bits}`);
    }
    const hostBits = BigInt(bits - prefix);
    const first = (valid(network, family) >> hostBits) << hostBits;
    this.#rules.push({ first, last: first | ((1n << hostBits) - 1n) });
  }

  check(address: string, family: Family = 'ipv4'): boolean {
    const v = value(address, family);
    return v !== undefined && this.#rules.some((r) => v >= r.first && v <= r.last);
  }
}

export default { isIP, isIPv4, isIPv6, BlockList };
