import { route } from '@/lib/server/host/api-route';
import { runNotFound } from '@/lib/server/views/run-requests';
import { runDetail } from '@/lib/server/views/runs';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** One run whole: its steps, their context and cache figures, the cache's breaks. */
export const GET = route(async (_request: Request, { params }: Context, user) => {
  const { id } = await params;
  const run = await runDetail(id, user.id);
  if (!run) throw runNotFound(id);
  return Response.json(run);
});
