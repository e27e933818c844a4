import 'server-only';
import { SECRET_NAME } from '@/lib/providers/secrets';
import type { Provider } from '@/lib/providers/types';
import type { UpstreamRequest } from '@/lib/protocols/request-types';
import type { bffMarkers, UpstreamExchange } from '@/lib/sse/bff-marker';
import type { UpstreamResponse } from '../relay/http-client';
import { redact } from '../redact';

const SECRET_QUERY = /([?&](?:key|api_key|apikey|token|access_token)=)[^&]*/gi;
export const REDACTED = '[redacted]';

/** A header value as shown: redacted when the name says it is secret or the config set it (its values are secrets). */
function redactHeaders(headers: Iterable<[string, string]>, configured: Set<string>): Record<string, string> {
  return Object.fromEntries(
    [...headers].map(([name, value]) => [name, SECRET_NAME.test(name) || configured.has(name.toLowerCase()) ? REDACTED : value]),
  );
}

/**
 * What was sent upstream and how it answered, as the upstream marker. Secrets are
 * redacted by header name, by configured header, by query parameter, and by value
 * wherever else one appears (the body, the response's headers).
 */
export function exchangeMarker(
  request: UpstreamRequest,
  response: UpstreamResponse,
  provider: Provider,
  markers: ReturnType<typeof bffMarkers>,
): string {
  const configured = new Set(Object.keys(provider.headers).map((name) => name.toLowerCase()));
  const exchange: UpstreamExchange = {
    request: {
      method: request.method,
      url: request.url.replace(SECRET_QUERY, `$1${REDACTED}`),
      headers: redactHeaders(Object.entries(request.headers), configured),
      body: request.body,
    },
    response: { status: response.status, headers: redactHeaders(response.headers.entries(), new Set()) },
    ...(provider.apiKeyEnv ? { apiKeyEnv: provider.apiKeyEnv } : {}),
  };
  return redact(markers.upstream(exchange), provider.secrets);
}
