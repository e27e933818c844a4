import 'server-only';
import ipaddr from 'ipaddr.js';

/** One entry of SLUICE_TRUSTED_PROXIES: an address range. A bare address is a range of one. */
export type AddressRange = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * The address ranges in a comma- or space-separated list (`10.0.0.5`, `10.0.0.0/8`,
 * `::1`, `fd00::/8`); undefined names the first entry that is neither.
 */
export function parseTrustedProxies(text: string): { ranges: AddressRange[]; invalid?: string } {
  const ranges: AddressRange[] = [];
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const range = parseRange(entry);
    if (!range) return { ranges, invalid: entry };
    ranges.push(range);
  }
  return { ranges };
}

function parseRange(entry: string): AddressRange | undefined {
  try {
    if (entry.includes('/')) return ipaddr.parseCIDR(entry);
    const address = ipaddr.parse(entry);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return undefined;
  }
}

/**
 * Whether the peer that sent a request is one of the trusted proxies. `remote` is the
 * socket's own address (never a header: any client can write X-Forwarded-For); an
 * IPv4 peer seen on a dual-stack socket (`::ffff:10.0.0.5`) is read as its IPv4 address.
 */
export function fromTrustedProxy(remote: string | undefined, ranges: readonly AddressRange[]): boolean {
  if (!remote || ranges.length === 0 || !ipaddr.isValid(remote)) return false;
  const address = ipaddr.process(remote);
  return ranges.some(([base, bits]) => address.kind() === base.kind() && address.match(base, bits));
}
