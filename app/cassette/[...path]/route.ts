import { serveCassettePath } from '@/lib/server/proxy/cassettes/serve-cassette-path';
import { routeMethods } from '@/lib/server/proxy/web-io';

/** The proxy with a cassette in its path, through Next.js: the fallback of the lean path (lib/server/proxy/lean-path.ts). */
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeMethods(serveCassettePath);
