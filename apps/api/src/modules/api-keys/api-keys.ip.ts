import { BlockList, isIP } from 'node:net';

/**
 * docs/product.md §5: the IP whitelist is comma-separated addresses or CIDR ranges; an empty
 * list allows all IPs. IPv4 clients seen through an IPv6 socket (::ffff:a.b.c.d) match IPv4 entries.
 */
export function ipAllowed(whitelist: readonly string[], ip: string): boolean {
  if (whitelist.length === 0) return true;
  const client = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(client);
  if (family === 0) return false;
  const list = new BlockList();
  for (const entry of whitelist) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (isIP(address) === 0) continue;
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list.check(client, family === 6 ? 'ipv6' : 'ipv4');
}
