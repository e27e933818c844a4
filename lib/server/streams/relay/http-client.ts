import 'server-only';
import { STATUS_CODES } from 'node:http';
import type { Readable } from 'node:stream';
import { Agent, Client, errors, request, type Dispatcher } from 'undici';

/**
 * One shared keep-alive pool for every upstream: undici's request API. Reading a
 * stream of small chunks, it costs far less CPU than node:http's client, and global
 * fetch (undici behind WHATWG streams) costs more per request
 * (docs/decisions.md: "Upstream client: undici's request API"). The relay has its own
 * idle limit, and sendUpstream its own wait for headers: undici's timeouts are off.
 */
export const upstreamPool = new Agent({ connections: 512, headersTimeout: 0, bodyTimeout: 0 });

export class UpstreamConnectError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** An upstream's body: bytes as they arrive ('data', then 'end'; 'error' if the connection breaks); destroy() closes it. */
export type UpstreamBody = Readable;

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(raw)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

/** An upstream's answer at its headers; the body is read by whoever takes it. */
export interface UpstreamResponse {
  status: number;
  statusText: string;
  headers: Headers;
  body: UpstreamBody;
}

/** Reads a whole (error) body, bounded. */
export async function readText(body: UpstreamBody, limit: number): Promise<string> {
  const decoder = new TextDecoder(); // one decoder for the whole body: a character may be split across chunks
  let text = '';
  for await (const chunk of body) {
    text += decoder.decode(chunk as Uint8Array, { stream: true });
    if (text.length > limit) {
      body.destroy();
      return text.slice(0, limit);
    }
  }
  return (text + decoder.decode()).slice(0, limit);
}

/** Hop-by-hop headers are the connection's business (undici refuses them): a provider's configured headers never set them. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'expect', 'host', 'content-length']);

/**
 * A pooled connection the upstream closed while it sat idle (its keep-alive timeout
 * ran out just as we reused it) fails at once, before any answer: that request is sent
 * again on a connection of its own (the pool might hand out another stale one), as
 * Node's documentation advises. A connection that had read nothing before failing was
 * fresh, and its request is not sent again.
 */
const staleConnection = (error: unknown) => error instanceof errors.SocketError && (error.socket?.bytesRead ?? 0) > 0;

/** POSTs a body and resolves at the response headers. */
export async function postStreaming(
  url: string,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<UpstreamResponse> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new UpstreamConnectError(`unsupported protocol ${target.protocol}`);
  const sent = Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
  const attempt = async (dispatcher: Dispatcher): Promise<UpstreamResponse> => {
    try {
      const response = await request(target, { method: 'POST', headers: sent, body, signal, dispatcher });
      return {
        status: response.statusCode,
        statusText: response.statusText || STATUS_CODES[response.statusCode] || '',
        headers: toHeaders(response.headers),
        body: response.body,
      };
    } catch (error) {
      if (signal.aborted) throw error;
      if (dispatcher === upstreamPool && staleConnection(error)) {
        const own = new Client(target.origin, { headersTimeout: 0, bodyTimeout: 0 });
        // Closes once this one request, body included, is done.
        return attempt(own).finally(() => void own.close());
      }
      const { message, code } = error as NodeJS.ErrnoException;
      throw new UpstreamConnectError(message, code);
    }
  };
  return attempt(upstreamPool);
}
