import 'server-only';
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';
import { stampPeer } from '../auth/peer-address';
import { mountedAt } from './mounts';
import { nodeIo } from './node-io';

const INSTALLED = Symbol.for('sluice.proxy-lean-path');
/** Where scripts/serve.mjs (plain JavaScript, outside the build) finds `leanRequest`: the two meet on globalThis. */
const HANDLER = Symbol.for('sluice.lean-request');
/** Set by scripts/serve.mjs before Next.js runs instrumentation.ts: the server is Sluice's own, not `next start`'s. */
const OWN_SERVER = Symbol.for('sluice.own-server');

type Global = typeof globalThis & { [HANDLER]?: typeof leanRequest; [OWN_SERVER]?: true };

/**
 * Serves `/proxy/…` (and `/replay/…`, `/cassette/…`: proxy/mounts.ts) from this process' HTTP server before Next.js sees the request:
 * through a route handler, Next.js's routing and its Web streams added about 5 ms to
 * the first byte, where an app's own proxy should add under one
 * (docs/decisions.md: "The recording proxy's lean path"). Every request passes here
 * first, for the peer stamp; true when it was a mount's, and is being served.
 */
export function leanRequest(req: IncomingMessage, res: ServerResponse): boolean {
  // The one place that sees the socket (lib/server/auth/peer-address.ts).
  stampPeer(req);
  const serve = mountedAt(req.url);
  if (!serve) return false;
  serve(nodeIo(req, res)).catch((error: unknown) => {
    console.error(`sluice: the proxy failed: ${error instanceof Error ? error.message : String(error)}`);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
    res.end();
  });
  return true;
}

/** Whether this process runs under Sluice's own server (scripts/serve.mjs) rather than `next start`. */
export function ownServer(): boolean {
  return (globalThis as Global)[OWN_SERVER] === true;
}

/**
 * Called by instrumentation.ts as the server starts. Under scripts/serve.mjs (a Next.js
 * custom server, documented): hands it `leanRequest`, which it calls for every request
 * before Next.js's. Under `next start`, which exposes no hook before its router, the
 * server's `request` event is taken for the same (PROTOTYPE: kept for the A/B, to go);
 * a request that comes before that (or under `next dev`) reaches the same proxy through
 * app/proxy/[...path]/route.ts.
 */
export function installLeanPath(): void {
  (globalThis as Global)[HANDLER] = leanRequest;
  if (ownServer() || process.env.SLUICE_LEAN_EMIT === '0') return;
  const proto = Server.prototype as Server & { [INSTALLED]?: true };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  const emit = proto.emit;
  proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'request') {
      const [req, res] = args as [IncomingMessage, ServerResponse];
      if (leanRequest(req, res)) return true;
    }
    return (emit as (...all: unknown[]) => boolean).call(this, event, ...args);
  } as typeof proto.emit;
}
