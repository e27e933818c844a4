import { route } from '@/lib/server/host/api-route';
import { ApiError } from '@/lib/server/http/errors';
import { loadUpstreamBody } from '@/lib/server/views/conversations';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** The whole upstream request body of a reply whose upstream marker carried only its start; see docs/contract.md. */
export const GET = route(async (_request: Request, { params }: Context, user) => {
  const { id } = await params;
  const body = await loadUpstreamBody(user, id);
  if (body === undefined)
    throw new ApiError(
      404,
      'not_found',
      `No stored upstream body for reply ${id}: only a body its upstream marker cut (over 8 KiB) is stored, with the reply's turn.`,
    );
  return new Response(body, { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
});
