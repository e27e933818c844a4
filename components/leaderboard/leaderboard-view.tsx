import Link from 'next/link';
import { INTERVAL_MIN_VOTES, type Leaderboard } from '@/lib/api/votes';
import { leaderboardSearch, type LeaderboardQuery } from '@/lib/client/leaderboard';
import { PageStats } from '../page-stats';
import { CONTENT_ID } from '../skip-link';
import { PageHeader, PageTitle } from '../page-header';
import { LeaderboardFilters } from './leaderboard-filters';
import { LeaderboardTable } from './leaderboard-table';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
// Underlined: it sits in a sentence, and colour alone would not tell it from the words around it.
const link = 'text-sky-700 underline underline-offset-2 dark:text-sky-400';
const exportStyle =
  'rounded-md border border-zinc-300 px-3 py-1 text-sm hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800';

/** No rated votes (none yet, or none in the filter): how to get some. */
function Empty({ filtered }: { filtered: boolean }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-zinc-200 px-4 py-3 text-sm dark:border-zinc-800">
      <h2 className="font-medium">{filtered ? 'No blind votes match these filters' : 'No blind votes yet'}</h2>
      <p className="text-zinc-700 dark:text-zinc-300">
        <Link href="/race" className={link}>
          Start a race
        </Link>
        : pick two or more models, turn on Blind and send a prompt. The panes race as A, B, … with their names hidden; vote for
        the better reply (or a tie, or both bad), and the vote is rated here.
      </p>
    </div>
  );
}

/**
 * /leaderboard: the models rated by the blind votes in the filter (its days and prompt
 * words in the address), with an export of the same as CSV.
 */
export function LeaderboardView({ board, query, error }: { board: Leaderboard; query: LeaderboardQuery; error?: string }) {
  const filtered = Boolean(query.from || query.to || query.q);
  return (
    <div className="flex min-h-screen min-w-0 flex-col px-4 pb-6">
      <PageStats />
      <PageHeader
        end={
          // A filter the server refuses has no board to export: the download would be its error, as JSON.
          error ? (
            <button type="button" disabled title={error} className={`${exportStyle} opacity-40`}>
              Export CSV
            </button>
          ) : (
            <a href={`/api/leaderboard${leaderboardSearch(query, { format: 'csv' })}`} download className={exportStyle}>
              Export CSV
            </a>
          )
        }
      >
        <PageTitle>Leaderboard</PageTitle>
      </PageHeader>
      <main id={CONTENT_ID} tabIndex={-1} className="flex min-w-0 flex-col gap-4 py-4 outline-none">
        {/* What a score means in a line; how it is made folded: open, the text took a phone's first screen, the table below it. */}
        <div className="flex max-w-prose flex-col gap-1 text-sm text-zinc-700 dark:text-zinc-300">
          <p>Models ranked by blind votes in races: 1000 is the average model.</p>
          <details>
            <summary className="w-fit cursor-pointer text-sky-700 select-none dark:text-sky-400">How ranks are computed</summary>
            <p className="mt-1">
              Each model’s Bradley–Terry score: 400 points more means ten times the odds of being preferred; models of one score
              share a rank. The interval is 95 %, from 200 resamples of the votes, shown once a model has {INTERVAL_MIN_VOTES}{' '}
              votes (fewer cannot make one). A vote for the best of several panes counts as a win over each of the others, a tie
              or “both bad” as a tie between every two.
            </p>
          </details>
        </div>
        <LeaderboardFilters query={query} />
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : (
          <>
            <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
              {plural(board.votes, 'blind vote')} rated
              {board.nonBlind ? `; ${plural(board.nonBlind, 'vote')} not rated, cast after a model’s name showed` : ''}.
            </p>
            {board.rows.length ? <LeaderboardTable rows={board.rows} /> : <Empty filtered={filtered} />}
          </>
        )}
      </main>
    </div>
  );
}
