import { serveProxy } from '@/lib/server/proxy/forward';
import { routeMethods } from '@/lib/server/proxy/web-io';

/**
 * The recording proxy through Next.js: only for a request that reaches the server
 * before instrumentation.ts installed the lean path (lib/server/proxy/lean-path.ts),
 * and under `next dev`. The same proxy, its exchange carried by Web streams.
 */
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeMethods(serveProxy);
