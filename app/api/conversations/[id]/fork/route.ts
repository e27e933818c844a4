import { route } from '@/lib/server/host/api-route';
import { storeFor } from '@/lib/server/views/conversations';
import { conversationNotFound } from '@/lib/server/http/not-found';
import { uuidv7 } from '@/lib/server/platform/ids';
import { ApiError } from '@/lib/server/http/errors';
import { hiddenPane } from '@/lib/server/views/blind/seating';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** A copy of the conversation as a new chat ("Continue with this one" on a compare pane). */
export const POST = route(async (_request: Request, { params }: Context, user) => {
  const { id } = await params;
  const db = await storeFor(user, id);
  // A copy of a blind pane before the vote would be a chat that names its model.
  if (await hiddenPane(db, id)) throw new ApiError(409, 'conflict', 'A blind pane is copied once its race is voted on.');
  const fork = await db.forkConversation(id, uuidv7(), uuidv7);
  if (!fork) throw conversationNotFound(id);
  return Response.json(fork, { status: 201 });
});
