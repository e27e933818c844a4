import 'server-only';
import type { IncomingHttpHeaders } from 'node:http';
import { sendError } from './io-answers';
import type { ProxyIo } from './proxy-io';

/** Why a WebSocket upgrade is refused where it is (a 501: what serves there serves HTTP exchanges only). */
export const UPGRADE_NOT_HERE = {
  mount: 'WebSocket upgrades are proxied under /proxy/{providerId}/… only; /replay/ and /cassette/ serve HTTP.',
  cassette:
    'A cassette holds HTTP exchanges only: under a cassette a WebSocket upgrade is refused, and the app’s HTTP requests are recorded or played.',
  route:
    'This request reached the proxy through Next.js’s route, which cannot take a WebSocket upgrade (`next dev`, or a request ' +
    'before the server finished starting): the proxy takes them on Sluice’s own server (`npm start`). Use HTTP, or ask again.',
};

/** Whether a request asks to be upgraded to a WebSocket. */
export const asksForWebSocket = (headers: IncomingHttpHeaders) =>
  /(?:^|[\s,])websocket(?:$|[\s,])/i.test(String(headers.upgrade ?? ''));

/**
 * The fallback route's proxy (app/proxy/[...path]/route.ts): a route handler has no
 * socket to upgrade, so a WebSocket upgrade that reaches it is answered at once with a
 * 501 saying so, rather than forwarded as a plain GET.
 */
export function refusingUpgrades(serve: (io: ProxyIo) => Promise<void>): (io: ProxyIo) => Promise<void> {
  return (io) => {
    if (!asksForWebSocket(io.headers)) return serve(io);
    sendError(io, 501, 'invalid_request', UPGRADE_NOT_HERE.route);
    return Promise.resolve();
  };
}
