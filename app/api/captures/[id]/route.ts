import { route } from '@/lib/server/api-route';
import { captureStore } from '@/lib/server/captures';
import { captureDeleted } from '@/lib/server/captures/capture-feed';
import { captureNotFound, loadCapture } from '@/lib/server/captures/read-requests';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** One capture whole: request, response head, events or body, the assembled reply. */
export const GET = route(async (_request: Request, { params }: Context) => Response.json(await loadCapture((await params).id)));

export const DELETE = route(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  if (!(await (await captureStore()).delete(id))) throw captureNotFound(id);
  captureDeleted(id);
  return new Response(null, { status: 204 });
});
