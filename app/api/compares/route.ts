import { route } from '@/lib/server/api-route';
import { readNewCompare } from '@/lib/server/conversations/read-requests';
import { uuidv7 } from '@/lib/server/ids';
import { store } from '@/lib/server/store';

export const dynamic = 'force-dynamic';

/** Starts a compare session; its panes join it through POST /api/chat's `compare`. */
export const POST = route(async (request: Request) => {
  const { title } = await readNewCompare(request);
  return Response.json(await (await store()).createCompare({ id: uuidv7(), title }), { status: 201 });
});
