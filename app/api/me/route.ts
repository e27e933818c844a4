import { route } from '@/lib/server/host/api-route';

export const dynamic = 'force-dynamic';

/** Who the caller is, as the pages show them (an admin sees the usage page's link). */
export const GET = route(async (_request: Request, _context, user) => Response.json(user));
