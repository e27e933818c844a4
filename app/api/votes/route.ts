import { route } from '@/lib/server/host/api-route';
import { voteStore } from '@/lib/server/records/votes';
import { readVote } from '@/lib/server/records/votes/read-requests';

export const dynamic = 'force-dynamic';

/** Stores one vote of a race (issue 38's blind mode): the verdict, the prompt, each pane's reply and figures. */
export const POST = route(async (request: Request, _context: unknown, user) => {
  const vote = await readVote(request, user);
  return Response.json(await (await voteStore()).recordVote(vote, user.id), { status: 201 });
});
