import { route } from '@/lib/server/api-route';
import { liveStreams } from '@/lib/server/live';
import { noSuchStream } from '@/lib/server/live/respond';
import { readOffset } from '@/lib/server/live/offset';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** When the server received each chunk of a reply's stream from byte `from` on: a late joiner's clock; see docs/contract.md. */
export const GET = route(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const times = await liveStreams().times(id, readOffset(request));
  if (!times) throw noSuchStream(id);
  return Response.json(times);
});
