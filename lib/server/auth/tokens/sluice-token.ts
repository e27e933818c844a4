import 'server-only';
import type { IncomingHttpHeaders } from 'node:http';
import { TOKEN_PREFIX } from '@/lib/server/store/token-store';

/** The header a client sends a token in when its SDK's API key is its provider's own. */
export const TOKEN_HEADER = 'x-sluice-token';

/** Headers a client's SDK sends its API key in (Bearer for OpenAI's, x-api-key Anthropic's, x-goog-api-key Gemini's, api-key Azure's). */
export const CREDENTIAL_HEADERS = ['authorization', 'x-api-key', 'x-goog-api-key', 'api-key'];
/** Query parameters that carry a credential (Gemini's `?key=`). */
export const CREDENTIAL_QUERY = /([?&](?:key|api_key|apikey|token|access_token)=)([^&]*)/gi;

/** A credential's value without its scheme ("Bearer sk-…" → "sk-…"). */
export const withoutScheme = (value: string) => value.replace(/^(Bearer|Basic|Token)\s+/i, '');

/** Whether a credential (a header's value, with or without its scheme, or a query's) is a Sluice token. */
export const isSluiceToken = (value: string | string[] | undefined): boolean =>
  typeof value === 'string' && withoutScheme(value.trim()).startsWith(TOKEN_PREFIX);

/** A token found in a request; `conflicting`: two different ones, in two forms (refused, never one picked). */
export type FoundToken = { token: string } | { conflicting: true };

type AnyHeaders = Headers | IncomingHttpHeaders;

function headerOf(headers: AnyHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** A query's value as the server reads it (percent-decoded): a token percent-encoded is still a token. */
export function decodedQueryValue(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' ')).trim();
  } catch {
    return value;
  }
}

/**
 * The one function that finds a Sluice token in a request, in every form a client may
 * send one: `x-sluice-token`, or as its SDK's API key (`Authorization: Bearer`,
 * `x-api-key`, `x-goog-api-key`, `api-key`, `?key=` and its kin). Any credential with the
 * prefix is a token, whichever form it came in (CVE-2026-45339: a key restriction was
 * skipped when the key came in another header), so the proxy and the API decide alike,
 * and the proxy never forwards one. `url`: the request's path and query, or whole.
 */
export function sluiceToken(headers: AnyHeaders, url: string): FoundToken | undefined {
  const found = new Set<string>();
  const own = headerOf(headers, TOKEN_HEADER);
  // Any value in Sluice's own header is meant as a token: a wrong one is refused, not ignored.
  if (own !== undefined) found.add(withoutScheme(own.trim()));
  for (const name of CREDENTIAL_HEADERS) {
    const value = headerOf(headers, name);
    if (isSluiceToken(value)) found.add(withoutScheme(value!.trim()));
  }
  if (url.includes('?'))
    for (const match of url.matchAll(CREDENTIAL_QUERY)) {
      const value = decodedQueryValue(match[2]!);
      if (isSluiceToken(value)) found.add(value);
    }
  if (found.size === 0) return undefined;
  if (found.size > 1) return { conflicting: true };
  return { token: [...found][0]! };
}
