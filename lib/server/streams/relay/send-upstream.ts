import 'server-only';
import type { UpstreamRequest } from '@/lib/protocols/request-types';
import { ApiError } from '@/lib/server/http/errors';
import { readErrorBody } from './error-body';
import { postStreaming, UpstreamConnectError, type UpstreamResponse } from './http-client';

export interface UpstreamOptions {
  /** How long to wait for the upstream's response headers. */
  headersTimeoutMs: number;
  signal: AbortSignal;
  secrets: (string | undefined)[];
}

/** The upstream's own words for its error, whatever its body shape. */
function upstreamMessage(body: string): string | undefined {
  try {
    const json = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof json.error === 'string') return json.error;
    if (typeof json.error?.message === 'string') return json.error.message;
    if (typeof json.message === 'string') return json.message;
  } catch {
    // not JSON
  }
  return undefined;
}

/**
 * Sends the upstream request. Resolves with a streaming SSE response; everything
 * else becomes an ApiError: upstream 4xx passed on with its own message, 5xx and
 * non-SSE bodies as 502, refused connections as 502, no headers in time as 504.
 */
export async function sendUpstream(request: UpstreamRequest, options: UpstreamOptions): Promise<UpstreamResponse> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.headersTimeoutMs);
  let response: UpstreamResponse;
  try {
    // Identity: a compressed stream would arrive in bursts.
    response = await postStreaming(
      request.url,
      { ...request.headers, 'accept-encoding': 'identity' },
      JSON.stringify(request.body),
      AbortSignal.any([options.signal, timeout.signal]),
    );
  } catch (error) {
    if (timeout.signal.aborted) {
      throw new ApiError(
        504,
        'upstream_timeout',
        `The upstream did not answer within ${options.headersTimeoutMs / 1000} s (${new URL(request.url).origin}).`,
      );
    }
    if (options.signal.aborted || !(error instanceof UpstreamConnectError)) throw error;
    throw new ApiError(
      502,
      'upstream_unreachable',
      `Cannot reach the upstream at ${new URL(request.url).origin}: ${error.message}` +
        `${error.code && !error.message.includes(error.code) ? ` (${error.code})` : ''}.`,
    );
  } finally {
    clearTimeout(timer);
  }

  // Its body goes with the error, bounded and marked when cut: the message quotes only its start.
  if (response.status < 200 || response.status >= 300) {
    const body = await readErrorBody(response, options.secrets);
    const text = body.upstreamBody ?? '';
    const status = response.status >= 500 ? 502 : response.status;
    const said = upstreamMessage(text) ?? (text.trim().slice(0, 300) || response.statusText);
    throw new ApiError(status, 'upstream_error', `The upstream answered HTTP ${response.status}: ${said}`, {
      upstreamStatus: response.status,
      ...body,
    });
  }
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream')) {
    const body = await readErrorBody(response, options.secrets);
    throw new ApiError(
      502,
      'upstream_not_sse',
      `The upstream answered ${type || 'no content type'}, not an event stream: ${(body.upstreamBody ?? '').trim().slice(0, 300)}`,
      { upstreamStatus: response.status, ...body },
    );
  }
  return response;
}
