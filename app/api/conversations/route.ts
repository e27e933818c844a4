import { route } from '@/lib/server/host/api-route';
import { readListQuery } from '@/lib/server/records/conversations/read-requests';
import { loadConversationList } from '@/lib/server/views/conversations';

export const dynamic = 'force-dynamic';

export const GET = route(async (request: Request, _context: unknown, user) => {
  const { q, cursor, limit } = readListQuery(request.url);
  return Response.json(await loadConversationList(user, { query: q, cursor, limit }));
});
