import { isIPv6 } from 'node:net';

/**
 * The client a request's limits count against: an IPv4 address as it is, an IPv6 address by its
 * /64 network, since one subscriber is handed a whole /64 and could otherwise take a new address
 * for every guess. IPv4 addresses mapped into IPv6 (`::ffff:1.2.3.4`) count as the IPv4 address.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = ''] = ip.toLowerCase().split('%');
  const [left = '', right] = head.split('::');
  const leftGroups = left ? left.split(':') : [];
  const rightGroups = right ? right.split(':') : [];
  const missing = 8 - leftGroups.length - rightGroups.length;
  const groups =
    right === undefined ? leftGroups : [...leftGroups, ...Array(missing).fill('0'), ...rightGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
