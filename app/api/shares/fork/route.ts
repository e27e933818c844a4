import { route } from '@/lib/server/host/api-route';
import { forkShare } from '@/lib/server/records/shares';
import { readForkShare } from '@/lib/server/records/shares/read-requests';

export const dynamic = 'force-dynamic';

/** A share copied into the caller's own conversations (signed in: route() answers 401 otherwise). */
export const POST = route(async (request: Request, _context, user) => {
  const { token } = await readForkShare(request);
  return Response.json(await forkShare(user, token, request.headers), { status: 201 });
});
