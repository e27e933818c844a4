import { route } from '@/lib/server/host/api-route';
import { ApiError } from '@/lib/server/http/errors';
import { diffOfRuns } from '@/lib/server/views/runs';

export const dynamic = 'force-dynamic';

/** Two runs side by side: their steps aligned, the first divergence, the figures B − A. */
export const GET = route(async (request: Request, _context: unknown, user) => {
  const params = new URL(request.url).searchParams;
  const [a, b] = [params.get('a'), params.get('b')];
  if (!a || !b) throw new ApiError(400, 'invalid_request', 'Name the two runs to diff: ?a={id}&b={id}.');
  return Response.json(await diffOfRuns(a, b, user.id));
});
