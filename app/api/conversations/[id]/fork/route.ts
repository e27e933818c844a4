import { route } from '@/lib/server/api-route';
import { storeFor } from '@/lib/server/conversations/load';
import { conversationNotFound } from '@/lib/server/conversations/not-found';
import { uuidv7 } from '@/lib/server/ids';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** A copy of the conversation as a new chat ("Continue with this one" on a compare pane). */
export const POST = route(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  const fork = await (await storeFor(id)).forkConversation(id, uuidv7(), uuidv7);
  if (!fork) throw conversationNotFound(id);
  return Response.json(fork, { status: 201 });
});
