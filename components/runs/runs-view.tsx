'use client';

import { useEffect, useState } from 'react';
import type { RunPage } from '@/lib/api/runs';
import { exposeStats } from '@/lib/client/render-stats';
import { useRunList } from '@/lib/client/runs/use-runs';
import { useDebounced } from '@/lib/client/use-debounced';
import { Button } from '@/components/ui/button';
import { PageHeader, PageTitle } from '../page-header';
import { SearchBox } from '../search-box';
import { CONTENT_ID } from '../skip-link';
import { RunTable } from './run-table';
import { RunsHowTo } from './runs-how-to';
import { MUTED } from './styles';

/** The search in the address, so a reload or a link keeps it (the page reads it as it opens). */
function searchToUrl(q: string): void {
  window.history.replaceState(null, '', q ? `/runs?${new URLSearchParams({ q })}` : '/runs');
}

/**
 * /runs: an agent's tasks, each its proxied requests grouped, newest first, searched by
 * name; read again as their captures change. A run opens at /runs/{id}.
 */
export function RunsView({ initial }: { initial: { q: string; page: RunPage } }) {
  const [search, setSearch] = useState(initial.q);
  // The page's counters for tests, as every page has them: their presence says it has hydrated.
  useEffect(exposeStats, []);
  const q = useDebounced(search.trim(), 250);
  const list = useRunList(q, initial);
  const runs = list.data?.pages.flatMap((p) => p.items) ?? [];
  const none = list.isSuccess && runs.length === 0;

  return (
    <div className="flex min-h-screen min-w-0 flex-col px-4 pb-6">
      <PageHeader>
        <PageTitle>Runs</PageTitle>
      </PageHeader>
      <main id={CONTENT_ID} tabIndex={-1} className="flex min-w-0 flex-col gap-4 py-4 outline-none">
        <RunsHowTo open={none && !q} />
        <SearchBox
          label="Search runs"
          placeholder="Words in a run’s name"
          value={search}
          onChange={(value) => {
            setSearch(value);
            searchToUrl(value.trim());
          }}
          className="w-full max-w-sm"
        />
        {list.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            Cannot load runs: {list.error.message}
          </p>
        ) : null}
        {runs.length > 0 ? <RunTable runs={runs} /> : null}
        {list.isPending ? <p className={MUTED}>Loading runs…</p> : null}
        {none ? (
          <p className={MUTED}>
            {q ? `No run’s name has “${q}”.` : 'No runs yet: an agent’s requests through the proxy show here as runs.'}
          </p>
        ) : null}
        {list.hasNextPage ? (
          <Button
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
            className="self-start rounded-md border border-zinc-300 px-3 py-1 text-sm disabled:opacity-40 dark:border-zinc-700"
          >
            {list.isFetchingNextPage ? 'Loading…' : 'Load more runs'}
          </Button>
        ) : null}
      </main>
    </div>
  );
}
