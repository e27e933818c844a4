import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ProxyIo } from './proxy-io';

/** A Node request and response as the proxy's exchange: the lean path, with nothing between the socket and the proxy. */
export function nodeIo(req: IncomingMessage, res: ServerResponse): ProxyIo {
  return {
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    headers: req.headers,
    body: req,
    writeHead: (status, headers) => void res.writeHead(status, headers),
    flushHead: () => res.flushHeaders(),
    write: (chunk) => res.write(chunk),
    end: () => void res.end(),
    destroy: () => void res.destroy(),
    onDrain: (listener) => void res.once('drain', listener),
    // 'close' on the response comes after a normal end too: only an early one is the app hanging up.
    onClose: (listener) => void res.once('close', () => !res.writableFinished && listener()),
  };
}
