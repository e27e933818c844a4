import { route } from '@/lib/server/host/api-route';
import { ApiError } from '@/lib/server/http/errors';
import { loadMessage } from '@/lib/server/views/conversations';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string; messageId: string }> };

/** One message as stored: a reply with its figures on the server's clock, its usage, pricing and cost. */
export const GET = route(async (_request: Request, { params }: Context, user) => {
  const { id, messageId } = await params;
  const message = await loadMessage(user, id, messageId);
  if (!message) throw new ApiError(404, 'not_found', `No message "${messageId}" in conversation "${id}".`);
  return Response.json(message);
});
