import { BlockList, isIP } from 'node:net';

/** An address as one spelling: IPv4-mapped IPv6 (`::ffff:127.0.0.1`, as a dual-stack socket reports IPv4) becomes IPv4, a zone is dropped. */
export function plainIp(address: string): string {
  const trimmed = address
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether `address` (a socket's or a literal) is this machine's loopback: 127.0.0.0/8 or ::1. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const ip = plainIp(address);
  const family = isIP(ip);
  return family !== 0 && LOOPBACK.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** Whether a HOST to listen on is loopback only: `localhost` or a loopback literal (a name that needs DNS is not). */
export function isLoopbackHost(host: string): boolean {
  return host.trim().toLowerCase() === 'localhost' || isLoopback(host);
}

/**
 * The rate-limit bucket of a client address: an IPv6 client is its /64 (one customer's line gets a
 * whole /64 and can pick any address of it), anything else the address itself.
 */
export function rateLimitBucket(address: string): string {
  const ip = plainIp(address);
  if (isIP(ip) === 4) return ip;
  if (isIP(ip) !== 6) return address;
  return `${expandIpv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, as lowercase hex without leading zeros. */
function expandIpv6(ip: string): string[] {
  // A trailing dotted IPv4 (::1.2.3.4) is two groups.
  const withoutV4 = ip.replace(
    /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/,
    (_, a, b, c, d) => `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`,
  );
  const [head, tail] = withoutV4.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}

/** Addresses and networks (`10.0.0.5`, `192.168.1.0/24`, `2001:db8::/32`) as one list to check addresses against. */
export interface AddressList {
  has(address: string): boolean;
}

/** The list of `entries` (each an address or address/prefix); throws an Error naming the first entry that is neither. */
export function addressList(entries: readonly string[]): AddressList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const ip = plainIp(address);
    const family = isIP(ip);
    const bits = family === 4 ? 32 : 128;
    if (family === 0 || (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits))) throw new Error(entry);
    if (prefix === undefined) list.addAddress(ip, family === 4 ? 'ipv4' : 'ipv6');
    else list.addSubnet(ip, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
  }
  return {
    has(address) {
      const ip = plainIp(address);
      const family = isIP(ip);
      return family !== 0 && list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
