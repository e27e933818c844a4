import { route } from '@/lib/server/host/api-route';
import { loadConversation, storeFor } from '@/lib/server/views/conversations';
import { conversationNotFound } from '@/lib/server/http/not-found';
import { readRename } from '@/lib/server/records/conversations/read-requests';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

export const GET = route(async (_request: Request, { params }: Context, user) => {
  const { id } = await params;
  const conversation = await loadConversation(user, id);
  if (!conversation) throw conversationNotFound(id);
  return Response.json(conversation);
});

export const PATCH = route(async (request: Request, { params }: Context, user) => {
  const { id } = await params;
  const db = await storeFor(user, id);
  const { title } = await readRename(request);
  const renamed = await db.renameConversation(id, title);
  if (!renamed) throw conversationNotFound(id);
  return Response.json(renamed);
});

export const DELETE = route(async (_request: Request, { params }: Context, user) => {
  const { id } = await params;
  if (!(await (await storeFor(user, id)).deleteConversation(id))) throw conversationNotFound(id);
  return new Response(null, { status: 204 });
});
