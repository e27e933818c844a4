import { serveProxy } from '@/lib/server/proxy/forward';
import { serveThroughRoute } from '@/lib/server/proxy/web-io';

/**
 * The recording proxy through Next.js: only for a request that reaches the server
 * before instrumentation.ts installed the lean path (lib/server/proxy/lean-path.ts),
 * and under `next dev`. The same proxy, its exchange carried by Web streams.
 */
export const dynamic = 'force-dynamic';

const handle = (request: Request) => serveThroughRoute(request, serveProxy);
export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
export const HEAD = handle;
export const OPTIONS = handle;
