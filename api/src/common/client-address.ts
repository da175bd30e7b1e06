import ipaddr from 'ipaddr.js';

/**
 * The client a per-address limit counts, from `request.ip`: an IPv4 address as it is (also when it
 * arrives IPv4-mapped, `::ffff:a.b.c.d`), an IPv6 address as its /64 network. One subscriber or
 * server gets at least a whole /64 and picks any address in it at will, so counting single IPv6
 * addresses would hand an attacker 2^64 fresh budgets. Anything unreadable is one shared client.
 */
export function clientAddressKey(ip: string | undefined): string {
  if (!ip || !ipaddr.isValid(ip)) return 'unbekannt';
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}
