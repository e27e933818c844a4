import 'server-only';
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { stampPeer } from '../auth/peer-address';
import { mountedAt } from './mounts';
import { nodeIo } from './node-io';
import { serveUpgrade } from './websocket-upgrade';

const INSTALLED = Symbol.for('sluice.proxy-lean-path');

/**
 * Serves `/proxy/…` (and `/replay/…`, `/cassette/…`: proxy/mounts.ts) from this process' HTTP server before Next.js sees the request:
 * through a route handler, Next.js's routing and its Web streams added about 5 ms to
 * the first byte, where an app's own proxy should add under one
 * (docs/decisions.md: "The recording proxy's lean path"). Next.js exposes no hook
 * for a request before its router, so the server's `request` event is taken here, for
 * `/proxy/` paths only; every other request goes on to Next.js untouched. Installed
 * by instrumentation.ts as the server starts; a request that comes before that (or
 * under `next dev`) reaches the same proxy through app/proxy/[...path]/route.ts.
 *
 * A WebSocket upgrade under a mount is taken the same way, from the server's `upgrade`
 * event (websocket-upgrade.ts), and never reaches Next.js's own upgrade listener, which
 * would end a socket whose path a route matches without a word.
 */
export function installLeanPath(): void {
  const proto = Server.prototype as Server & { [INSTALLED]?: true };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  const emit = proto.emit;
  proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'request') {
      const [req, res] = args as [IncomingMessage, ServerResponse];
      // Every request passes here first: the one place that sees its socket (lib/server/auth/peer-address.ts).
      stampPeer(req);
      const serve = mountedAt(req.url);
      if (serve) {
        serve(nodeIo(req, res)).catch((error: unknown) => {
          console.error(`sluice: the proxy failed: ${error instanceof Error ? error.message : String(error)}`);
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
          res.end();
        });
        return true;
      }
    } else if (event === 'upgrade') {
      const [req, socket, head] = args as [IncomingMessage, Duplex, Buffer];
      if (leanUpgrade(req, socket, head)) return true;
    }
    return (emit as (...all: unknown[]) => boolean).call(this, event, ...args);
  } as typeof proto.emit;
}

/**
 * A WebSocket upgrade, stamped with its peer as a request is; true when it is under a
 * mount, and taken (websocket-upgrade.ts answers every failure itself). Whatever
 * dispatches the server's `upgrade` event must call this before any listener of
 * Next.js's, which ends the socket of a path a route matches.
 */
export function leanUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
  stampPeer(req);
  if (!mountedAt(req.url)) return false;
  void serveUpgrade(req, socket, head);
  return true;
}
