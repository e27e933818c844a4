import { LeaderboardView } from '@/components/leaderboard/leaderboard-view';
import { loadLeaderboard } from '@/lib/server/records/votes';
import { pageUser } from '@/lib/server/auth/page-user';

export const dynamic = 'force-dynamic';

export const metadata = { title: 'Leaderboard · Sluice' };

type Params = Promise<Record<string, string | string[] | undefined>>;
const one = (value: string | string[] | undefined) =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, 500) : undefined;

/** /leaderboard?from=&to=&q=: the blind votes rated, as `GET /api/leaderboard` rates them. */
export default async function LeaderboardPage({ searchParams }: { searchParams: Params }) {
  const params = await searchParams;
  const query = { from: one(params.from), to: one(params.to), q: one(params.q) };
  const { board, error } = await loadLeaderboard(await pageUser(), query);
  return <LeaderboardView board={board} query={query} error={error} />;
}
