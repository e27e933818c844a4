import { describeFetchError } from '@/lib/providers/discover';
import type { UpstreamRequest } from '@/lib/protocols/request-types';
import { ApiError } from '../http-errors';
import { redact } from '../redact';

const MAX_ERROR_BODY = 64 * 1024;

export interface UpstreamOptions {
  /** How long to wait for the upstream's response headers. */
  headersTimeoutMs: number;
  signal: AbortSignal;
  secrets: (string | undefined)[];
}

async function readErrorBody(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  return text.slice(0, MAX_ERROR_BODY);
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
export async function sendUpstream(request: UpstreamRequest, options: UpstreamOptions): Promise<Response> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.headersTimeoutMs);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      // Identity: a compressed stream would arrive in bursts.
      headers: { ...request.headers, 'accept-encoding': 'identity' },
      body: JSON.stringify(request.body),
      signal: AbortSignal.any([options.signal, timeout.signal]),
    });
  } catch (error) {
    if (timeout.signal.aborted) {
      throw new ApiError(504, 'upstream_timeout', `The upstream did not answer within ${options.headersTimeoutMs / 1000} s (${new URL(request.url).origin}).`);
    }
    if (options.signal.aborted) throw error;
    throw new ApiError(502, 'upstream_unreachable', `Cannot reach the upstream at ${new URL(request.url).origin}: ${describeFetchError(error)}.`);
  } finally {
    clearTimeout(timer);
  }

  if (!response.ok) {
    const body = redact(await readErrorBody(response), options.secrets);
    const message = upstreamMessage(body);
    const status = response.status >= 500 ? 502 : response.status;
    const said = message ?? (body.trim().slice(0, 300) || response.statusText);
    throw new ApiError(status, 'upstream_error', `The upstream answered HTTP ${response.status}: ${said}`, { upstreamStatus: response.status, upstreamBody: body.slice(0, 2000) });
  }
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream')) {
    const body = redact(await readErrorBody(response), options.secrets);
    throw new ApiError(502, 'upstream_not_sse', `The upstream answered ${type || 'no content type'}, not an event stream: ${body.trim().slice(0, 300)}`, {
      upstreamStatus: response.status,
    });
  }
  return response;
}
