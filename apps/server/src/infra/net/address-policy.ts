import ipaddr from 'ipaddr.js';

/**
 * Whether the server may connect to an address on a user's behalf: only public unicast addresses.
 * Loopback, private, link-local (169.254.0.0/16 holds cloud metadata services), CGNAT, multicast,
 * reserved and unspecified ranges are refused, including their IPv4-mapped IPv6 forms.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** Hosts and addresses an operator explicitly allowed (test setups only), compared case-insensitively. */
export function isAllowListed(hostOrAddress: string, allowList: readonly string[]): boolean {
  const needle = hostOrAddress.toLowerCase().replace(/^\[|\]$/g, '');
  return allowList.some((entry) => entry.toLowerCase() === needle);
}
