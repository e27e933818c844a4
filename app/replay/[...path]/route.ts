import { serveReplay } from '@/lib/server/proxy/replay/serve-replay';
import { routeMethods } from '@/lib/server/proxy/web-io';

/** Replays through Next.js: the fallback of the lean path (lib/server/proxy/lean-path.ts), as for the proxy. */
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeMethods(serveReplay);
