import { route } from '@/lib/server/host/api-route';
import { loadCompare } from '@/lib/server/views/conversations';
import { compareNotFound } from '@/lib/server/http/not-found';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** A compare session with each pane's conversation. */
export const GET = route(async (_request: Request, { params }: Context, user) => {
  const { id } = await params;
  const session = await loadCompare(user, id);
  if (!session) throw compareNotFound(id);
  return Response.json(session);
});
