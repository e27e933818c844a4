import { Readable } from 'node:stream';
import type { OutgoingHttpHeaders } from 'node:http';
import { serveProxy, type ProxyIo } from '@/lib/server/proxy/forward';

/**
 * The recording proxy through Next.js: only for a request that reaches the server
 * before instrumentation.ts installed the lean path (lib/server/proxy/lean-path.ts),
 * and under `next dev`. The same proxy, its exchange carried by Web streams.
 */
export const dynamic = 'force-dynamic';

function responseHeaders(headers: OutgoingHttpHeaders): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) out.append(name, String(one));
  }
  return out;
}

function handle(request: Request): Promise<Response> {
  return new Promise((resolve) => {
    const url = new URL(request.url);
    let out!: ReadableStreamDefaultController<Uint8Array>;
    let drained: (() => void) | undefined;
    let closed: (() => void) | undefined;
    const stream = new ReadableStream<Uint8Array>(
      {
        start: (controller) => void (out = controller),
        pull: () => {
          const next = drained;
          drained = undefined;
          next?.();
        },
        cancel: () => closed?.(),
      },
      { highWaterMark: 1 },
    );
    const io: ProxyIo = {
      method: request.method,
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      ...(request.body ? { body: Readable.fromWeb(request.body as import('node:stream/web').ReadableStream) } : {}),
      writeHead: (status, headers) =>
        resolve(
          new Response(status === 204 || status === 304 || request.method === 'HEAD' ? null : stream, {
            status,
            headers: responseHeaders(headers),
          }),
        ),
      write: (chunk) => {
        out.enqueue(chunk);
        return (out.desiredSize ?? 1) > 0;
      },
      end: () => out.close(),
      destroy: () => out.error(new Error('The upstream connection broke.')),
      onDrain: (listener) => void (drained = listener),
      onClose: (listener) => {
        closed = listener;
        request.signal.addEventListener('abort', listener, { once: true });
      },
    };
    void serveProxy(io);
  });
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
export const HEAD = handle;
export const OPTIONS = handle;
