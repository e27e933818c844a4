import 'server-only';
import { textTokens } from '@/lib/assemble/counted-usage';
import { SECRET_NAME } from '@/lib/providers/secrets';
import type { Provider } from '@/lib/providers/types';
import type { UpstreamRequest } from '@/lib/protocols/request-types';
import { UPSTREAM_MARKER_BODY_BYTES, type bffMarkers, type ExchangeTiming, type UpstreamExchange } from '@/lib/sse/bff-marker';
import type { UpstreamResponse } from './relay/http-client';
import { redact } from '@/lib/server/platform/redact';
import { utf8Start } from '@/lib/server/platform/utf8-start';

const SECRET_QUERY = /([?&](?:key|api_key|apikey|token|access_token)=)[^&]*/gi;
export const REDACTED = '[redacted]';

/** A header value as shown: redacted when the name says it is secret or the config set it (its values are secrets). */
function redactHeaders(headers: Iterable<[string, string]>, configured: Set<string>): Record<string, string> {
  return Object.fromEntries(
    [...headers].map(([name, value]) => [name, SECRET_NAME.test(name) || configured.has(name.toLowerCase()) ? REDACTED : value]),
  );
}

/** The upstream request's body as sent, secrets redacted: its text, its size, and whether the marker must cut it. */
export interface SentBody {
  text: string;
  bytes: number;
  /** Longer than the marker carries: the marker has its start, the store has it whole. */
  cut: boolean;
}

export function sentBody(request: UpstreamRequest, provider: Pick<Provider, 'secrets'>): SentBody {
  const text = redact(JSON.stringify(request.body), provider.secrets);
  const bytes = Buffer.byteLength(text);
  return { text, bytes, cut: bytes > UPSTREAM_MARKER_BODY_BYTES };
}

/**
 * What was sent upstream and how it answered, as the upstream marker. Secrets are
 * redacted by header name, by configured header, by query parameter, and by value
 * wherever else one appears (the body, the response's headers). A long body is cut
 * (after its secrets are redacted, so a cut never splits one out of sight): its whole
 * text is stored with the reply, `messageId` says which.
 */
export function exchangeMarker(
  request: UpstreamRequest,
  response: UpstreamResponse,
  provider: Provider,
  markers: ReturnType<typeof bffMarkers>,
  { messageId, body, timing }: { messageId: string; body: SentBody; timing: ExchangeTiming },
): string {
  const configured = new Set(Object.keys(provider.headers).map((name) => name.toLowerCase()));
  const exchange: UpstreamExchange = {
    request: {
      method: request.method,
      url: request.url.replace(SECRET_QUERY, `$1${REDACTED}`),
      headers: redactHeaders(Object.entries(request.headers), configured),
      ...(body.cut
        ? { body: utf8Start(body.text, UPSTREAM_MARKER_BODY_BYTES), bodyBytes: body.bytes, truncated: true as const }
        : { body: request.body, bodyBytes: body.bytes }),
    },
    response: { status: response.status, headers: redactHeaders(response.headers.entries(), new Set()) },
    ...(provider.apiKeyEnv ? { apiKeyEnv: provider.apiKeyEnv } : {}),
    messageId,
    inputTokensEstimate: textTokens(body.text),
    timing,
  };
  return redact(markers.upstream(exchange), provider.secrets);
}
