import Form from 'next/form';
import Link from 'next/link';
import type { LeaderboardQuery } from '@/lib/client/leaderboard';

const field = 'min-w-0 rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900';

/**
 * The votes rated: days (from and to, both included) and words in the prompt. A plain
 * GET form to /leaderboard, so the filter is the page's address, kept by a reload or a link.
 */
export function LeaderboardFilters({ query }: { query: LeaderboardQuery }) {
  const filtered = Boolean(query.from || query.to || query.q);
  return (
    <Form
      action="/leaderboard"
      role="search"
      aria-label="Filter votes"
      className="grid grid-cols-2 gap-2 text-sm sm:flex sm:flex-wrap sm:items-end"
    >
      <label className="flex min-w-0 flex-col gap-0.5">
        <span className="text-xs text-zinc-600 dark:text-zinc-400">From</span>
        <input type="date" name="from" defaultValue={query.from ?? ''} className={field} />
      </label>
      <label className="flex min-w-0 flex-col gap-0.5">
        <span className="text-xs text-zinc-600 dark:text-zinc-400">To</span>
        <input type="date" name="to" defaultValue={query.to ?? ''} className={field} />
      </label>
      <label className="col-span-2 flex min-w-0 flex-col gap-0.5 sm:flex-1">
        <span className="text-xs text-zinc-600 dark:text-zinc-400">Prompt contains</span>
        <input type="search" name="q" defaultValue={query.q ?? ''} placeholder="Words in the prompt" className={field} />
      </label>
      <div className="col-span-2 flex items-center gap-3">
        <button type="submit" className="rounded-md bg-sky-700 px-3 py-1 text-sm font-medium text-white hover:bg-sky-800">
          Apply filters
        </button>
        {filtered ? (
          <Link href="/leaderboard" className="text-sm text-sky-700 underline-offset-2 hover:underline dark:text-sky-400">
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
