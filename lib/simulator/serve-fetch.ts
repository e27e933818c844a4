import { createServer, type IncomingMessage, type Server } from 'node:http';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';

export type FetchHandler = (request: Request) => Promise<Response> | Response;

function toRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const host = req.headers.host ?? '127.0.0.1';
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(`http://${host}${req.url ?? '/'}`, {
    method: req.method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * Serves a standard fetch handler over plain Node HTTP: headers flushed at once,
 * body written as it comes with backpressure, the request aborted when the peer leaves.
 */
export function serveFetch(handler: FetchHandler): Server {
  return createServer(async (req, res) => {
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    try {
      const response = await handler(toRequest(req, abort.signal));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.flushHeaders();
      if (response.body) {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          if (!res.write(chunk)) await once(res, 'drain');
        }
      }
      res.end();
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: String(error) } }));
    }
  });
}

export async function listen(server: Server, port = 0, host = '127.0.0.1'): Promise<string> {
  server.listen(port, host);
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  return `http://${host}:${address.port}`;
}
