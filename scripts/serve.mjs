/**
 * The production server: Next.js as a custom server (its documented seam, `next({ dev:
 * false })`, `prepare()`, `getRequestHandler()`), with Sluice's own request handler in
 * front. The recording proxy's `/proxy/…`, `/replay/…` and `/cassette/…` are served
 * before Next.js's router, which adds ~5 ms to a first byte (docs/decisions.md: "The
 * recording proxy's lean path"); every other request goes to Next.js.
 *
 * That handler is compiled by `next build` like the rest (lib/server/proxy/lean-path.ts):
 * instrumentation.ts puts it on globalThis, where it is looked up per request. In
 * production `app.prepare()` does not wait for instrumentation.ts's register(): Next.js
 * starts it as it loads the build (NextNodeServer's constructor fires its own prepare())
 * and awaits it only before handling a request (base-server's handleRequest()), as under
 * `next start`. Until it ends, every request goes to Next.js, a mount's to its fallback
 * route (app/proxy/[...path]/route.ts). Plain JavaScript, outside the build, so it needs no
 * TypeScript loader; `npm start` (scripts/start.mjs) runs it, with HOST and PORT.
 */
import { createServer } from 'node:http';

const started = Date.now();
// What `next start` sets before it loads anything (next/dist/bin/next): React's production
// build, and the runtime instrumentation.ts checks for.
process.env.NODE_ENV ??= 'production';
process.env.NEXT_RUNTIME ??= 'nodejs';
// Tells instrumentation.ts it runs under this server: hand the lean path over, take the signals.
globalThis[Symbol.for('sluice.own-server')] = true;

const port = Number(process.env.PORT ?? '3000');
const hostname = process.env.HOST ?? '127.0.0.1';

const LEAN = Symbol.for('sluice.lean-request');

/** @type {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>} */
let handle;

const server = createServer((req, res) => {
  if (globalThis[LEAN]?.(req, res)) return;
  handle(req, res).catch((error) => {
    console.error(`sluice: ${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
});

// WebSocket upgrades under the proxy's mounts (lib/server/proxy/lean-path.ts: leanUpgrade), before
// any listener of Next.js's: once it has served a request, Next.js listens for upgrades too,
// and ends the socket of a path a route matches. The event is taken on this server object
// alone (never Node's prototype), and only for the mounts; an upgrade nobody takes is refused.
const LEAN_UPGRADE = Symbol.for('sluice.lean-upgrade');
const emit = server.emit;
server.emit = function (event, ...args) {
  if (event === 'upgrade' && globalThis[LEAN_UPGRADE]?.(...args)) return true;
  return emit.call(this, event, ...args);
};
server.on('upgrade', (_req, socket) => {
  // Only when Next.js has no listener of its own yet (or no more): then nobody takes it.
  if (server.listenerCount('upgrade') === 1)
    socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
});

const { default: next } = await import('next');
const app = next({ dev: false, hostname, port, httpServer: server });
// Loads the build's routes and config; instrumentation.ts runs with the first request (above).
await app.prepare();
handle = app.getRequestHandler();

server.on('error', (error) => {
  console.error(`sluice: the server failed: ${error.message}`);
  process.exit(1);
});
server.listen(port, hostname, () => {
  console.log(`▲ Sluice on http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`);
  // scripts/start.mjs and the tests wait for this line.
  console.log(`✓ Ready in ${Date.now() - started}ms`);
});
