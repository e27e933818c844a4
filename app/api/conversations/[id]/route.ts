import { route } from '@/lib/server/api-route';
import { ApiError } from '@/lib/server/http-errors';
import { isUuid } from '@/lib/server/ids';
import { store } from '@/lib/server/store';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

const notFound = (id: string) => new ApiError(404, 'not_found', `Unknown conversation "${id}".`);

export const GET = route(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  const conversation = isUuid(id) ? await (await store()).getConversation(id) : undefined;
  if (!conversation) throw notFound(id);
  return Response.json(conversation);
});

export const DELETE = route(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  if (!isUuid(id) || !(await (await store()).deleteConversation(id))) throw notFound(id);
  return new Response(null, { status: 204 });
});
