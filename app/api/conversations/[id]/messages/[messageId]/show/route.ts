import { route } from '@/lib/server/host/api-route';
import { showVersion } from '@/lib/server/records/conversations/show-version';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string; messageId: string }> };

/** Shows this version of its turn; answers the conversation as it then shows. */
export const POST = route(async (_request: Request, { params }: Context, user) => {
  const { id, messageId } = await params;
  return Response.json(await showVersion(user, id, messageId));
});
