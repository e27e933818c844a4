import { route } from '@/lib/server/host/api-route';
import { replyStreams } from '@/lib/server/chat/reply-streams';
import { noSuchStream } from '@/lib/server/chat/respond';
import { readOffset } from '@/lib/server/streams/live/offset';
import { ownedStreamId } from '@/lib/server/chat/owned-stream';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** When the server received each chunk of a reply's stream from byte `from` on: a late joiner's clock; see docs/contract.md. */
export const GET = route(async (request: Request, { params }: Context, user) => {
  const { id } = await params;
  const from = readOffset(request);
  const times = (await ownedStreamId(user, id)) === id ? await replyStreams().times(id, from) : undefined;
  if (!times) throw noSuchStream(id);
  return Response.json(times);
});
