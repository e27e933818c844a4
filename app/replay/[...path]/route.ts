import { serveReplay } from '@/lib/server/replay/serve-replay';
import { serveThroughRoute } from '@/lib/server/proxy/web-io';

/** Replays through Next.js: the fallback of the lean path (lib/server/proxy/lean-path.ts), as for the proxy. */
export const dynamic = 'force-dynamic';

const handle = (request: Request) => serveThroughRoute(request, serveReplay);
export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
export const HEAD = handle;
export const OPTIONS = handle;
