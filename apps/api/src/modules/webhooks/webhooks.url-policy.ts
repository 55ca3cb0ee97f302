import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { webhookTexts } from '@carbonledger/contracts';
import { AppError } from '../../lib/app-error';

/**
 * Where webhooks may be sent (docs/product.md §2 /webhooks). In production an endpoint is https
 * and reaches a public address only: a URL naming, or resolving to, a private, loopback,
 * link-local or otherwise special address is refused, so that a webhook cannot be used to
 * reach the platform's own network (SSRF). The check runs when the URL is saved and again
 * at every delivery, on the address the connection is really made to (a name may resolve
 * elsewhere later: DNS rebinding). Outside production (test, development) any http(s) URL is
 * allowed, so that a receiver on 127.0.0.1 can be used.
 */
export interface UrlPolicy {
  production: boolean;
}

const special = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  special.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  special.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is a public unicast one: not private, loopback, link-local, multicast, reserved or documentation. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !special.check(address, 'ipv4');
  if (family !== 6) return false;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is that IPv4 address.
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  return !special.check(address, 'ipv6');
}

/** The host of a URL as a resolver or isIP takes it (IPv6 literals lose their brackets). */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** A refused URL is a problem of the url field, with the domain code clients branch on. */
function urlRefusal(reason: 'WEBHOOK__HTTPS_REQUIRED' | 'WEBHOOK__PRIVATE_TARGET' | 'WEBHOOK__UNRESOLVABLE'): AppError {
  const texts = {
    WEBHOOK__HTTPS_REQUIRED: webhookTexts.httpsRequired,
    WEBHOOK__PRIVATE_TARGET: webhookTexts.privateTarget,
    WEBHOOK__UNRESOLVABLE: webhookTexts.unresolvable,
  };
  return new AppError(reason, undefined, { fields: { url: [texts[reason]] } });
}

async function resolveAll(host: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses.map((entry) => entry.address))));
  });
}

/** Refuses a URL a webhook may not be saved with; in production it resolves the host and checks every address. */
export async function assertAllowedWebhookUrl(raw: string, policy: UrlPolicy): Promise<void> {
  const url = new URL(raw);
  if (!policy.production) return;
  if (url.protocol !== 'https:') throw urlRefusal('WEBHOOK__HTTPS_REQUIRED');
  const host = hostOf(url);
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw urlRefusal('WEBHOOK__PRIVATE_TARGET');
    return;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) throw urlRefusal('WEBHOOK__PRIVATE_TARGET');
  let addresses: string[];
  try {
    addresses = await resolveAll(host);
  } catch {
    throw urlRefusal('WEBHOOK__UNRESOLVABLE');
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) throw urlRefusal('WEBHOOK__PRIVATE_TARGET');
}

/** Why a delivery was not even attempted, recorded in the delivery log. */
export class RefusedTargetError extends Error {
  constructor(address: string) {
    super(`Refused: ${address} is not a public address`);
    this.name = 'RefusedTargetError';
  }
}

/**
 * The resolver a production delivery connects through: the connection goes to the address
 * checked here, never to one a second lookup could give. Node skips the resolver for IP
 * literals, which `deliveryTargetRefusal` checks before connecting.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused || addresses.length === 0) return callback(new RefusedTargetError(refused?.address ?? hostname), '', 0);
    // With `all`, Node's own lookup answers the list; the callback's type only describes the single-address form.
    if (options.all) return (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** The reason a delivery to this URL must not be attempted under the policy, or null. */
export function deliveryTargetRefusal(url: URL, policy: UrlPolicy): string | null {
  if (!policy.production) return null;
  if (url.protocol !== 'https:') return 'Refused: the endpoint URL does not use https';
  const host = hostOf(url);
  if (isIP(host) && !isPublicAddress(host)) return new RefusedTargetError(host).message;
  return null;
}
