import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { stampPeer } from '@/lib/server/auth/peer-address';
import { mountedAt } from './mounts';
import { nodeIo } from './node-io';
import { serveUpgrade } from './websocket-upgrade';

/** Where scripts/serve.mjs (plain JavaScript, outside the build) finds the two handlers: they meet on globalThis. */
const HANDLER = Symbol.for('sluice.lean-request');
const UPGRADE = Symbol.for('sluice.lean-upgrade');
/** Set by scripts/serve.mjs before Next.js runs instrumentation.ts: the server is Sluice's own, not `next start`'s. */
const OWN_SERVER = Symbol.for('sluice.own-server');

type Global = typeof globalThis & { [HANDLER]?: typeof leanRequest; [UPGRADE]?: typeof leanUpgrade; [OWN_SERVER]?: true };

/**
 * Serves `/proxy/…` (and `/replay/…`, `/cassette/…`: proxy/mounts.ts) from Sluice's HTTP
 * server before Next.js sees the request: through a route handler, Next.js's routing and
 * its Web streams added about 5 ms to the first byte, where an app's own proxy should add
 * under one (docs/decisions.md: "The recording proxy's lean path"; "The lean path on a
 * custom server"). Every request passes here first, for the peer stamp; true when it was
 * a mount's, and is being served.
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

/**
 * A WebSocket upgrade, stamped with its peer as a request is; true when it is under a
 * mount, and taken (websocket-upgrade.ts answers every failure itself). The server calls
 * this before any listener of Next.js's, which ends the socket of a path a route matches.
 */
export function leanUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
  stampPeer(req);
  if (!mountedAt(req.url)) return false;
  void serveUpgrade(req, socket, head);
  return true;
}

/** Whether this process runs under Sluice's own server (scripts/serve.mjs) rather than `next start` or `next dev`. */
export function ownServer(): boolean {
  return (globalThis as Global)[OWN_SERVER] === true;
}

/**
 * Called by instrumentation.ts as the server starts: hands `leanRequest` and `leanUpgrade`
 * to Sluice's own server (scripts/serve.mjs, a Next.js custom server: its documented
 * seam), which calls them for every request and upgrade before Next.js's handlers. Under
 * `next start` or `next dev`, and for a request that comes before this ran, the same proxy
 * answers through app/proxy/[...path]/route.ts (and its replay and cassette siblings),
 * only slower, and a WebSocket upgrade is answered 501.
 */
export function handLeanPathToServer(): void {
  (globalThis as Global)[HANDLER] = leanRequest;
  (globalThis as Global)[UPGRADE] = leanUpgrade;
}
