// STUB for node:net: isIP by regex; BlockList that matches nothing (TRUST_PROXY lists unused here).
export const isIPv4 = (s) => /^(\d{1,3}\.){3}\d{1,3}$/.test(s);
export const isIPv6 = (s) => s.includes(':') && /^[0-9a-f:.]+$/i.test(s);
export const isIP = (s) => (isIPv4(s) ? 4 : isIPv6(s) ? 6 : 0);
export class BlockList { addSubnet() {} addAddress() {} addRange() {} check() { return false; } }
export class Socket {}
export default { isIP, isIPv4, isIPv6, BlockList, Socket };
