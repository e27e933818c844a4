import { route } from '@/lib/server/host/api-route';
import { captureStore } from '@/lib/server/store/captures';
import { captureDeleted } from '@/lib/server/proxy/captures/capture-feed';
import { captureNotFound, loadCapture } from '@/lib/server/proxy/captures/read-requests';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** One capture whole: request, response head, events or body, the assembled reply. */
export const GET = route(async (_request: Request, { params }: Context, user) =>
  Response.json(await loadCapture(user, (await params).id)),
);

export const DELETE = route(async (_request: Request, { params }: Context, user) => {
  const { id } = await params;
  if (!(await (await captureStore()).delete(id, user.id))) throw captureNotFound(id);
  captureDeleted(id, user.id);
  return new Response(null, { status: 204 });
});
