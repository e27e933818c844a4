import type { UpstreamExchange } from '@/lib/sse/bff-marker';

/** The exchange with its whole request body (fetched from the stored reply) in place of the marker's cut one. */
export function withWholeBody(exchange: UpstreamExchange, body: unknown): UpstreamExchange {
  const request = { ...exchange.request, body };
  delete request.truncated;
  return { ...exchange, request };
}

const utf8Bytes = (text: string) => new TextEncoder().encode(text).byteLength;

/** A cut body says so: how much of how much, and that the rest is the stored reply's. */
export function cutNote(exchange: UpstreamExchange): string | undefined {
  const { truncated, body, bodyBytes } = exchange.request;
  if (!truncated) return undefined;
  const shown = utf8Bytes(String(body));
  // A number or nothing: a capture's field is not trusted into a shell comment.
  const of = typeof bodyBytes === 'number' && Number.isSafeInteger(bodyBytes) ? `its ${bodyBytes}` : 'its';
  return `The upstream marker carries the first ${shown} bytes of this body, not all ${of} bytes; the rest is stored with the reply.`;
}

/** The request body as the event log shows it: pretty JSON when whole, else its start and what was cut. */
export function requestBodyText(exchange: UpstreamExchange): string {
  const note = cutNote(exchange);
  return note ? `${String(exchange.request.body)}…\n\n(${note})` : JSON.stringify(exchange.request.body, null, 2);
}
