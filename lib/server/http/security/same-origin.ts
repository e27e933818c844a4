import 'server-only';
import { hostName } from '@/lib/server/platform/allowed-hosts';

/**
 * Only Sluice's own pages may change anything or spend a key: an unsafe request
 * (POST, PUT, PATCH, DELETE) from a browser must come from the app's own origin.
 * Scripts and curl send neither Origin nor Sec-Fetch-Site and keep working; a
 * browser always sends one of them on a cross-site request.
 */
/** What the checks read of a request's headers: a Fetch `Headers`, or a view of Node's own (the proxy's lean path). */
export type RequestHeaders = Pick<Headers, 'get' | 'has'>;

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isUnsafe(method: string): boolean {
  return UNSAFE.has(method.toUpperCase());
}

/** Why a request may not act on this server, or undefined when it may. `host` is the (already allowed) Host header. */
export function crossOriginRefusal(method: string, headers: RequestHeaders): string | undefined {
  if (!isUnsafe(method)) return undefined;
  const origin = headers.get('origin');
  if (origin !== null) {
    if (origin === 'null') return 'Requests from an opaque origin (Origin: null) are refused.';
    let from: URL;
    try {
      from = new URL(origin);
    } catch {
      return `The Origin header "${origin.slice(0, 100)}" is not a URL.`;
    }
    const host = headers.get('host') ?? '';
    // Compared by host and port: behind a TLS-terminating proxy the scheme we see is not the page's.
    if (hostName(from.host) !== hostName(host) || portOf(from) !== portOf(new URL(`http://${host}`), from.protocol)) {
      return `Cross-origin requests are refused: ${from.origin} is not this app's origin.`;
    }
    return undefined;
  }
  const site = headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none')
    return `Cross-site requests are refused (Sec-Fetch-Site: ${site}).`;
  return undefined;
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };
function portOf(url: URL, protocol = url.protocol): string {
  return url.port || DEFAULT_PORTS[protocol] || '';
}
