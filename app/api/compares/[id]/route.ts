import { route } from '@/lib/server/api-route';
import { ApiError } from '@/lib/server/http-errors';
import { storeFor } from '@/lib/server/conversations/requests';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** A compare session with each pane's conversation. */
export const GET = route(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  const session = await (await storeFor(id)).getCompare(id);
  if (!session) throw new ApiError(404, 'not_found', `Unknown compare session "${id}".`);
  return Response.json(session);
});
