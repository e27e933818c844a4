import { route } from '@/lib/server/host/api-route';
import { noSuchStream, streamAnswer } from '@/lib/server/chat/respond';
import { readOffset } from '@/lib/server/streams/live/offset';
import { streamJoined } from '@/lib/server/platform/telemetry';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** Joins a reply's stream from byte `from` on: the bytes the first client got, then live to the end; see docs/contract.md. */
export const GET = route(async (request: Request, { params }: Context, user) => {
  const { id } = await params;
  const from = readOffset(request);
  const answer = await streamAnswer(user, id, from);
  if (!answer) throw noSuchStream(id);
  streamJoined();
  return answer;
});
