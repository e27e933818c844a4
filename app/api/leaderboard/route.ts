import { route } from '@/lib/server/host/api-route';
import { voteStore } from '@/lib/server/records/votes';
import { leaderboardCsv, leaderboardFileName, leaderboardOf } from '@/lib/server/records/votes/leaderboard';
import { readLeaderboardQuery } from '@/lib/server/records/votes/read-requests';

export const dynamic = 'force-dynamic';

/** The blind votes rated, a row per provider-model pair (`?from=&to=&q=`); `format=csv` downloads it. */
export const GET = route(async (request: Request, _context: unknown, user) => {
  const query = readLeaderboardQuery(request.url);
  const board = leaderboardOf(await (await voteStore()).listOutcomes(user.id, query.filter));
  if (query.format === 'json') return Response.json(board);
  return new Response(leaderboardCsv(board), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${leaderboardFileName(query)}"`,
    },
  });
});
