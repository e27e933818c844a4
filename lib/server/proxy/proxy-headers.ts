import 'server-only';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { SECRET_NAME } from '@/lib/providers/secrets';
import type { Provider } from '@/lib/providers/types';
import { protocolModule } from '@/lib/protocols/registry';
import { keyHeadersOf } from '@/lib/protocols/request-types';
import { PLACEHOLDER_KEY } from '@/scripts/with-env.mjs';
import { REDACTED } from '../chat/exchange';

/** A connection's own headers (RFC 9110 §7.6.1), never forwarded either way; `host` is the upstream's, set by the client. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

/** Headers a client sends that carry its own credential: it is passed through, and the configured key is not added. */
const CREDENTIAL_HEADERS = ['authorization', 'x-api-key', 'x-goog-api-key', 'api-key'];
/** Query parameters that carry a credential (Gemini's `?key=`). */
export const CREDENTIAL_QUERY = /([?&](?:key|api_key|apikey|token|access_token)=)([^&]*)/gi;

/**
 * `npm run with` gives an app that has no key of its own a placeholder (the SDKs refuse
 * to start without one): it stands for "use the key Sluice has", and never goes upstream.
 */

const isPlaceholder = (value: string | string[] | undefined) =>
  typeof value === 'string' && value.replace(/^(Bearer|Basic|Token)\s+/i, '') === PLACEHOLDER_KEY;

/** Whether the app sent a credential of its own (the placeholder is none). */
export function ownCredential(headers: IncomingHttpHeaders, url: string): boolean {
  if (CREDENTIAL_HEADERS.some((name) => headers[name] !== undefined && !isPlaceholder(headers[name]))) return true;
  // No parameter without an "=": most URLs are not searched.
  return url.includes('=') && [...url.matchAll(CREDENTIAL_QUERY)].some((match) => match[2] !== PLACEHOLDER_KEY);
}

const PLACEHOLDER_QUERY = new RegExp(`([?&])(?:key|api_key|apikey|token|access_token)=${PLACEHOLDER_KEY}(&|$)`, 'g');

/** The app's URL without a placeholder key in its query. */
export function withoutPlaceholder(url: string): string {
  if (!url.includes(PLACEHOLDER_KEY)) return url;
  return url.replace(PLACEHOLDER_QUERY, (_m, before: string, after: string) => (before === '?' ? (after ? '?' : '') : after));
}

/** The credential values the app sent, so they are redacted wherever they appear (a body may quote one). */
export function credentialValues(headers: IncomingHttpHeaders, url: string): string[] {
  const values: string[] = [];
  for (const name of CREDENTIAL_HEADERS) {
    const value = headers[name];
    if (typeof value !== 'string') continue;
    values.push(value, value.replace(/^(Bearer|Basic|Token)\s+/i, ''));
  }
  for (const match of url.matchAll(CREDENTIAL_QUERY)) {
    try {
      values.push(decodeURIComponent(match[2]!));
    } catch {
      values.push(match[2]!);
    }
  }
  return values.filter((v) => v.length >= 8);
}

/** A provider's own headers for the proxy, worked out once per provider (its config is read once per process), not per request. */
interface ProviderHeaders {
  /** Its configured headers, names lowercased. */
  configured: [string, string][];
  /** Its key header(s), for a request that brings no credential of its own. */
  key: Record<string, string>;
  /** What its protocol sends with every request, key or not. */
  always: [string, string][];
}

const providerHeaders = new WeakMap<Provider, ProviderHeaders>();

function headersOf(provider: Provider): ProviderHeaders {
  let known = providerHeaders.get(provider);
  if (!known) {
    const key = protocolModule(provider.protocol).key;
    known = {
      configured: Object.entries(provider.headers).map(([name, value]) => [name.toLowerCase(), value]),
      key: keyHeadersOf(key, provider.apiKey),
      always: Object.entries(key.always ?? {}),
    };
    providerHeaders.set(provider, known);
  }
  return known;
}

/** What goes upstream: the app's headers less hop-by-hop ones, the provider's configured headers, and its key when the app sent none. */
export function upstreamHeaders(
  incoming: IncomingHttpHeaders,
  provider: Provider,
  withKey: boolean,
): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name.startsWith('x-forwarded-') || name === 'forwarded') continue;
    // Sluice's own (a cassette's choice) are for the proxy, not the upstream.
    if (name.startsWith('x-sluice-')) continue;
    if (CREDENTIAL_HEADERS.includes(name) && isPlaceholder(value)) continue;
    // Identity: a compressed stream would reach the capture compressed, and the app in bursts.
    if (name === 'accept-encoding') continue;
    headers[name] = value;
  }
  const own = headersOf(provider);
  for (const [name, value] of own.configured) headers[name] ??= value;
  if (withKey) Object.assign(headers, own.key);
  else for (const [name, value] of own.always) headers[name] ??= value;
  headers['accept-encoding'] = 'identity';
  return headers;
}

/** The upstream's answer's headers as the app gets them: less hop-by-hop ones (Node frames the body itself). */
export function downstreamHeaders(upstream: Record<string, string | string[] | undefined>): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(upstream)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  return headers;
}

/** Headers as a capture keeps them: credential-bearing ones (by name) redacted, lists joined. */
export function shownHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    shown[name] = SECRET_NAME.test(name) ? REDACTED : Array.isArray(value) ? value.join(', ') : value;
  }
  return shown;
}
