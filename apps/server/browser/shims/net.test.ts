// The net shim's isIP and BlockList against Node's, over addresses and rules like the ones
// TRUST_PROXY takes (config.ts parseProxyTrust).
import * as node from 'node:net';
import { describe, expect, it } from 'vitest';
import * as shim from './net.js';

const ADDRESSES = [
  '10.0.0.1',
  '10.255.255.255',
  '11.0.0.0',
  '127.0.0.1',
  '192.168.1.5',
  '192.168.1.6',
  '0.0.0.0',
  '255.255.255.255',
  '256.0.0.1',
  '01.2.3.4',
  '1.2.3',
  '1.2.3.4.5',
  ' 1.2.3.4',
  '::1',
  '::',
  '::ffff:10.0.0.1',
  '::ffff:192.168.1.5',
  'fe80::1',
  'fe80::1%eth0',
  'fd00::abcd:1',
  'fd00:0:0:0:0:0:abcd:1',
  '2001:db8::',
  '2001:db8:0:0:0:0:0:0:1',
  '2001:db8::1::2',
  '1:2:3:4:5:6:7:8',
  '1:2:3:4:5:6:7::',
  '::2:3:4:5:6:7:8',
  '1:2:3:4:5:6:1.2.3.4',
  '12345::',
  'g::1',
  'localhost',
  '',
];

describe('net shim', () => {
  it.each(ADDRESSES)("isIP(%j) is Node's answer", (address) => {
    expect(shim.isIP(address)).toBe(node.isIP(address));
    expect(shim.isIPv4(address)).toBe(node.isIPv4(address));
    expect(shim.isIPv6(address)).toBe(node.isIPv6(address));
  });

  it("BlockList matches what Node's matches, for addresses, subnets and ranges of both families", () => {
    const build = (list: node.BlockList | shim.BlockList) => {
      list.addSubnet('10.0.0.0', 8, 'ipv4');
      list.addAddress('192.168.1.5', 'ipv4');
      list.addSubnet('127.0.0.0', 8);
      list.addAddress('::1', 'ipv6');
      list.addSubnet('fd00::', 8, 'ipv6');
      list.addRange('2001:db8::', '2001:db8::ff', 'ipv6');
      return list;
    };
    const ours = build(new shim.BlockList());
    const theirs = build(new node.BlockList());
    for (const address of ADDRESSES) {
      for (const family of ['ipv4', 'ipv6'] as const) {
        let expected: boolean;
        try {
          expected = theirs.check(address, family);
        } catch {
          expected = false;
        }
        expect([address, family, ours.check(address, family)]).toEqual([address, family, expected]);
      }
    }
  });

  it('refuses rules Node refuses', () => {
    const list = new shim.BlockList();
    expect(() => {
      list.addSubnet('10.0.0.0', 33, 'ipv4');
    }).toThrow(RangeError);
    expect(() => {
      list.addAddress('not an address', 'ipv4');
    }).toThrow();
  });
});
