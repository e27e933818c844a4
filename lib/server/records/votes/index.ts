import 'server-only';
import type { Leaderboard, VoteFilter } from '@/lib/api/votes';
import { ApiError } from '@/lib/server/http/errors';
import { store } from '@/lib/server/store';
import { leaderboardOf } from './leaderboard';
import { readVoteFilter } from './read-requests';
import type { VoteStore } from '@/lib/server/store/vote-store';
import type { User } from '@/lib/api/users';

/** The server's votes, in its one store (shared through globalThis, like the store). */
export async function voteStore(): Promise<VoteStore> {
  return (await store()).votes;
}

/**
 * The leaderboard of the votes in a filter as the page's address gives it (days and
 * prompt words); a filter that is not one is said, with no board.
 */
export async function loadLeaderboard(
  user: User,
  query: { from?: string; to?: string; q?: string },
): Promise<{
  board: Leaderboard;
  error?: string;
}> {
  const search = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1])));
  let filter: VoteFilter;
  try {
    filter = readVoteFilter(`http://sluice/leaderboard?${search}`);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { board: { rows: [], votes: 0, nonBlind: 0 }, error: error.message };
  }
  return { board: leaderboardOf(await (await voteStore()).listOutcomes(user.id, filter)) };
}
