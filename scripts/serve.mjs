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
