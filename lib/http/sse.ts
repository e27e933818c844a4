/**
 * The head of every answer that is a stream of Server-Sent Events, from either server:
 * no transform or buffering on the way (`no-transform` for compressing proxies,
 * `x-accel-buffering` for nginx), never cached.
 */
export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

/** An answer of Server-Sent Events: `headers` come after (and may override) SSE_HEADERS. */
export function sseResponse(
  body: ReadableStream<Uint8Array>,
  { status = 200, headers = {} }: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return new Response(body, { status, headers: { ...SSE_HEADERS, ...headers } });
}
