import type { Provider } from '@/lib/providers/types';
import type { UpstreamRequest } from '@/lib/protocols/request-types';
import { bffUpstream, type UpstreamExchange } from '@/lib/sse/bff-marker';
import type { UpstreamResponse } from '../relay/http-client';
import { redact } from '../redact';

const SECRET_HEADER = /authorization|api-?key|token|secret|cookie|password/i;
const SECRET_QUERY = /([?&](?:key|api_key|apikey|token|access_token)=)[^&]*/gi;

const redactHeaders = (headers: Iterable<[string, string]>) =>
  Object.fromEntries([...headers].map(([name, value]) => [name, SECRET_HEADER.test(name) ? '[redacted]' : value]));

/**
 * What was sent upstream and how it answered, as the `: sluice upstream` marker. Keys
 * are redacted by header name, by query parameter, and by value wherever else the
 * provider's key appears.
 */
export function exchangeMarker(request: UpstreamRequest, response: UpstreamResponse, provider: Provider): string {
  const exchange: UpstreamExchange = {
    request: { method: request.method, url: request.url.replace(SECRET_QUERY, '$1[redacted]'), headers: redactHeaders(Object.entries(request.headers)), body: request.body },
    response: { status: response.status, headers: redactHeaders(response.headers.entries()) },
    ...(provider.apiKeyEnv ? { apiKeyEnv: provider.apiKeyEnv } : {}),
  };
  return redact(bffUpstream(exchange), [provider.apiKey]);
}
