import 'server-only';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { SECRET_NAME } from '@/lib/providers/secrets';
import type { Provider } from '@/lib/providers/types';
import { protocolModule } from '@/lib/protocols/registry';
import { keyHeadersOf } from '@/lib/protocols/request-types';
import { PLACEHOLDER_KEY } from '@/scripts/with-env.mjs';
import { REDACTED } from '@/lib/server/streams/exchange';
import { PEER_HEADER } from '../auth/peer-address';
import {
  CREDENTIAL_HEADERS,
  CREDENTIAL_QUERY,
  decodedQueryValue,
  isSluiceToken,
  TOKEN_HEADER,
  withoutScheme,
} from '../auth/tokens/sluice-token';

export { CREDENTIAL_QUERY };

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

/**
 * `npm run with` gives an app that has no key of its own a placeholder (the SDKs refuse
 * to start without one): it stands for "use the key Sluice has", and never goes upstream.
 * A Sluice token sent as the SDK's key stands for the same (and is the proxy's, never
 * the upstream's: lib/server/auth/tokens/sluice-token.ts finds it in every form).
 */
const standsForOwnKey = (value: string | string[] | undefined) =>
  isSluiceToken(value) || (typeof value === 'string' && withoutScheme(value) === PLACEHOLDER_KEY);

const queryStandsForOwnKey = (raw: string) => {
  const value = decodedQueryValue(raw);
  return value === PLACEHOLDER_KEY || isSluiceToken(value);
};

/** Whether the app sent a credential of its own (the placeholder or a Sluice token is none). */
export function ownCredential(headers: IncomingHttpHeaders, url: string): boolean {
  if (CREDENTIAL_HEADERS.some((name) => headers[name] !== undefined && !standsForOwnKey(headers[name]))) return true;
  // No parameter without an "=": most URLs are not searched.
  return url.includes('=') && [...url.matchAll(CREDENTIAL_QUERY)].some((match) => !queryStandsForOwnKey(match[2]!));
}

/** Whether a URL's query may hold a credential (no `g`: `test` keeps no state). */
const CREDENTIAL_QUERY_NAMED = /[?&](?:key|api_key|apikey|token|access_token)=/i;

const CREDENTIAL_PARAM = /^(?:key|api_key|apikey|token|access_token)=/i;

/** The app's URL without the placeholder key or a Sluice token in its query (either is the proxy's, not the upstream's). */
export function withoutPlaceholder(url: string): string {
  const query = url.indexOf('?');
  if (query === -1 || !CREDENTIAL_QUERY_NAMED.test(url)) return url;
  const kept = url
    .slice(query + 1)
    .split('&')
    .filter((param) => !(CREDENTIAL_PARAM.test(param) && queryStandsForOwnKey(param.slice(param.indexOf('=') + 1))));
  return url.slice(0, query) + (kept.length ? `?${kept.join('&')}` : '');
}

/** The credential values the app sent, so they are redacted wherever they appear (a body may quote one). */
export function credentialValues(headers: IncomingHttpHeaders, url: string): string[] {
  const values: string[] = [];
  for (const name of [...CREDENTIAL_HEADERS, TOKEN_HEADER]) {
    const value = headers[name];
    if (typeof value !== 'string') continue;
    values.push(value, withoutScheme(value));
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
    if (CREDENTIAL_HEADERS.includes(name) && standsForOwnKey(value)) continue;
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

/**
 * Headers as a capture keeps them: credential-bearing ones (by name) redacted, lists
 * joined, and without the peer stamp this process adds to every request it receives
 * (auth/peer-address.ts): none of the app's, and it carries the process' secret.
 */
export function shownHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === PEER_HEADER) continue;
    shown[name] = SECRET_NAME.test(name) ? REDACTED : Array.isArray(value) ? value.join(', ') : value;
  }
  return shown;
}
