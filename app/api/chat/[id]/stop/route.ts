import { route } from '@/lib/server/host/api-route';
import { replyStreams } from '@/lib/server/chat/reply-streams';
import { noSuchStream } from '@/lib/server/chat/respond';
import { ownedStreamId } from '@/lib/server/chat/owned-stream';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** Stops a reply wherever it runs: every reader's stream ends with the end marker, and it is stored `stopped`; see docs/contract.md. */
export const POST = route(async (_request: Request, { params }: Context, user) => {
  const { id } = await params;
  const owned = await ownedStreamId(user, id);
  const state = owned ? await replyStreams().stop(owned) : 'unknown';
  if (state === 'unknown') throw noSuchStream(id);
  return Response.json({ stopped: state === 'stopping' });
});
