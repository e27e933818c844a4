import { serveProxy } from '@/lib/server/proxy/forward';
import { routeMethods } from '@/lib/server/proxy/web-io';
import { refusingUpgrades } from '@/lib/server/proxy/websocket-route';

/**
 * The recording proxy through Next.js: only for a request that reaches the server
 * before instrumentation.ts handed it the lean path (lib/server/proxy/lean-path.ts,
 * scripts/serve.mjs), and under `next dev` or plain `next start`. The same proxy, its
 * exchange carried by Web streams; a route has no socket to upgrade, so a WebSocket
 * upgrade is answered with a 501 saying so.
 */
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeMethods(refusingUpgrades(serveProxy));
