import { route } from '@/lib/server/host/api-route';
import { captureStore } from '@/lib/server/store/captures';
import { readCaptureQuery } from '@/lib/server/proxy/captures/read-requests';

export const dynamic = 'force-dynamic';

/** The recording proxy's captures, newest first, filtered, a page at a time. */
export const GET = route(async (request: Request, _context: unknown, user) =>
  Response.json(await (await captureStore()).list(user.id, readCaptureQuery(request.url))),
);
