import { route } from '@/lib/server/host/api-route';
import { ApiError } from '@/lib/server/http/errors';
import { loadReplyEvents } from '@/lib/server/views/conversations';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string; messageId: string }> };

/** A reply's raw SSE items, as stored for the event log. */
export const GET = route(async (_request: Request, { params }: Context, user) => {
  const { id, messageId } = await params;
  const events = await loadReplyEvents(user, id, messageId);
  if (!events) throw new ApiError(404, 'not_found', `No stored events for message "${messageId}" of conversation "${id}".`);
  return Response.json(events);
});
