import 'server-only';
import type { OutgoingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { ProxyIo } from './proxy-io';

function responseHeaders(headers: OutgoingHttpHeaders): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) out.append(name, String(one));
  }
  return out;
}

/**
 * A Next.js route's Request as the proxy's exchange, answered with a streamed Response
 * once the proxy writes its head: the fallback beside the lean path (`lean-path.ts`).
 */
export function serveThroughRoute(request: Request, serve: (io: ProxyIo) => Promise<void>): Promise<Response> {
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
      ...(request.body ? { body: Readable.fromWeb(request.body as NodeReadableStream) } : {}),
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
    void serve(io);
  });
}

/** A fallback route's seven method handlers, each serving through the route as above. */
export function routeMethods(serve: (io: ProxyIo) => Promise<void>) {
  const handle = (request: Request) => serveThroughRoute(request, serve);
  return { GET: handle, POST: handle, PUT: handle, PATCH: handle, DELETE: handle, HEAD: handle, OPTIONS: handle };
}
