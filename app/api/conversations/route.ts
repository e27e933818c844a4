import { route } from '@/lib/server/api-route';
import { readListQuery } from '@/lib/server/conversations/read-requests';
import { store } from '@/lib/server/store';

export const dynamic = 'force-dynamic';

export const GET = route(async (request: Request) => {
  const { q, cursor, limit } = readListQuery(request.url);
  return Response.json(await (await store()).listConversations({ query: q, cursor, limit }));
});
