import { route } from '@/lib/server/host/api-route';
import { castBlindVote } from '@/lib/server/records/votes/cast-vote';
import { readBlindVote } from '@/lib/server/records/conversations/read-requests';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** Votes on a blind race, which reveals its panes' names; see docs/contract.md, "Blind races". */
export const POST = route(async (request: Request, { params }: Context, user) => {
  const { id } = await params;
  const { verdict } = await readBlindVote(request);
  return Response.json(await castBlindVote(user, id, verdict), { status: 201 });
});
